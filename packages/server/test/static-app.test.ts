import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorEnvelope } from './support/contract';
import { createTestServer, type TestServer } from './support/server';

describe('serving the built app', () => {
  let dist: string;
  let server: TestServer;
  const indexHtml =
    '<!doctype html><html lang="ja"><head><title>積み木</title></head><body><div id="root"></div></body></html>';

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'tsumiki-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), indexHtml);
    await writeFile(join(dist, 'assets', 'index-B4x9Qz.js'), 'console.log("app");');
    await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    server = await createTestServer({ config: { serveApp: true, appDistDir: dist } });
  });

  afterAll(async () => {
    await server.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves index.html at / without caching it', async () => {
    const response = await server.get('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(indexHtml);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers client-side routes (including /auth/callback) with index.html', async () => {
    for (const path of ['/customers', '/customers/123', '/login', '/auth/callback', '/invite?code=abc']) {
      const response = await server.get(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.body).toBe(indexHtml);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year and revalidates other files', async () => {
    const asset = await server.get('/assets/index-B4x9Qz.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const favicon = await server.get('/favicon.svg');
    expect(favicon.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing file with 404, not with the app', async () => {
    const response = await server.get('/assets/missing-123.js');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/json/);
  });

  it('keeps /api and /auth/v1 out of the fallback', async () => {
    const api = await server.get('/api/nothing');
    expect(api.statusCode).toBe(404);
    expectErrorEnvelope(api.json(), 'RES_001');
    const auth = await server.get('/auth/v1/nothing');
    expect(auth.statusCode).toBe(404);
    expect(auth.json()).toMatchObject({ code: 404, error_code: 'not_found' });
    expect((await server.get('/api/health')).json().status).toBe('ok');
  });
});
