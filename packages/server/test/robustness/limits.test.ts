/**
 * The API's rate limit is one budget per client over all of /api (not one per route), and the
 * production build never serves a source map, compressed or not.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../src/seed/demo';
import { expectErrorEnvelope } from '../support/contract';
import { createTestServer, type TestServer } from '../support/server';
import { answerProblems } from './response-checks';

describe('the API rate limit', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer({ config: { apiRateLimitPerMinute: 3 } });
  });

  afterAll(async () => {
    await server.close();
  });

  it('is one budget per client across every /api route, per user when signed in, and leaves /auth/v1 alone', async () => {
    const sakura = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
    const midori = (await server.signIn(DEMO_USERS.midoriAdmin.email)).access_token;

    // Anonymous: three different routes (one of them unknown) spend the address's budget.
    expect((await server.get('/api/health')).statusCode).toBe(200);
    expect((await server.get('/api/openapi.json')).statusCode).toBe(200);
    expect((await server.get('/api/nope')).statusCode).toBe(404);
    const blocked = await server.get('/api/customers');
    expect(blocked.statusCode).toBe(429);
    expectErrorEnvelope(blocked.json(), 'RATE_001');
    expect(
      answerProblems(
        { status: blocked.statusCode, headers: blocked.headers, body: blocked.body },
        { method: 'GET', operationId: null },
      ),
    ).toEqual([]);
    // A forged token is no way around it.
    expect((await server.get('/api/health', { token: 'forged.token.value' })).statusCode).toBe(429);

    // A signed-in user has a budget of their own, spent on any route.
    expect((await server.get('/api/customers', { token: sakura })).statusCode).toBe(200);
    expect((await server.get('/api/sessions/current', { token: sakura })).statusCode).toBe(200);
    expect((await server.get('/api/health', { token: sakura })).statusCode).toBe(200);
    expect((await server.get('/api/auth/tenant/me', { token: sakura })).statusCode).toBe(429);
    // … which is not another user's.
    expect((await server.get('/api/customers', { token: midori })).statusCode).toBe(200);

    // The auth service keeps its own throttle.
    expect((await server.get('/auth/v1/settings')).statusCode).toBe(200);
  });
});

describe('source maps of the production build', () => {
  let dist: string;
  let server: TestServer;
  const map = '{"version":3,"sources":["src/main.tsx"],"sourcesContent":["secret"]}';

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'tsumiki-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><html lang="ja"></html>');
    await writeFile(join(dist, 'assets', 'index-B4x9Qz.js'), 'export {};');
    // `vite build --sourcemap` leaves maps, and the precompress step compresses them as well.
    await writeFile(join(dist, 'assets', 'index-B4x9Qz.js.map'), map);
    await writeFile(join(dist, 'assets', 'index-B4x9Qz.js.map.gz'), gzipSync(map));
    await writeFile(join(dist, 'assets', 'index-B4x9Qz.js.map.br'), brotliCompressSync(map));
    server = await createTestServer({ config: { serveApp: true, appDistDir: dist } });
  });

  afterAll(async () => {
    await server.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('are never served, compressed or not, however the path is written', async () => {
    for (const path of [
      '/assets/index-B4x9Qz.js.map',
      '/assets/index-B4x9Qz.js.map.gz',
      '/assets/index-B4x9Qz.js.map.br',
      '/assets/index-B4x9Qz.js.MAP.GZ',
      '/assets/index-B4x9Qz.js%2Emap',
      '/assets/index-B4x9Qz.js.ma%70.br',
      '/assets/./index-B4x9Qz.js.map',
    ]) {
      for (const acceptEncoding of [undefined, 'br', 'gzip']) {
        const response = await server.app.inject({
          method: 'GET',
          url: path,
          headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
        });
        expect(response.statusCode, `${path} ${acceptEncoding}`).toBe(404);
        expect(response.rawPayload.includes('sources'), path).toBe(false);
      }
    }
    expect((await server.get('/assets/index-B4x9Qz.js')).statusCode).toBe(200);
  });
});
