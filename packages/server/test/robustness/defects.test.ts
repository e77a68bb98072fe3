/**
 * The defects of the attacker-style review, one test each (each fails without its fix). The
 * generated suites (robustness.test.ts, wire.test.ts) look for the ones nobody has named yet.
 */
import type { AddressInfo, Socket } from 'node:net';
import { Writable } from 'node:stream';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotImplementedError, ValidationFailedError } from '../../src/platform/errors';
import { answerClientError, installErrorHandling } from '../../src/platform/http/error-handler';
import { securityHeaderSet } from '../../src/platform/http/response-headers';
import { DEMO_USERS } from '../../src/seed/demo';
import { expectErrorEnvelope } from '../support/contract';
import { createTestServer, type TestServer } from '../support/server';
import { parseAnswer, sendRaw } from './raw-http';
import { type Answer, answerProblems, SECURITY_HEADERS } from './response-checks';

function asAnswer(response: LightMyRequestResponse): Answer {
  return { status: response.statusCode, headers: response.headers, body: response.body };
}

/** The envelope (GoTrue's shape under /auth/v1), X-Request-Id, no-store and the security headers. */
function expectWellFormed(answer: Answer | null, auth = false): void {
  expect(answer).not.toBeNull();
  expect(answerProblems(answer as Answer, { method: 'GET', operationId: null, auth })).toEqual([]);
}

function validationErrors(response: LightMyRequestResponse): Array<{ field: string; message: string }> {
  expect(response.statusCode, response.body).toBe(422);
  expectErrorEnvelope(response.json(), 'VAL_001');
  return response.json().error.validation_errors;
}

describe('defects of the review', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await createTestServer();
    token = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
  });

  afterAll(async () => {
    await server.close();
  });

  function call(
    method: string,
    url: string,
    options: { headers?: Record<string, string>; payload?: string } = {},
  ) {
    return server.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${token}`, ...options.headers },
      ...(options.payload === undefined ? {} : { payload: options.payload }),
    });
  }

  describe('input that reached PostgreSQL or a handler', () => {
    it('refuses NUL in query strings with 422 instead of a database error', async () => {
      for (const name of ['search', 'company_filter']) {
        expect(validationErrors(await call('GET', `/api/customers?${name}=%00`))).toEqual([
          { field: name, message: '使用できない文字（NUL 文字など）が含まれています' },
        ]);
      }
    });

    it('refuses NUL and unpaired surrogates in JSON bodies', async () => {
      for (const lastName of ['佐\u0000藤', '\ud800', 'a\udc00']) {
        const errors = validationErrors(
          await call('POST', '/api/customers', {
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify({
              last_name: lastName,
              first_name: '花子',
              last_name_kana: 'サトウ',
              first_name_kana: 'ハナコ',
            }),
          }),
        );
        expect(errors).toContainEqual({
          field: 'last_name',
          message: '使用できない文字（NUL 文字など）が含まれています',
        });
      }
    });

    it('takes integers in the URL in plain decimal only', async () => {
      for (const value of ['Infinity', '-Infinity', '0x10', '1e3', '%201', '1.0', '+1', '9'.repeat(400)]) {
        for (const name of ['skip', 'limit']) {
          expect(
            validationErrors(await call('GET', `/api/customers?${name}=${value}`)),
            `${name}=${value}`,
          ).toEqual([{ field: name, message: '整数を入力してください' }]);
        }
      }
      expect((await call('GET', '/api/customers?skip=1&limit=10')).statusCode).toBe(200);
    });

    it('refuses date-times JavaScript and PostgreSQL cannot compute with (a leap second, the year 0)', async () => {
      for (const value of ['2016-12-31T23:59:60Z', '0000-01-01T00:00:00Z']) {
        expect(validationErrors(await call('GET', `/api/interactions?created_from=${value}`))).toEqual([
          { field: 'created_from', message: '日時の形式（例 2026-11-01T09:00:00+09:00）で入力してください' },
        ]);
      }
      expect(
        (await call('GET', '/api/interactions?created_from=2026-11-01T09:00:00%2B09:00')).statusCode,
      ).toBe(200);
    });

    it('refuses a urn:uuid: id, which PostgreSQL does not take', async () => {
      expect(
        validationErrors(await call('GET', '/api/customers/urn:uuid:3b0c8a52-6c1e-4f7a-9d2b-8e4f5a6b7c8d')),
      ).toEqual([{ field: 'id', message: 'ID の形式が正しくありません' }]);
    });

    it('refuses absurdly nested values, even where the schema takes any object', async () => {
      // Rows are free-form objects (checked one by one by the import): nothing stopped the depth.
      const deep = `{"rows":[{"last_name":${'['.repeat(50_000)}${']'.repeat(50_000)}}]}`;
      const response = await call('POST', '/api/customers/import', {
        headers: { 'content-type': 'application/json' },
        payload: deep,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().error.validation_errors).toContainEqual(
        expect.objectContaining({ message: '入れ子が深すぎます' }),
      );
    });
  });

  describe('bodies in a Content-Type the operation does not declare', () => {
    async function sessionExpiry(): Promise<string> {
      return (await call('GET', '/api/sessions/current')).json<{ expires_at: string }>().expires_at;
    }

    it('answers 415 instead of extending the session from a text/plain body', async () => {
      const before = await sessionExpiry();
      for (const contentType of ['text/plain', 'multipart/form-data', 'application/x-www-form-urlencoded']) {
        const response = await call('POST', '/api/sessions/current/extend', {
          headers: { 'content-type': contentType },
          payload: '{"minutes":9999}',
        });
        expect(response.statusCode, contentType).toBe(415);
        expectErrorEnvelope(response.json(), 'VAL_002');
        expect(response.json().error.message).toBe('この形式のデータは受け付けていません。');
        expectWellFormed(asAnswer(response));
      }
      expect(await sessionExpiry()).toBe(before);
    });

    it('validates a declared body whatever its media type parameters', async () => {
      const response = await call('POST', '/api/sessions/current/extend', {
        headers: { 'content-type': 'Application/JSON; charset=utf-8' },
        payload: '{"minutes":9999}',
      });
      expect(validationErrors(response)).toEqual([
        { field: 'minutes', message: '次のいずれかを指定してください: 60, 240' },
      ]);
    });

    it('answers 422 when a required body is missing', async () => {
      expect(validationErrors(await call('POST', '/api/sessions/current/extend'))).toEqual([
        { field: 'body', message: '必須項目です' },
      ]);
    });
  });

  describe("the framework's own errors are envelopes with every header", () => {
    it('a malformed URL escape', async () => {
      const api = await call('GET', '/api/customers/%E0%A4%A');
      expect(api.statusCode).toBe(400);
      expectErrorEnvelope(api.json(), 'VAL_002');
      expectWellFormed(asAnswer(api));
      // The same security headers as an answer that went through the hooks.
      const health = await call('GET', '/api/health');
      for (const name of SECURITY_HEADERS) expect(api.headers[name], name).toBe(health.headers[name]);
      const auth = await call('GET', '/auth/v1/%E0%A4%A');
      expect(auth.statusCode).toBe(400);
      expectWellFormed(asAnswer(auth), true);
    });

    it('a path parameter longer than the router takes (414)', async () => {
      const response = await call('GET', `/api/customers/${'a'.repeat(101)}`);
      expect(response.statusCode).toBe(414);
      expect(response.json().error.message).toBe('URL が長すぎます。');
      expectWellFormed(asAnswer(response));
    });

    it('an unknown path (also /api and /auth/v1 themselves), a body too large, unparsable JSON', async () => {
      for (const url of ['/api', '/api?x=1', '/api/nope']) expectWellFormed(asAnswer(await call('GET', url)));
      expectWellFormed(asAnswer(await call('GET', '/auth/v1')), true);
      const tooLarge = await call('POST', '/api/customers', {
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ last_name: 'x'.repeat(1024 * 1024) }),
      });
      expect(tooLarge.statusCode).toBe(413);
      expectWellFormed(asAnswer(tooLarge));
      const unparsable = await call('POST', '/api/customers', {
        headers: { 'content-type': 'application/json' },
        payload: '{"last_name":',
      });
      expect(unparsable.statusCode).toBe(400);
      expectWellFormed(asAnswer(unparsable));
    });

    describe('over a socket', () => {
      let port: number;

      beforeAll(async () => {
        await server.app.listen({ port: 0, host: '127.0.0.1' });
        port = (server.app.server.address() as AddressInfo).port;
      });

      function get(target: string, headers: string[] = ['Host: localhost']) {
        return sendRaw(
          port,
          `GET ${target} HTTP/1.1\r\n${[...headers, 'Connection: close'].join('\r\n')}\r\n\r\n`,
        );
      }

      it('a 10 KB query string is read (422 for a search too long), over 16 KB is a 431 envelope', async () => {
        const readable = parseAnswer(await get(`/api/customers?search=${'a'.repeat(10_000)}`));
        expect(readable?.status).toBe(401);
        const tooLong = parseAnswer(await get(`/api/customers?search=${'a'.repeat(20_000)}`));
        expect(tooLong?.status).toBe(431);
        expectWellFormed(tooLong);
        expect(JSON.parse(tooLong?.body ?? '').error).toMatchObject({
          code: 'VAL_002',
          message: 'リクエストのヘッダーまたは URL が長すぎます。',
          path: '/api/customers',
        });
        const auth = parseAnswer(await get(`/auth/v1/user?x=${'a'.repeat(20_000)}`));
        expect(auth?.status).toBe(431);
        expectWellFormed(auth, true);
      });

      it('a request without Host, and CONNECT', async () => {
        const noHost = parseAnswer(await get('/api/health', []));
        expect(noHost?.status).toBe(400);
        expectWellFormed(noHost);
        const authNoHost = parseAnswer(await get('/auth/v1/user', []));
        expect(authNoHost?.status).toBe(400);
        expectWellFormed(authNoHost, true);
        const connect = parseAnswer(
          await sendRaw(port, 'CONNECT /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
        );
        expect(connect?.status).toBe(400);
        expectWellFormed(connect);
      });
    });

    it('a request Node times out (408)', async () => {
      const written: string[] = [];
      const socket = {
        destroyed: false,
        writable: true,
        write: (data: string) => written.push(data),
        destroy: () => {},
      } as unknown as Socket;
      const timeout = Object.assign(new Error('Request timeout'), {
        code: 'ERR_HTTP_REQUEST_TIMEOUT',
        rawPacket: Buffer.from('POST /api/customers HTTP/1.1\r\nHost: x\r\n'),
      });
      answerClientError(await securityHeaderSet()).call(server.app, timeout, socket);
      const answer = parseAnswer(Buffer.from(written.join('')));
      expect(answer?.status).toBe(408);
      expectWellFormed(answer);
      expect(JSON.parse(answer?.body ?? '').error.message).toBe(
        'リクエストの受信が時間内に終わりませんでした。',
      );
    });
  });
});

describe('logging', () => {
  it('logs a 501 and client errors at info without a stack; a failure at error with its stack', async () => {
    const lines: Array<{ level: number; err?: { stack?: string }; code?: string }> = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream } });
    installErrorHandling(app, { spaFallback: null, securityHeaders: await securityHeaderSet() });
    app.get('/api/planned', async () => {
      throw new NotImplementedError('plannedOperation');
    });
    app.get('/api/invalid', async () => {
      throw new ValidationFailedError([{ field: 'x', message: '必須項目です' }]);
    });
    app.get('/api/broken', async () => {
      throw new Error('a bug');
    });
    try {
      for (const url of ['/api/planned', '/api/invalid', '/api/broken']) await app.inject({ url });
    } finally {
      await app.close();
    }
    const byCode = (code: string) => lines.find((line) => line.code === code);
    expect(byCode('SYS_005')).toMatchObject({ level: 30 });
    expect(byCode('SYS_005')?.err).toBeUndefined();
    expect(byCode('VAL_001')).toMatchObject({ level: 30 });
    expect(byCode('VAL_001')?.err).toBeUndefined();
    expect(byCode('SYS_001')).toMatchObject({ level: 50 });
    expect(byCode('SYS_001')?.err?.stack).toContain('a bug');
  });
});
