import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAppRole } from '../src/db/app-role';
import { bootstrapDatabase } from '../src/db/bootstrap';
import { migrate, readMigrations } from '../src/db/migrate';
import { createBlankDatabase } from './support/database';

describe('migrations', () => {
  let blank: Awaited<ReturnType<typeof createBlankDatabase>>;
  let client: pg.Client;

  beforeAll(async () => {
    blank = await createBlankDatabase();
    client = new pg.Client({ connectionString: blank.ownerUrl });
    await client.connect();
  });

  afterAll(async () => {
    await client.end();
    await blank.drop();
  });

  it('applies every migration once, in order, and nothing on a second run', async () => {
    await ensureAppRole(client, blank.ownerUrl);
    const files = await readMigrations();
    const first = await migrate(client);
    expect(first.applied).toHaveLength(files.length);
    expect(first.applied[0]).toBe('0001_initial');

    const second = await migrate(client);
    expect(second.applied).toEqual([]);
    expect(second.alreadyApplied).toBe(files.length);

    const { rows } = await client.query('select version from schema_migrations order by version');
    expect(rows.map((row) => row.version)).toEqual(files.map((file) => file.version));
  });

  it('enables row-level security on every tenant table', async () => {
    const { rows } = await client.query<{ relname: string; relrowsecurity: boolean }>(
      `select relname, relrowsecurity from pg_class
        where relname in ('customers', 'interactions', 'tenant_features') order by relname`,
    );
    expect(rows).toEqual([
      { relname: 'customers', relrowsecurity: true },
      { relname: 'interactions', relrowsecurity: true },
      { relname: 'tenant_features', relrowsecurity: true },
    ]);
  });

  it('gives the app role data access but no way around row-level security', async () => {
    const { rows } = await client.query<{ rolsuper: boolean; rolbypassrls: boolean }>(
      `select rolsuper, rolbypassrls from pg_roles where rolname = 'tsumiki_app'`,
    );
    expect(rows).toEqual([{ rolsuper: false, rolbypassrls: false }]);
  });

  it('lets concurrent bootstraps race: each migration is applied exactly once', async () => {
    const other = await createBlankDatabase();
    const labels = (await readMigrations()).map(
      (migration) => `${String(migration.version).padStart(4, '0')}_${migration.name}`,
    );
    try {
      const results = await Promise.all(
        [1, 2, 3].map(() => bootstrapDatabase({ ownerUrl: other.ownerUrl, demo: true })),
      );
      expect(results.flatMap((result) => result.migrations.applied)).toEqual(labels);
      expect(results.filter((result) => result.seeded)).toHaveLength(1);
    } finally {
      await other.drop();
    }
  });
});
