import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../src/app';
import { authIssuer, testConfig } from '../src/config';
import { appRoleUrl } from '../src/platform/db/app-role';
import { openDatabase } from '../src/platform/db/database';
import { findFreePort } from '../src/platform/db/embedded';
import { DEMO_USERS } from '../src/seed/demo';
import { expectErrorEnvelope, expectMatchesContract } from './support/contract';
import { createBlankDatabase, forgetRateLimits } from './support/database';
import { createTestServer, type TestServer } from './support/server';

describe('error envelope and health', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer();
  });

  afterAll(async () => {
    await server.close();
  });

  it('reports health without a token', async () => {
    const response = await server.get('/api/health');
    expect(response.statusCode).toBe(200);
    expectMatchesContract('getHealth', 200, response.json());
    // No version: anybody may ask, and the server's version would only help an attacker.
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('returns the request id both in X-Request-Id and in the envelope', async () => {
    const response = await server.get('/api/customers');
    expect(response.statusCode).toBe(401);
    const body = response.json();
    expectErrorEnvelope(body, 'AUTH_001');
    expect(response.headers['x-request-id']).toBe(body.error.request_id);
    expect(body.error).toMatchObject({
      category: 'authentication',
      severity: 'medium',
      message: 'ログインが必要です。',
      path: '/api/customers',
    });
    expect(body.error.suggestion).toMatch(/ログイン/);
    expect(Date.parse(body.error.timestamp)).not.toBeNaN();
    expect((await server.get('/api/health')).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown /api routes with a 404 RES_001 envelope', async () => {
    for (const response of [
      await server.get('/api/does-not-exist'),
      await server.app.inject({ method: 'DELETE', url: '/api/nothing/here' }),
      await server.get('/api'),
    ]) {
      expect(response.statusCode).toBe(404);
      expectErrorEnvelope(response.json(), 'RES_001');
      expect(response.json().error.message).toBe('指定された API が見つかりません。');
    }
  });

  it('answers a method the contract does not declare on a known path with 405 and Allow', async () => {
    for (const [method, url, allow] of [
      ['DELETE', '/api/customers', 'GET, POST, HEAD'],
      ['PATCH', '/api/customers/3b0c8a52-6c1e-4f7a-9d2b-8e4f5a6b7c8d', 'GET, PUT, DELETE, HEAD'],
      // A fixed path wins over the parametric one that also matches it (/api/documents/{id}).
      ['GET', '/api/documents/upload', 'POST'],
      ['OPTIONS', '/api/health', 'GET, HEAD'],
    ] as const) {
      // Before authentication: the contract is public, the answer reveals nothing.
      const response = await server.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(405);
      expect(response.headers.allow).toBe(allow);
      expectErrorEnvelope(response.json(), 'VAL_002');
      expect(response.json().error.message).toBe('この URL ではこのメソッドは使えません。');
    }
    // A declared method still goes on to its checks.
    expect((await server.app.inject({ method: 'DELETE', url: '/api/customers/x' })).statusCode).toBe(401);
  });

  it('sends security headers with a CSP fit for the SPA', async () => {
    const response = await server.get('/api/health');
    const csp = String(response.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      // The document preview frames the file the app fetched, as a blob: URL.
      "frame-src 'self' blob:",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    // The older header says what frame-ancestors 'none' says, not SAMEORIGIN beside it.
    expect(response.headers['x-frame-options']).toBe('DENY');
    // HSTS means something only over HTTPS: not sent over plain HTTP.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS over HTTPS only, as a proxy it trusts reports it', async () => {
    const proxied = await createTestServer({ database: server.database, config: { trustProxy: 1 } });
    try {
      const https = await proxied.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect((await proxied.get('/api/health')).headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
    // Without TRUST_PROXY nobody's X-Forwarded-Proto is believed.
    const untrusted = await server.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
  });

  it('limits /api per IP with RATE_001 when configured', async () => {
    await forgetRateLimits(server.database);
    const limited = await createTestServer({
      database: server.database,
      config: { apiRateLimitPerMinute: 2 },
    });
    try {
      expect((await limited.get('/api/health')).statusCode).toBe(200);
      expect((await limited.get('/api/health')).statusCode).toBe(200);
      const blocked = await limited.get('/api/health');
      expect(blocked.statusCode).toBe(429);
      expectMatchesContract('getHealth', 429, blocked.json());
      expectErrorEnvelope(blocked.json(), 'RATE_001');
    } finally {
      await limited.close();
    }
  });
});

describe('infrastructure failures', () => {
  const secret = 'a-test-secret-that-is-long-enough-for-hs256';

  it('answers 503 SYS_003 from health when the database cannot be reached', async () => {
    const port = await findFreePort();
    const db = openDatabase(`postgres://tsumiki_app:x@127.0.0.1:${port}/nothing`);
    const app = await buildServer({ db, config: testConfig({ authJwtSecret: secret }) });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expectMatchesContract('getHealth', 503, response.json());
      expectErrorEnvelope(response.json(), 'SYS_003');
      expect(response.json().error).toMatchObject({ category: 'database', severity: 'high' });
    } finally {
      await app.close();
      await db.destroy();
    }
  });

  it('answers 500 SYS_001 without leaking internals when a query fails', async () => {
    // A reachable database without our tables: every query of the auth check fails.
    const blank = await createBlankDatabase();
    const db = openDatabase(appRoleUrl(blank.ownerUrl));
    const app = await buildServer({ db, config: testConfig({ authJwtSecret: secret }) });
    try {
      const token = await new SignJWT({ email: 'x@example.com', session_id: DEMO_USERS.sakuraAdmin.id })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(DEMO_USERS.sakuraAdmin.id)
        .setAudience('authenticated')
        .setIssuer(authIssuer(testConfig()))
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode(secret));
      const response = await app.inject({
        method: 'GET',
        url: '/api/customers',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(500);
      expectErrorEnvelope(response.json(), 'SYS_001');
      expect(response.json().error).toMatchObject({
        severity: 'high',
        message: 'システムエラーが発生しました。',
      });
      expect(response.body).not.toMatch(/relation|auth_sessions|stack|at /);
    } finally {
      await app.close();
      await db.destroy();
      await blank.drop();
    }
  });
});
