/**
 * What a contract fuzzer nobody here wrote found (a client that follows the contract and the
 * specification to the letter), one test each; each fails without its fix. The positive suite
 * (valid-requests.test.ts) keeps looking for more of the kind.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOpenApiDocument, operationPolicies } from '../../src/platform/http/openapi';
import { DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { expectErrorEnvelope } from '../support/contract';
import { multipart } from '../support/multipart';
import { createTestServer, type TestServer } from '../support/server';

const document = loadOpenApiDocument();

describe('findings of an outside contract fuzzer', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await createTestServer();
    token = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
  });

  afterAll(async () => {
    await server.close();
  });

  it('takes Content-Type: application/json with an empty body on every operation without a body', async () => {
    const bodyless = [...operationPolicies(document).values()].filter((policy) => {
      const operation = document.paths[policy.path]?.[policy.method.toLowerCase()] as {
        requestBody?: unknown;
      };
      return policy.method !== 'GET' && operation.requestBody === undefined;
    });
    expect(bodyless.length).toBeGreaterThanOrEqual(14);
    for (const policy of bodyless) {
      const url = policy.path.replace(/\{[^}]+\}/g, (name) =>
        name === '{tenantId}' ? DEMO_TENANTS.sakura.id : '3b0c8a52-6c1e-4f7a-9d2b-8e4f5a6b7c8d',
      );
      const response = await server.app.inject({
        method: policy.method as 'POST',
        url,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: '',
      });
      // Whatever the operation then says of the (unknown) id: never "the request could not be read".
      expect([400, 415], `${policy.method} ${policy.path}: ${response.body}`).not.toContain(
        response.statusCode,
      );
    }
    // A real one: marking every notification read, as a client following the specification sends it.
    const markAll = await server.app.inject({
      method: 'POST',
      url: '/api/notifications/mark-all-as-read',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '',
    });
    expect(markAll.statusCode).toBe(200);
  });

  /** An anonymous error report, as the app's reporter sends it. */
  const report = (id: string, fields: { reportedAt: string; context?: Record<string, unknown> }) =>
    server.app.inject({
      method: 'POST',
      url: '/api/errors/report',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        error: {
          id,
          type: 'TypeError',
          severity: 'low',
          category: 'system',
          message: '画面の描画に失敗しました',
          recoverable: true,
          userImpact: 'minimal',
          ...(fields.context ? { context: fields.context } : {}),
        },
        reportedAt: fields.reportedAt,
      }),
    });

  it('answers 422 for a time zone offset PostgreSQL cannot store, without signing in', async () => {
    const response = await report('offset-16', { reportedAt: '2026-01-01T00:00:00+16:00' });
    expect(response.statusCode).toBe(422);
    expectErrorEnvelope(response.json(), 'VAL_001');
    expect(response.json().error.validation_errors).toEqual([
      { field: 'reportedAt', message: '日時の形式（例 2026-11-01T09:00:00+09:00）で入力してください' },
    ]);
    // The furthest offset PostgreSQL takes is stored.
    expect((await report('offset-15', { reportedAt: '2026-01-01T00:00:00+15:59' })).statusCode).toBe(202);
  });

  it('keeps an error report whose free-form context carries NUL, with U+FFFD in its place', async () => {
    const response = await report('nul-in-context', {
      reportedAt: '2026-01-01T00:00:00+09:00',
      context: { 'url\u0000': '/customers\u0000?q=佐藤', nested: ['a\u0000b'] },
    });
    expect(response.statusCode, response.body).toBe(202);
    const { rows } = await sql<{ context: Record<string, unknown> }>`
      select context from client_error_reports_unscoped where report_id = 'nul-in-context'`.execute(
      server.database.owner,
    );
    expect(rows[0]?.context).toEqual({ 'url\ufffd': '/customers\ufffd?q=佐藤', nested: ['a\ufffdb'] });
  });

  it('parses the tags of a knowledge-base upload before normalising them (NFC broke a JSON escape)', async () => {
    // `\r` before a combining acute: NFC of the raw JSON text made it `\ŕ`, which is no JSON.
    const tags = JSON.stringify(['契約', '\r\u0301']);
    const body = multipart(
      [{ name: '就業規則.txt', bytes: new TextEncoder().encode('第1条 この規則は職員に適用する。') }],
      { title: '就業規則', tags },
    );
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/knowledge/upload',
      headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().tags).toEqual(['契約', '\u0301']);
  });
});
