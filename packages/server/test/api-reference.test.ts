import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../src/paths';
import { loadOpenApiDocument } from '../src/platform/http/openapi';
import { expectMatchesContract } from './support/contract';
import { createTestServer, type TestServer } from './support/server';

const run = promisify(execFile);

describe('the contract and its reference page', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer();
  });

  afterAll(async () => {
    await server.close();
  });

  it('serves the contract as JSON at /api/openapi.json without a token', async () => {
    const response = await server.get('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expectMatchesContract('getOpenApiDocument', 200, response.json());
    expect(response.json()).toEqual(loadOpenApiDocument());
  });

  it('is the same document as the Redocly bundle the build ships (dist/openapi.json)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tsumiki-bundle-'));
    try {
      const output = join(dir, 'openapi.json');
      await run(
        'pnpm',
        ['exec', 'redocly', 'bundle', '../../openapi/openapi.yaml', '--ext', 'json', '--output', output],
        { cwd: packageRoot },
      );
      const bundled = JSON.parse(await readFile(output, 'utf8'));
      expect(bundled).toEqual(loadOpenApiDocument());
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('serves a Japanese reference page at /api/docs with a CSP that lets it run and nothing from elsewhere', async () => {
    const response = await server.get('/api/docs');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<html lang="ja">');
    expect(response.body).toContain('<title>Tsumiki API リファレンス</title>');
    expect(response.body).not.toMatch(/https?:\/\//);
    const csp = String(response.headers['content-security-policy']);
    for (const directive of [
      "script-src 'self'",
      "connect-src 'self'",
      "font-src 'self' data:",
      "worker-src 'self' blob:",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe-eval');

    const scripts = [...response.body.matchAll(/<script src="([^"]+)"><\/script>/g)].map((match) => match[1]);
    expect(scripts).toHaveLength(2);
    const [bundlePath, initPath] = scripts as [string, string];
    // Named by its content, not its version: the page tells nobody which Scalar it runs.
    expect(bundlePath).toMatch(/^\/api\/docs\/scalar-[0-9a-f]{16}\.js$/);

    const bundle = await server.get(bundlePath);
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(bundle.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(bundle.body).toContain('createApiReference');

    const init = await server.get(initPath);
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain("Scalar.createApiReference('#reference'");
    expect(init.body).toContain('"url":"/api/openapi.json"');
    expect(init.body).toContain('"withDefaultFonts":false');
  });

  it('keeps other paths under /api/docs in the API 404', async () => {
    const response = await server.get('/api/docs/nothing.js');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('RES_001');
  });
});
