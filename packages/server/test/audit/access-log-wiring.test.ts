import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessLogChain } from '../../src/platform/audit/access-log-chain';
import { sealPendingAccessLogs } from '../../src/platform/audit/sealer';
import { withTenant } from '../../src/platform/db/tenant-scope';
import { DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { createTestServer, type TestServer } from '../support/server';

const tenantId = DEMO_TENANTS.sakura.id;

describe('what the access log records', () => {
  let server: TestServer;
  let staff: string;
  let customerId: string;

  beforeAll(async () => {
    server = await createTestServer();
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

  // Reads wait in the inbox (committed with the read) until the sealer chains them: seal first.
  const rows = async () => {
    await sealPendingAccessLogs(server.database.owner);
    return server.database.owner
      .selectFrom('access_log')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('id')
      .execute();
  };

  it('records a sign-in with who and from where', async () => {
    const signIn = (await rows()).find(
      (row) => row.action === 'auth.sign_in' && row.actor_user_id === DEMO_USERS.sakuraStaff.id,
    );
    expect(signIn).toMatchObject({
      actor_name: DEMO_USERS.sakuraStaff.full_name,
      actor_email: DEMO_USERS.sakuraStaff.email,
      target_type: 'session',
    });
    expect(signIn?.ip).toBeTruthy();
    expect(signIn?.request_id).toBeTruthy();
  });

  it('records a failed sign-in of a known account, and nothing for an unknown address', async () => {
    const before = (await rows()).length;
    const wrong = await server.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email: DEMO_USERS.sakuraStaff.email, password: 'wrong-password-1' },
    });
    expect(wrong.statusCode).toBe(400);
    await server.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email: 'nobody@example.jp', password: 'wrong-password-1' },
    });
    const added = (await rows()).slice(before);
    expect(added.map((row) => [row.action, row.actor_user_id])).toEqual([
      ['auth.sign_in_failed', DEMO_USERS.sakuraStaff.id],
    ]);
  });

  it('records a customer read, with the request id, in the same response', async () => {
    const response = await server.get(`/api/customers/${customerId}`, { token: staff });
    expect(response.statusCode).toBe(200);
    const row = (await rows()).at(-1);
    expect(row).toMatchObject({
      action: 'customer.read',
      actor_user_id: DEMO_USERS.sakuraStaff.id,
      target_type: 'customer',
      target_id: customerId,
      customer_id: customerId,
      request_id: response.headers['x-request-id'] ?? row?.request_id,
    });
  });

  it('commits every read’s row before its answer, and chains concurrent reads in order', async () => {
    const before = (await rows()).length;
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => server.get(`/api/customers/${customerId}`, { token: staff })),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    // Answered means committed (in shared batches): every row is there, in the inbox unless the
    // sealer already ran. Counted in one statement (one snapshot), so a row the sealer moves
    // meanwhile is counted once.
    const stored = await sql<{ n: string }>`
      select (select count(*) from access_log_inbox where tenant_id = ${tenantId})
           + (select count(*) from access_log where tenant_id = ${tenantId}) as n`.execute(
      server.database.owner,
    );
    expect(Number(stored.rows[0]!.n) - before).toBe(30);
    const added = (await rows()).slice(before);
    expect(added.filter((row) => row.action === 'customer.read')).toHaveLength(30);
    expect(new Set(added.map((row) => row.request_id)).size).toBe(30);
    const check = await withTenant(server.database.db, tenantId, (tx) => verifyAccessLogChain(tx, tenantId));
    expect(check.ok).toBe(true);
  });

  it("records reading a customer's interactions", async () => {
    const response = await server.get(`/api/interactions/${customerId}`, { token: staff });
    expect(response.statusCode).toBe(200);
    expect((await rows()).at(-1)).toMatchObject({ action: 'interaction.read', customer_id: customerId });
  });

  it('records an update with the names of the fields sent, never their values', async () => {
    const current = (await server.get(`/api/customers/${customerId}`, { token: staff })).json();
    const response = await server.send('PUT', `/api/customers/${customerId}`, staff, {
      version: current.version,
      phone: '03-9999-0000',
    });
    expect(response.statusCode).toBe(200);
    const row = (await rows()).filter((one) => one.action === 'customer.update').at(-1);
    expect(row).toMatchObject({
      action: 'customer.update',
      customer_id: customerId,
      detail: { fields: ['phone'] },
    });
    expect(JSON.stringify(row)).not.toContain('03-9999-0000');
  });

  it('records the attempt of a read that then fails, and nothing for a change that fails', async () => {
    const before = (await rows()).length;
    const unknown = crypto.randomUUID();
    // A read's row is written while the read runs (after the permission check): it records that
    // this user asked for this record, whatever the read then found.
    const missing = await server.get(`/api/customers/${unknown}`, { token: staff });
    expect(missing.statusCode).toBe(404);
    const failedChange = await server.send('PUT', `/api/customers/${unknown}`, staff, {
      version: 1,
      phone: '03-0000-0000',
    });
    expect(failedChange.statusCode).toBe(404);
    const added = (await rows()).slice(before);
    expect(added.map((row) => [row.action, row.target_id, row.actor_user_id])).toEqual([
      ['customer.read', unknown, DEMO_USERS.sakuraStaff.id],
    ]);
  });

  it('has a read’s row in the database the moment its answer arrives', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, async (_, index) => {
        const userAgent = `moment-${index}-${crypto.randomUUID()}`;
        const response = await server.app.inject({
          method: 'GET',
          url: `/api/customers/${customerId}`,
          headers: { authorization: `Bearer ${staff}`, 'user-agent': userAgent },
        });
        // No sealing here: what a crash right after the answer would leave.
        const { n } = await server.database.owner
          .selectFrom('access_log_inbox')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('user_agent', '=', userAgent)
          .executeTakeFirstOrThrow();
        const chained = await server.database.owner
          .selectFrom('access_log')
          .select('id')
          .where('user_agent', '=', userAgent)
          .execute();
        return [response.statusCode, Number(n) + chained.length];
      }),
    );
    expect(answers).toEqual(Array.from({ length: 10 }, () => [200, 1]));
    await rows(); // chained now, so the tests after this one see their own rows last
  });

  it('records the CSV export', async () => {
    const response = await server.get('/api/customers/export?encoding=shift_jis', { token: staff });
    expect(response.statusCode).toBe(200);
    expect((await rows()).at(-1)).toMatchObject({
      action: 'customers.export',
      detail: { encoding: 'shift_jis' },
    });
  });

  it('records a research report exported as PDF (a handler outside the request transaction)', async () => {
    const report = await server.send('POST', `/api/research/customer/${customerId}`, staff, {});
    expect(report.statusCode).toBe(200);
    const reportId = report.json().id;
    const pdf = await server.send('POST', '/api/research/customer/pdf', staff, { report_id: reportId });
    expect(pdf.statusCode).toBe(200);
    const actions = (await rows()).slice(-2).map((row) => [row.action, row.target_id]);
    expect(actions).toEqual([
      ['research.create', reportId],
      ['research.export', reportId],
    ]);
  });

  it('records a sign-out', async () => {
    const session = await server.signIn(DEMO_USERS.sakuraStaff.email);
    const response = await server.send('POST', '/auth/v1/logout?scope=local', session.access_token);
    expect(response.statusCode).toBe(204);
    expect((await rows()).at(-1)).toMatchObject({
      action: 'auth.sign_out',
      actor_user_id: DEMO_USERS.sakuraStaff.id,
      detail: { scope: 'local' },
    });
  });
});

describe('ACCESS_LOG_READS=off', () => {
  let server: TestServer;
  let staff: string;

  beforeAll(async () => {
    server = await createTestServer({ config: { accessLogReads: false } });
    staff = (await server.signIn(DEMO_USERS.sakuraStaff.email)).access_token;
  });

  afterAll(async () => {
    await server.close();
  });

  it('leaves reads out and still records changes', async () => {
    const count = async (action: string) =>
      (
        await server.database.owner
          .selectFrom('access_log')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('action', '=', action)
          .executeTakeFirstOrThrow()
      ).n;
    const customer = (await server.get('/api/customers?limit=1', { token: staff })).json().customers[0];
    expect((await server.get(`/api/customers/${customer.id}`, { token: staff })).statusCode).toBe(200);
    expect(Number(await count('customer.read'))).toBe(0);
    const saved = await server.send('PUT', `/api/customers/${customer.id}`, staff, {
      version: customer.version,
      notes: '確認済み',
    });
    expect(saved.statusCode).toBe(200);
    expect(Number(await count('customer.update'))).toBe(1);
  });
});
