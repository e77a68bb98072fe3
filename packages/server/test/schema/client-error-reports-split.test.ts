// Migration 0032 on a database that already holds client error reports: nobody's move to their own
// table, the tenants' stay, keyed by (tenant_id, id), and pruning reaches both.

import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../../src/paths';
import { ensureAppRole } from '../../src/platform/db/app-role';
import { migrate, readMigrations } from '../../src/platform/db/migrate';
import { createBlankDatabase } from '../support/database';

const TENANT = '00000000-0000-4000-8000-00000000a032';
const OTHER = '00000000-0000-4000-8000-00000000b032';
const USER = '00000000-0000-4000-8000-00000000c032';

describe('migration 0032 on reports already stored', () => {
  let blank: Awaited<ReturnType<typeof createBlankDatabase>>;
  let client: pg.Client;
  let before: string;

  beforeAll(async () => {
    blank = await createBlankDatabase();
    client = new pg.Client({ connectionString: blank.ownerUrl });
    await client.connect();
    await ensureAppRole(client, blank.ownerUrl);
    // Every migration before 0032, from a directory of their own.
    before = await mkdtemp(join(tmpdir(), 'tsumiki-before-0032-'));
    for (const migration of await readMigrations()) {
      if (migration.version >= 32) continue;
      const file = `${String(migration.version).padStart(4, '0')}_${migration.name}.sql`;
      await copyFile(join(migrationsDir, file), join(before, file));
    }
    await migrate(client, before);
  });

  afterAll(async () => {
    await client.end();
    await blank.drop();
    await rm(before, { recursive: true, force: true });
  });

  it('moves the reports of nobody and keeps the tenants’ ones, each once', async () => {
    await client.query(`insert into tenants (id, name, plan) values ($1, 'A', 'basic'), ($2, 'B', 'basic')`, [
      TENANT,
      OTHER,
    ]);
    await client.query(`insert into users (id, email) values ($1, 'keys@example.com')`, [USER]);
    const insert = (tenant: string | null, user: string | null, reportId: string, receivedAt = 'now()') =>
      client.query(
        `insert into client_error_reports (tenant_id, user_id, report_id, type, severity, category, message,
                                           recoverable, user_impact, reported_at, request_id, received_at)
         values ($1, $2, $3, 'TypeError', 'low', 'system', 'メッセージ', true, 'none', now(), 'req', ${receivedAt})`,
        [tenant, user, reportId],
      );
    await insert(TENANT, USER, 'tenant-report');
    await insert(OTHER, null, 'other-report');
    await insert(null, USER, 'user-report');
    await insert(null, null, 'anonymous-report');
    await insert(null, null, 'old-anonymous', `now() - interval '100 days'`);
    await insert(TENANT, null, 'old-tenant', `now() - interval '100 days'`);

    const result = await migrate(client);
    expect(result.applied).toContain('0032_tenant_keys');

    const tenants = await client.query(
      'select tenant_id, user_id, report_id, message from client_error_reports order by report_id',
    );
    expect(tenants.rows).toEqual([
      { tenant_id: TENANT, user_id: null, report_id: 'old-tenant', message: 'メッセージ' },
      { tenant_id: OTHER, user_id: null, report_id: 'other-report', message: 'メッセージ' },
      { tenant_id: TENANT, user_id: USER, report_id: 'tenant-report', message: 'メッセージ' },
    ]);
    const nobody = await client.query(
      'select user_id, report_id, message from client_error_reports_unscoped order by report_id',
    );
    expect(nobody.rows).toEqual([
      { user_id: null, report_id: 'anonymous-report', message: 'メッセージ' },
      { user_id: null, report_id: 'old-anonymous', message: 'メッセージ' },
      { user_id: USER, report_id: 'user-report', message: 'メッセージ' },
    ]);

    const { rows: key } = await client.query<{ definition: string }>(
      `select pg_get_constraintdef(oid) as definition from pg_constraint
        where conrelid = 'client_error_reports'::regclass and contype = 'p'`,
    );
    expect(key).toEqual([{ definition: 'PRIMARY KEY (tenant_id, id)' }]);

    // Pruning reaches both tables: the two reports past 90 days go, the others stay.
    const { rows: pruned } = await client.query<{ removed: string }>(
      `select tsumiki_prune_client_error_reports(now() - interval '90 days') as removed`,
    );
    expect(Number(pruned[0]?.removed)).toBe(2);
    const { rows: left } = await client.query<{ report_id: string }>(
      `select report_id from client_error_reports union all
       select report_id from client_error_reports_unscoped order by report_id`,
    );
    expect(left.map((row) => row.report_id)).toEqual([
      'anonymous-report',
      'other-report',
      'tenant-report',
      'user-report',
    ]);
  });
});
