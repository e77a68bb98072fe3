// The catalogue after every migration: tenant tables keyed by tenant (primary and foreign keys),
// every other table a listed global one. See docs/tenant-keys.md.

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { describeOffences, findOffences, GLOBAL_TABLES } from './tenant-keys';

describe('tenant keys in the catalogue', () => {
  let database: TestDatabase;
  let client: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase({ seeded: false });
    client = new pg.Client({ connectionString: database.ownerUrl });
    await client.connect();
  });

  afterAll(async () => {
    await client.end();
    await database.drop();
  });

  it('finds 0 tenant tables without tenant_id in their keys after every migration', async () => {
    const offences = await findOffences(client);
    console.info(describeOffences(offences));
    expect(describeOffences(offences)).toBe('tenant tables breaking the key rule: 0');
  });

  it('lists only global tables that exist, each with its reason', async () => {
    const { rows } = await client.query<{ relname: string }>(
      `select relname from pg_class
        where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') and relname = any($1)`,
      [Object.keys(GLOBAL_TABLES)],
    );
    expect(rows.map((row) => row.relname).sort()).toEqual(Object.keys(GLOBAL_TABLES).sort());
    for (const reason of Object.values(GLOBAL_TABLES)) expect(reason.length).toBeGreaterThan(20);
  });

  it('names each offender with the rule it breaks', async () => {
    // Tables that break each rule, made and dropped inside one transaction of this test's database.
    await client.query('begin');
    try {
      await client.query(`
        create table keys_probe_parent (
          tenant_id uuid not null references tenants (id), id uuid not null, primary key (tenant_id, id));
        create table keys_probe_id_only (
          tenant_id uuid not null references tenants (id), id uuid primary key);
        create unique index keys_probe_id_only_tenant_idx on keys_probe_id_only (tenant_id, id);
        create table keys_probe_child (
          tenant_id uuid not null, id uuid not null, parent_id uuid, other_id uuid,
          primary key (tenant_id, id),
          constraint keys_probe_child_parent_fkey foreign key (parent_id) references keys_probe_id_only (id),
          constraint keys_probe_child_crossed_fkey foreign key (other_id, tenant_id)
            references keys_probe_id_only (tenant_id, id),
          constraint keys_probe_child_good_fkey foreign key (tenant_id, parent_id)
            references keys_probe_parent (tenant_id, id),
          constraint keys_probe_child_user_fkey foreign key (other_id) references users (id));
        create table keys_probe_no_key (tenant_id uuid not null, note text);
        create unique index keys_probe_no_key_note_idx on keys_probe_no_key (note) where note is not null;
        create unique index keys_probe_no_key_tenant_note_idx on keys_probe_no_key (note, tenant_id);
        create table keys_probe_global (code text primary key,
          owner_tenant uuid, owner_id uuid,
          foreign key (owner_tenant, owner_id) references keys_probe_parent (tenant_id, id));`);
      const offences = (await findOffences(client)).filter((offence) =>
        offence.table.startsWith('keys_probe'),
      );
      expect(offences.map(({ table, rule }) => `${table}: ${rule}`).sort()).toEqual(
        [
          // A unique index on (tenant_id, id) is not enough: the primary key itself must hold tenant_id.
          'keys_probe_id_only: primary key without tenant_id',
          'keys_probe_no_key: no primary key',
          'keys_probe_no_key: unique key without tenant_id',
          'keys_probe_global: global table not listed',
          'keys_probe_global: global table refers to a tenant table',
          'keys_probe_child: foreign key without tenant_id on both sides',
          // Both columns are there, but tenant_id points at id: not matched column to column.
          'keys_probe_child: foreign key without tenant_id on both sides',
        ].sort(),
      );
      expect(offences.find((offence) => offence.rule === 'no primary key')?.detail).toBeTruthy();
      expect(describeOffences(offences)).toMatch(/^tenant tables breaking the key rule: 4\n/);
      expect(describeOffences(offences)).toContain('keys_probe_child_parent_fkey');
      expect(describeOffences(offences)).toContain('keys_probe_child_crossed_fkey');
      expect(describeOffences(offences)).not.toContain('keys_probe_child_good_fkey');
      expect(describeOffences(offences)).toContain('keys_probe_no_key_note_idx');
      expect(describeOffences(offences)).not.toContain('keys_probe_no_key_tenant_note_idx');
      expect(describeOffences(offences)).not.toContain('keys_probe_child_user_fkey');
    } finally {
      await client.query('rollback');
    }
  });
});
