import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorEnvelope } from './support/contract';
import { createTestServer, type TestServer } from './support/server';

describe('serving the built app', () => {
  let dist: string;
  let server: TestServer;
  const indexHtml =
    '<!doctype html><html lang="ja"><head><title>積み木</title></head><body><div id="root"></div></body></html>';
  // Long enough for compression to pay, like a real chunk.
  const appJs = `${'console.log("積み木のアプリ");\n'.repeat(200)}export {};\n`;
  const serviceWorkerJs = `${'self.addEventListener("fetch", () => {});\n'.repeat(50)}`;

  /** A file and the .br and .gz the app's build writes beside it (packages/app/vite.config.ts). */
  async function writeWithCompressed(path: string, content: string) {
    await writeFile(path, content);
    await writeFile(`${path}.br`, brotliCompressSync(content));
    await writeFile(`${path}.gz`, gzipSync(content));
  }

  function get(url: string, acceptEncoding?: string) {
    return server.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });
  }

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'tsumiki-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeWithCompressed(join(dist, 'index.html'), indexHtml);
    await writeWithCompressed(join(dist, 'assets', 'index-B4x9Qz.js'), appJs);
    await writeFile(join(dist, 'assets', 'index-B4x9Qz.js.map'), '{"version":3,"sources":["src/main.tsx"]}');
    await writeFile(join(dist, 'assets', 'logo-Dk3x9a.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeWithCompressed(join(dist, 'sw.js'), serviceWorkerJs);
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

  it('revalidates the service worker script on every request, compressed or not', async () => {
    for (const acceptEncoding of [undefined, 'gzip, deflate, br']) {
      const response = await get('/sw.js', acceptEncoding);
      expect(response.statusCode, String(acceptEncoding)).toBe(200);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.etag).toBeTruthy();
    }
    const plain = await get('/sw.js');
    expect(plain.body).toBe(serviceWorkerJs);
    // Revalidation: the same script answers 304, so an hourly check costs one small request.
    const again = await server.app.inject({
      method: 'GET',
      url: '/sw.js',
      headers: { 'if-none-match': String(plain.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('revalidates a web app manifest on every request too', async () => {
    await writeFile(join(dist, 'manifest.webmanifest'), '{"name":"積み木"}');
    try {
      const manifest = await get('/manifest.webmanifest');
      expect(manifest.statusCode).toBe(200);
      expect(manifest.headers['cache-control']).toBe('no-cache');
    } finally {
      await rm(join(dist, 'manifest.webmanifest'));
    }
  });

  it('lets the app register its own service worker and nothing else (CSP)', async () => {
    for (const path of ['/', '/sw.js', '/customers/123']) {
      const csp = String((await server.get(path)).headers['content-security-policy']);
      expect(csp, path).toContain("worker-src 'self'");
      expect(csp, path).toContain("manifest-src 'self'");
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).not.toMatch(/worker-src[^;]*(\*|blob:|data:)/);
    }
  });

  it('sends the brotli file to a browser that accepts it', async () => {
    for (const acceptEncoding of ['br', 'gzip, deflate, br, zstd', 'br;q=1.0, gzip;q=0.8']) {
      const response = await get('/assets/index-B4x9Qz.js', acceptEncoding);
      expect(response.statusCode, acceptEncoding).toBe(200);
      expect(response.headers['content-encoding'], acceptEncoding).toBe('br');
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(appJs);
      expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(appJs) / 4);
    }
  });

  it('sends the gzip file when gzip is accepted and brotli is not', async () => {
    const response = await get('/assets/index-B4x9Qz.js', 'gzip, deflate');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(response.rawPayload).toString()).toBe(appJs);
  });

  it('sends the file itself when no compression is accepted, still varying on Accept-Encoding', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const response = await get('/assets/index-B4x9Qz.js', acceptEncoding);
      expect(response.statusCode, String(acceptEncoding)).toBe(200);
      expect(response.headers['content-encoding'], String(acceptEncoding)).toBeUndefined();
      expect(response.body).toBe(appJs);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('sends a file without compressed copies as it is', async () => {
    const response = await get('/assets/logo-Dk3x9a.png', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('compresses index.html, for / and for client-side routes alike, without caching it', async () => {
    for (const path of ['/', '/customers/123']) {
      const response = await get(path, 'gzip, deflate, br');
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-encoding'], path).toBe('br');
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control'], path).toBe('no-cache');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(indexHtml);
    }
  });

  it('never serves source maps, whatever the build left in the directory', async () => {
    for (const acceptEncoding of [undefined, 'gzip, deflate, br']) {
      const response = await get('/assets/index-B4x9Qz.js.map', acceptEncoding);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('sources');
    }
    expect((await get('/assets/INDEX-B4x9Qz.js.MAP')).statusCode).toBe(404);
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
