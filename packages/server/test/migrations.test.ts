import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../src/paths';
import { ALL_PERMISSIONS, ROLE_PERMISSIONS } from '../src/platform/access/permissions';
import { ensureAppRole } from '../src/platform/db/app-role';
import { bootstrapDatabase } from '../src/platform/db/bootstrap';
import { migrate, readMigrations } from '../src/platform/db/migrate';
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

  it('enables and forces row-level security, with the tenant policy, on every table with tenant_id', async () => {
    // Read before a tenant is chosen, to decide access itself: memberships and feature switches.
    const accessDeciding = ['tenant_features', 'tenant_users'];
    const { rows } = await client.query<{
      relname: string;
      relrowsecurity: boolean;
      relforcerowsecurity: boolean;
      policies: string[];
    }>(
      `select c.relname, c.relrowsecurity, c.relforcerowsecurity,
              array(select polname::text from pg_policy p where p.polrelid = c.oid order by 1) as policies
         from pg_class c
         join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
        where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace
        order by c.relname`,
    );
    const tenantTables = rows.filter((row) => !accessDeciding.includes(row.relname));
    expect(tenantTables.map((row) => row.relname)).toEqual(
      expect.arrayContaining(['customer_search_terms', 'customers', 'interactions', 'tenant_row_counts']),
    );
    for (const table of tenantTables) {
      expect(table, table.relname).toMatchObject({
        relrowsecurity: true,
        relforcerowsecurity: true,
        policies: ['tenant_isolation'],
      });
    }
    expect(rows.filter((row) => accessDeciding.includes(row.relname)).map((row) => row.relname)).toEqual(
      accessDeciding,
    );
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

  it('0002 brings memberships of 0001 to the new catalogue and role defaults, keeping what was granted', async () => {
    const other = await createBlankDatabase();
    const onlyFirst = await mkdtemp(join(tmpdir(), 'tsumiki-migrations-'));
    const old = new pg.Client({ connectionString: other.ownerUrl });
    await old.connect();
    try {
      await ensureAppRole(old, other.ownerUrl);
      await copyFile(join(migrationsDir, '0001_initial.sql'), join(onlyFirst, '0001_initial.sql'));
      await migrate(old, onlyFirst);
      // The catalogue and defaults of 0001: admins held everything including sessions.manage,
      // staff the customer work only.
      const oldAll = [
        'customers.read',
        'customers.write',
        'customers.delete',
        'interactions.read',
        'interactions.write',
        'interactions.delete',
        'products.read',
        'products.write',
        'products.delete',
        'documents.read',
        'documents.write',
        'documents.delete',
        'staff.read',
        'staff.write',
        'invitations.read',
        'invitations.write',
        'tenant_users.read',
        'tenant_users.write',
        'notifications.read',
        'notifications.write',
        'ai.use',
        'sessions.manage',
      ];
      const oldStaff = ['customers.read', 'customers.write', 'interactions.read', 'interactions.write'];
      await old.query(
        `insert into tenants (id, name, plan) values ('6f1c2a4e-3b5d-4e8f-9a1b-2c3d4e5f6a09', '旧テナント', 'basic')`,
      );
      const members = [
        ['admin', oldAll],
        ['staff', oldStaff],
        ['user', ['customers.read', 'staff.read']],
      ] as const;
      for (const [index, [role, permissions]] of members.entries()) {
        const { rows } = await old.query<{ id: string }>(
          'insert into users (email) values ($1) returning id',
          [`${role}${index}@old.example`],
        );
        await old.query(
          `insert into tenant_users (tenant_id, user_id, role, permissions)
           values ('6f1c2a4e-3b5d-4e8f-9a1b-2c3d4e5f6a09', $1, $2, $3)`,
          [rows[0]?.id, role, permissions],
        );
      }

      // Every later migration, in order (their own tests check what each of them does).
      expect((await migrate(old)).applied).toEqual(
        (await readMigrations())
          .slice(1)
          .map((migration) => `${String(migration.version).padStart(4, '0')}_${migration.name}`),
      );

      const { rows } = await old.query<{ role: 'admin' | 'staff' | 'user'; permissions: string[] }>(
        'select role, permissions from tenant_users order by created_at',
      );
      const byRole = new Map(rows.map((row) => [row.role, row.permissions]));
      expect([...(byRole.get('admin') ?? [])].sort()).toEqual([...ALL_PERMISSIONS].sort());
      expect([...(byRole.get('staff') ?? [])].sort()).toEqual([...ROLE_PERMISSIONS.staff].sort());
      // An extra grant (staff.read for a user) stays.
      expect([...(byRole.get('user') ?? [])].sort()).toEqual([...ROLE_PERMISSIONS.user, 'staff.read'].sort());
    } finally {
      await old.end();
      await rm(onlyFirst, { recursive: true, force: true });
      await other.drop();
    }
  });

  it('0016 keeps the search terms of customers that existed before it, in created order', async () => {
    const other = await createBlankDatabase();
    const upTo15 = await mkdtemp(join(tmpdir(), 'tsumiki-migrations-'));
    const old = new pg.Client({ connectionString: other.ownerUrl });
    await old.connect();
    try {
      await ensureAppRole(old, other.ownerUrl);
      for (const migration of await readMigrations()) {
        if (migration.version > 15) continue;
        const file = `${String(migration.version).padStart(4, '0')}_${migration.name}.sql`;
        await copyFile(join(migrationsDir, file), join(upTo15, file));
      }
      await migrate(old, upTo15);
      const tenant = '6f1c2a4e-3b5d-4e8f-9a1b-2c3d4e5f6a16';
      await old.query(`insert into tenants (id, name, plan) values ($1, '移行確認クリニック', 'basic')`, [
        tenant,
      ]);
      // The owner is under row-level security since 0003: write as the tenant.
      await old.query('begin');
      await old.query(`select set_config('app.tenant_id', $1, true)`, [tenant]);
      await old.query(
        `insert into customers (tenant_id, last_name, first_name, last_name_kana, first_name_kana, created_at)
         values ($1, '佐藤', '花子', 'サトウ', 'ハナコ', now() - interval '2 days'),
                ($1, '佐藤', '太郎', 'サトウ', 'タロウ', now() - interval '1 day')`,
        [tenant],
      );
      await old.query('commit');

      await migrate(old);

      await old.query('begin');
      await old.query(`select set_config('app.tenant_id', $1, true)`, [tenant]);
      const { rows } = await old.query<{ first_name: string; same: boolean }>(
        `select c.first_name, t.created_at = c.created_at as same
         from customer_search_terms t join customers c on c.id = t.customer_id
         where t.tenant_id = $1 and t.scope = 'a' and t.term = '佐藤'
         order by t.created_at desc, t.customer_id desc`,
        [tenant],
      );
      const { rows: missing } = await old.query(
        'select count(*)::int as n from customer_search_terms where created_at is null',
      );
      await old.query('commit');
      expect(rows).toEqual([
        { first_name: '太郎', same: true },
        { first_name: '花子', same: true },
      ]);
      expect(missing[0]).toEqual({ n: 0 });
    } finally {
      await old.end();
      await rm(upTo15, { recursive: true, force: true });
      await other.drop();
    }
  });

  it('accepts only the 47 prefectures (or none) for a customer', async () => {
    await client.query(
      `insert into tenants (id, name, plan) values ('6f1c2a4e-3b5d-4e8f-9a1b-2c3d4e5f6a08', '県', 'basic')`,
    );
    const insert = (prefecture: string | null) =>
      client.query(
        `insert into customers (tenant_id, last_name, first_name, last_name_kana, first_name_kana, prefecture)
         values ('6f1c2a4e-3b5d-4e8f-9a1b-2c3d4e5f6a08', '山田', '太郎', 'ヤマダ', 'タロウ', $1)`,
        [prefecture],
      );
    await insert('沖縄県');
    await insert(null);
    await expect(insert('東京')).rejects.toThrow(/customers_prefecture_check/);
  });
});
