import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ACCESS_ACTION_LABELS } from '@tsumiki/api-client';
import { sql } from 'kysely';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { expectErrorEnvelope, expectMatchesContract } from '../support/contract';
import { createTestServer, type TestServer } from '../support/server';

const run = promisify(execFile);
const tenantId = DEMO_TENANTS.sakura.id;
const serverRoot = join(import.meta.dirname, '..', '..');

describe('/api/audit-log', () => {
  let server: TestServer;
  let admin: string;
  let staff: string;
  let customerId: string;

  beforeAll(async () => {
    server = await createTestServer();
    admin = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
    staff = (await server.signIn(DEMO_USERS.sakuraStaff.email)).access_token;
    customerId = (
      await server.database.owner
        .selectFrom('customers')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  });

  afterAll(async () => {
    await server.close();
  });

  it('is for people with audit.read only', async () => {
    const response = await server.get('/api/audit-log', { token: staff });
    expect(response.statusCode).toBe(403);
    expectErrorEnvelope(response.json(), 'AUTH_004');
  });

  it('lists what staff looked at, newest first, filtered by customer, person and action', async () => {
    expect((await server.get(`/api/customers/${customerId}`, { token: staff })).statusCode).toBe(200);
    const response = await server.get(`/api/audit-log?customer_id=${customerId}`, { token: admin });
    expect(response.statusCode).toBe(200);
    expectMatchesContract('listAuditLog', 200, response.json());
    const page = response.json();
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect(page.entries[0]).toMatchObject({
      action: 'customer.read',
      actor_user_id: DEMO_USERS.sakuraStaff.id,
      actor_name: DEMO_USERS.sakuraStaff.full_name,
      customer_id: customerId,
      target_type: 'customer',
    });
    expect(page.entries[0].customer_name).toBeTruthy();

    const byPerson = (
      await server.get(`/api/audit-log?user_id=${DEMO_USERS.sakuraAdmin.id}&action=auth.sign_in`, {
        token: admin,
      })
    ).json();
    expect(byPerson.entries.length).toBeGreaterThanOrEqual(1);
    expect(
      byPerson.entries.every(
        (entry: { actor_user_id: string; action: string }) =>
          entry.actor_user_id === DEMO_USERS.sakuraAdmin.id && entry.action === 'auth.sign_in',
      ),
    ).toBe(true);
    const ids = page.entries.map((entry: { id: number }) => entry.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);

    const future = new Date(Date.now() + 3_600_000).toISOString();
    const none = (
      await server.get(`/api/audit-log?from=${encodeURIComponent(future)}`, { token: admin })
    ).json();
    expect(none).toEqual({ total: 0, total_capped: false, entries: [] });
  });

  it('exports the log as Shift_JIS CSV with Japanese action names, and logs the export', async () => {
    const response = await server.get(`/api/audit-log/export?encoding=shift_jis&customer_id=${customerId}`, {
      token: admin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('Shift_JIS');
    expect(response.headers['content-disposition']).toContain(
      "filename*=UTF-8''%E6%93%8D%E4%BD%9C%E3%83%AD%E3%82%B0_",
    );
    const text = new TextDecoder('shift_jis').decode(response.rawPayload);
    const [header, first] = Papa.parse<string[]>(text.trim(), { newline: '\r\n' }).data;
    expect(header?.slice(0, 5)).toEqual(['ID', '日時', '氏名', 'メールアドレス', '操作の種類']);
    expect(first?.[4]).toBe(ACCESS_ACTION_LABELS['customer.read']);
    expect(first?.[2]).toBe(DEMO_USERS.sakuraStaff.full_name);

    const latest = (await server.get('/api/audit-log?limit=1', { token: admin })).json().entries[0];
    expect(latest).toMatchObject({
      action: 'audit.export',
      actor_user_id: DEMO_USERS.sakuraAdmin.id,
      detail: { encoding: 'shift_jis', customer_id: customerId },
    });
  });

  it('finds a row altered as the database owner, through the API and pnpm audit:verify, and names it', async () => {
    const ok = await server.send('POST', '/api/audit-log/verify', admin);
    expect(ok.statusCode).toBe(200);
    expectMatchesContract('verifyAuditLog', 200, ok.json());
    expect(ok.json()).toMatchObject({ ok: true, broken: null });

    const script = () =>
      run(process.execPath, ['--import', 'tsx', 'src/audit-verify.ts'], {
        cwd: serverRoot,
        env: { ...process.env, DATABASE_URL: server.database.ownerUrl },
      });
    const clean = await script();
    expect(clean.stdout).toContain('連鎖が保たれています');

    const target = await server.database.owner
      .selectFrom('access_log')
      .select(['id'])
      .where('tenant_id', '=', tenantId)
      .where('action', '=', 'customer.read')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await sql`update access_log set actor_name = '別人' where tenant_id = ${tenantId} and id = ${target.id}`.execute(
      server.database.owner,
    );

    const found = (await server.send('POST', '/api/audit-log/verify', admin)).json();
    expect(found).toMatchObject({
      ok: false,
      broken: { problem: 'altered', id: Number(target.id) },
    });
    expect(found.broken.message).toContain(`No.${target.id}`);

    const failed = await script().then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain(`No.${target.id}`);
    expect(failed?.stderr).toContain(DEMO_TENANTS.sakura.name);
  });
});
