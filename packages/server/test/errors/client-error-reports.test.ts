// POST /api/errors/report and /report/batch against a real server and PostgreSQL: who a report
// is attributed to, storage once per id, limits, the report budget, row-level security, retention.

import { randomUUID } from 'node:crypto';
import { formatValidationErrors } from '@tsumiki/api-client';
import type { components } from '@tsumiki/api-client/schema';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorReports, ReportBudget } from '../../src/modules/errors/errors.service';
import { withTenant } from '../../src/platform/db/tenant-scope';
import type { OptionallySignedInRequestContext } from '../../src/platform/http/typed-handlers';
import { DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { expectErrorEnvelope, expectMatchesContract } from '../support/contract';
import { createUser } from '../support/fixtures';
import { createTestServer, type TestServer } from '../support/server';

const SAKURA = DEMO_TENANTS.sakura.id;
const MIDORI = DEMO_TENANTS.midori.id;

type Submission = components['schemas']['ClientErrorSubmission'];

/** A report as the app sends it; `overrides` may break the contract on purpose. */
function report(overrides: Record<string, unknown> = {}, id: string = randomUUID()): Submission {
  return {
    error: {
      id,
      type: 'TypeError',
      severity: 'high',
      category: 'system',
      message: "Cannot read properties of undefined (reading 'name')",
      stack: 'TypeError: Cannot read properties of undefined\n    at CustomerRow (customer-row.tsx:12:7)',
      source: '/customers',
      recoverable: true,
      userImpact: 'degraded',
      tags: ['render'],
      line: 12,
      column: 7,
      context: { url: 'https://tsumiki.example/customers', online: true },
      metadata: { build: 'abc123' },
      ...overrides,
    } as Submission['error'],
    reportedAt: '2026-11-20T09:15:00+09:00',
    reportedBy: null,
  };
}

describe('client error reports', () => {
  let server: TestServer;
  let staffToken: string;
  let midoriToken: string;
  let addressCounter = 0;

  beforeAll(async () => {
    server = await createTestServer();
    staffToken = (await server.signIn(DEMO_USERS.sakuraStaff.email)).access_token;
    midoriToken = (await server.signIn(DEMO_USERS.midoriAdmin.email)).access_token;
  });

  afterAll(async () => {
    await server.close();
  });

  /** Each test its own address, so that anonymous reports of one test spend no other's budget. */
  function newAddress(): string {
    addressCounter += 1;
    return `198.51.100.${addressCounter}`;
  }

  function post(
    url: '/api/errors/report' | '/api/errors/report/batch',
    body: unknown,
    options: { token?: string; tenantId?: string; address?: string; raw?: string } = {},
  ): Promise<LightMyRequestResponse> {
    return server.app.inject({
      method: 'POST',
      url,
      remoteAddress: options.address ?? newAddress(),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Vitest Browser/1.0',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.tenantId ? { 'x-tenant-id': options.tenantId } : {}),
      },
      payload: options.raw ?? JSON.stringify(body),
    });
  }

  /** The stored reports of these client ids: the tenants' and nobody's (tenant_id null). */
  async function storedAll(reportIds: string[]) {
    const owner = server.database.owner;
    const tenants = await owner
      .selectFrom('client_error_reports')
      .selectAll()
      .where('report_id', 'in', reportIds)
      .execute();
    const nobody = await owner
      .selectFrom('client_error_reports_unscoped')
      .selectAll()
      .where('report_id', 'in', reportIds)
      .execute();
    return [...tenants, ...nobody.map((row) => ({ ...row, tenant_id: null }))];
  }
  const stored = (reportId: string) => storedAll([reportId]);

  it('stores a report sent signed out, with no tenant and no user, and where it came from', async () => {
    const sent = report({ severity: 'critical' });
    const response = await post('/api/errors/report', sent, { address: '203.0.113.7' });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 1 });
    expectMatchesContract('reportClientError', 202, response.json());

    const rows = await stored(sent.error.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      tenant_id: null,
      user_id: null,
      type: 'TypeError',
      severity: 'critical',
      category: 'system',
      message: sent.error.message,
      stack: sent.error.stack,
      source: '/customers',
      recoverable: true,
      user_impact: 'degraded',
      tags: ['render'],
      line_number: 12,
      column_number: 7,
      context: sent.error.context,
      metadata: sent.error.metadata,
      reported_by: null,
      ip: '203.0.113.7',
      user_agent: 'Vitest Browser/1.0',
      request_id: response.headers['x-request-id'],
    });
    expect(rows[0]?.reported_at.toISOString()).toBe('2026-11-20T00:15:00.000Z');
    expect(Date.now() - (rows[0]?.received_at.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it('attributes a signed-in report to its user, and to the X-Tenant-Id tenant when sent', async () => {
    const withTenantHeader = report();
    const response = await post('/api/errors/report', withTenantHeader, {
      token: staffToken,
      tenantId: SAKURA,
    });
    expect(response.statusCode).toBe(202);
    expect(await stored(withTenantHeader.error.id)).toEqual([
      expect.objectContaining({ tenant_id: SAKURA, user_id: DEMO_USERS.sakuraStaff.id }),
    ]);

    const withoutTenantHeader = report();
    expect((await post('/api/errors/report', withoutTenantHeader, { token: staffToken })).statusCode).toBe(
      202,
    );
    expect(await stored(withoutTenantHeader.error.id)).toEqual([
      expect.objectContaining({ tenant_id: null, user_id: DEMO_USERS.sakuraStaff.id }),
    ]);
  });

  it('stores a batch of 100', async () => {
    const reports = Array.from({ length: 100 }, (_, index) => report({ message: `エラー ${index}` }));
    const response = await post(
      '/api/errors/report/batch',
      { reports },
      { token: staffToken, tenantId: SAKURA },
    );
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 100 });
    expectMatchesContract('reportClientErrors', 202, response.json());
    const rows = await storedAll(reports.map((item) => item.error.id));
    expect(rows).toHaveLength(100);
    expect(new Set(rows.map((row) => `${row.tenant_id}/${row.user_id}`))).toEqual(
      new Set([`${SAKURA}/${DEMO_USERS.sakuraStaff.id}`]),
    );
  });

  it('stores a report sent twice (keepalive on unload, then the next flush) once per sender', async () => {
    const id = randomUUID();
    const address = newAddress();
    expect((await post('/api/errors/report', report({}, id), { address })).statusCode).toBe(202);
    const again = await post(
      '/api/errors/report/batch',
      { reports: [report({}, id), report({}, id)] },
      { address },
    );
    expect(again.statusCode).toBe(202);
    // Accepted: the client may drop them from its queue; stored: once.
    expect(again.json()).toEqual({ accepted: 2 });
    expect(await stored(id)).toHaveLength(1);

    // The same id from a signed-in user is that user's report, and likewise stored once.
    expect((await post('/api/errors/report', report({}, id), { token: staffToken })).statusCode).toBe(202);
    expect((await post('/api/errors/report', report({}, id), { token: staffToken })).statusCode).toBe(202);
    const rows = await stored(id);
    expect(rows.map((row) => row.user_id).sort()).toEqual([DEMO_USERS.sakuraStaff.id, null].sort());
  });

  it('refuses 101 reports in a batch with the field the app labels in Japanese', async () => {
    const reports = Array.from({ length: 101 }, () => report());
    const response = await post('/api/errors/report/batch', { reports }, { token: staffToken });
    expect(response.statusCode).toBe(422);
    expectErrorEnvelope(response.json(), 'VAL_001');
    expect(response.json().error.validation_errors).toEqual([
      { field: 'reports', message: '100件以内で指定してください' },
    ]);
    // What the app shows: the contract's title of the field.
    expect(formatValidationErrors(response.json().error.validation_errors)).toBe(
      '報告: 100件以内で指定してください',
    );
    expect(await storedAll(reports.map((item) => item.error.id))).toEqual([]);
  });

  it('refuses over-long fields and unstorable positions instead of cutting them', async () => {
    const long = await post('/api/errors/report', report({ message: 'あ'.repeat(2001) }));
    expect(long.statusCode).toBe(422);
    expect(long.json().error.validation_errors).toEqual([
      { field: 'error.message', message: '2000文字以内で入力してください' },
    ]);

    const line = await post('/api/errors/report/batch', { reports: [report(), report({ line: 2 ** 31 })] });
    expect(line.statusCode).toBe(422);
    expect(line.json().error.validation_errors).toEqual([
      { field: 'reports.1.error.line', message: '2147483647以下の値を入力してください' },
    ]);
  });

  it('answers 413 to a body over 1 MB', async () => {
    const stack = 'x'.repeat(19_000);
    const reports = Array.from({ length: 60 }, () => report({ stack }));
    const raw = JSON.stringify({ reports });
    expect(raw.length).toBeGreaterThan(1024 * 1024);
    const response = await post('/api/errors/report/batch', null, { raw });
    expect(response.statusCode).toBe(413);
    expectErrorEnvelope(response.json(), 'VAL_002');
    expect(response.json().error.message).toBe('送信したデータが大きすぎます。');
  });

  it('answers 429 with Retry-After past the report budget, apart from the rest of the API', async () => {
    const { access_token: token } = await server.signIn(DEMO_USERS.sakuraAdmin.email);
    for (let index = 0; index < 30; index += 1) {
      expect((await post('/api/errors/report', report(), { token })).statusCode).toBe(202);
    }
    const refused = report();
    const response = await post('/api/errors/report', refused, { token });
    expect(response.statusCode).toBe(429);
    expectErrorEnvelope(response.json(), 'RATE_001');
    expect(response.json().error.message).toBe('リクエストが多すぎます。');
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(response.json().error.context).toEqual({ retry_after_seconds: retryAfter });
    expect(await stored(refused.error.id)).toEqual([]);

    // The user's other work goes on, and another caller has a budget of its own.
    expect((await server.get('/api/auth/tenant/me', { token })).statusCode).toBe(200);
    expect((await post('/api/errors/report', report(), { token: staffToken })).statusCode).toBe(202);
  });

  it('counts reports too: three full batches a minute, not a fourth', async () => {
    // A user of its own: the budget is per user, and the other tests spend the demo users'.
    await createUser(server.database.owner, { email: 'budget@sakura-clinic.example' });
    const { access_token: token } = await server.signIn('budget@sakura-clinic.example');
    const batch = () => ({ reports: Array.from({ length: 100 }, () => report()) });
    for (let index = 0; index < 3; index += 1) {
      expect((await post('/api/errors/report/batch', batch(), { token })).statusCode).toBe(202);
    }
    const fourth = await post('/api/errors/report/batch', batch(), { token });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers['retry-after']).toBeDefined();
  });

  it('gives a caller without a session a small budget of its own, and all of them one together', async () => {
    const budget = new ReportBudget(
      server.database.db,
      { requestsPerMinute: 30, reportsPerMinute: 300 },
      { requestsPerMinute: 2, reportsPerMinute: 10 },
      { requestsPerMinute: 3, reportsPerMinute: 100 },
    );
    // The budgets are the database's: what the tests above spent is forgotten first.
    await sql`delete from rate_limit_counters where key like 'reports|%'`.execute(server.database.owner);
    await budget.spend('ip:192.0.2.1', 5);
    await budget.spend('ip:192.0.2.1', 5);
    await expect(budget.spend('ip:192.0.2.1', 1)).rejects.toThrow();
    await budget.spend('ip:192.0.2.2', 1);
    // A fourth address is refused by the budget of all anonymous callers, not its own.
    await expect(budget.spend('ip:192.0.2.3', 1)).rejects.toThrow();
    // Signed-in callers do not share it.
    await budget.spend('user:a', 100);
    // A minute later (the windows ended), all budgets start again.
    await sql`update rate_limit_counters set expires_at = now() where key like 'reports|%'`.execute(
      server.database.owner,
    );
    await budget.spend('ip:192.0.2.3', 1);
  });

  it('refuses an invalid token and an ended session (401) rather than storing the report anonymously', async () => {
    const forged = report();
    const response = await post('/api/errors/report', forged, { token: 'not.a.token' });
    expect(response.statusCode).toBe(401);
    expectErrorEnvelope(response.json(), 'AUTH_001');
    expect(await stored(forged.error.id)).toEqual([]);

    const { access_token: ended } = await server.signIn(DEMO_USERS.sakuraStaff.email);
    await server.app.inject({
      method: 'POST',
      url: '/auth/v1/logout?scope=local',
      headers: { authorization: `Bearer ${ended}` },
    });
    const afterSignOut = await post('/api/errors/report/batch', { reports: [report()] }, { token: ended });
    expect(afterSignOut.statusCode).toBe(401);
    expectErrorEnvelope(afterSignOut.json(), 'AUTH_001');
  });

  it('refuses X-Tenant-Id of a tenant the user does not belong to (403), storing nothing', async () => {
    const foreign = report();
    const response = await post('/api/errors/report', foreign, { token: midoriToken, tenantId: SAKURA });
    expect(response.statusCode).toBe(403);
    expectErrorEnvelope(response.json(), 'AUTH_005');
    const batch = await post(
      '/api/errors/report/batch',
      { reports: [foreign] },
      { token: midoriToken, tenantId: SAKURA },
    );
    expect(batch.statusCode).toBe(403);
    expect(await stored(foreign.error.id)).toEqual([]);
  });

  it('keeps tenants apart under row-level security for the app role', async () => {
    const sakuraReport = report();
    const midoriReport = report();
    const nobodyReport = report();
    await post('/api/errors/report', sakuraReport, { token: staffToken, tenantId: SAKURA });
    await post('/api/errors/report', midoriReport, { token: midoriToken, tenantId: MIDORI });
    await post('/api/errors/report', nobodyReport);
    const ids = [sakuraReport, midoriReport, nobodyReport].map((item) => item.error.id);
    // What the app role sees of both tables: its tenant's reports, or outside tenants nobody's.
    const visible = async (executor: typeof server.database.db) =>
      [
        ...(await executor
          .selectFrom('client_error_reports')
          .select('report_id')
          .where('report_id', 'in', ids)
          .execute()),
        ...(await executor
          .selectFrom('client_error_reports_unscoped')
          .select('report_id')
          .where('report_id', 'in', ids)
          .execute()),
      ].map((row) => row.report_id);

    const app = server.database.db;
    expect(await withTenant(app, MIDORI, (tx) => visible(tx))).toEqual([midoriReport.error.id]);
    expect(await withTenant(app, SAKURA, (tx) => visible(tx))).toEqual([sakuraReport.error.id]);
    expect(await visible(app)).toEqual([nobodyReport.error.id]);

    // Nor can a row be written into another tenant than the transaction's, or into none.
    const row = {
      report_id: randomUUID(),
      type: 'TypeError',
      severity: 'low' as const,
      category: 'system',
      message: 'x',
      recoverable: true,
      user_impact: 'none' as const,
      reported_at: new Date(),
      request_id: 'test',
    };
    await expect(
      withTenant(app, MIDORI, (tx) =>
        tx
          .insertInto('client_error_reports')
          .values({ ...row, tenant_id: SAKURA })
          .execute(),
      ),
    ).rejects.toThrow(/row-level security/);
    await expect(
      withTenant(app, MIDORI, (tx) => tx.insertInto('client_error_reports_unscoped').values(row).execute()),
    ).rejects.toThrow(/row-level security/);
    // A tenant's report names its tenant, even for the owner: the column is part of the key (0032).
    await expect(
      server.database.owner
        .insertInto('client_error_reports')
        .values({ ...row, tenant_id: null as unknown as string })
        .execute(),
    ).rejects.toThrow(/not-null/);
    await expect(
      app
        .insertInto('client_error_reports')
        .values({ ...row, tenant_id: MIDORI })
        .execute(),
    ).rejects.toThrow(/row-level security/);
  });

  describe('the service itself', () => {
    function contextFor(tenantId: string | null, userId: string | null): OptionallySignedInRequestContext {
      return {
        requestId: randomUUID(),
        client: { ip: '192.0.2.1', userAgent: 'Vitest' },
        accessTokenExpiresAt: null,
        principal: userId
          ? {
              userId,
              email: 'x@example.com',
              fullName: null,
              sessionId: randomUUID(),
              isSystemAdmin: false,
              isSuperAdmin: false,
              isAgencyUser: false,
            }
          : null,
        tenant: tenantId ? { tenantId, membership: null } : null,
      } as OptionallySignedInRequestContext;
    }

    it('removes reports older than 90 days, of every tenant and of nobody, while storing', async () => {
      const owner = server.database.owner;
      const base = {
        type: 'TypeError',
        severity: 'low' as const,
        category: 'system',
        message: 'old',
        recoverable: true,
        user_impact: 'none' as const,
        reported_at: new Date(),
        request_id: 'old',
      };
      const old = new Date(Date.now() - 91 * 24 * 60 * 60_000);
      const recent = new Date(Date.now() - 89 * 24 * 60 * 60_000);
      const rows = [
        { tenant_id: SAKURA, received_at: old },
        { tenant_id: MIDORI, received_at: old },
        { tenant_id: null, received_at: old },
        { tenant_id: MIDORI, received_at: recent },
        { tenant_id: null, received_at: recent },
      ].map((row) => ({ ...base, ...row, report_id: randomUUID() }));
      // Written as the owner, each in its tenant's scope (the tables force row-level security).
      for (const { tenant_id, ...row } of rows) {
        if (tenant_id) {
          await withTenant(owner, tenant_id, (tx) =>
            tx
              .insertInto('client_error_reports')
              .values({ ...row, tenant_id })
              .execute(),
          );
        } else {
          await owner.insertInto('client_error_reports_unscoped').values(row).execute();
        }
      }

      const reports = new ErrorReports({ db: server.database.db });
      await reports.receive([report()], contextFor(null, null), () => '');

      const left = await storedAll(rows.map((row) => row.report_id));
      expect(left.map((row) => row.report_id).sort()).toEqual(
        [rows[3]?.report_id, rows[4]?.report_id].sort(),
      );
      // The function put the transaction's tenant back as it was: none.
      const { rows: setting } = await sql<{ tenant: string | null }>`
        select current_setting('app.tenant_id', true) as tenant
      `.execute(server.database.db);
      expect(setting[0]?.tenant ?? '').toBe('');
    });

    it('logs each critical report at warn level with its request id', async () => {
      const lines: Array<{ level: string; object: Record<string, unknown>; message: string }> = [];
      const record =
        (level: string) =>
        (object: Record<string, unknown>, message: string): void =>
          void lines.push({ level, object, message });
      const log = {
        warn: record('warn'),
        info: record('info'),
        error: record('error'),
      } as unknown as ConstructorParameters<typeof ErrorReports>[0]['log'];
      const reports = new ErrorReports({
        db: server.database.db,
        log,
        budget: new ReportBudget(server.database.db),
      });
      const context = contextFor(SAKURA, DEMO_USERS.sakuraStaff.id);
      const critical = report({ severity: 'critical', message: '画面を表示できませんでした' });
      await reports.receive([report(), critical], context, (index) => `reports.${index}.`);

      const warnings = lines.filter((line) => line.level === 'warn');
      expect(warnings).toHaveLength(1);
      expect(warnings[0]?.object).toMatchObject({
        reqId: context.requestId,
        report_id: critical.error.id,
        tenant_id: SAKURA,
        user_id: DEMO_USERS.sakuraStaff.id,
      });
      expect(warnings[0]?.message).toContain('画面を表示できませんでした');
    });
  });
});
