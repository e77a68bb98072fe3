import type { Client } from 'openapi-fetch';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiClientOptions, ApiError, createApiClient, unwrap } from '../src/index';
import { envelope, json, startTestServer } from './http-server';

/** Paths the test server answers besides the contract's; the client itself is path-agnostic. */
interface TestPaths {
  '/api/echo': {
    post: {
      requestBody: { content: { 'application/json': { name: string } | Record<string, never> } };
      responses: { 200: { content: { 'application/json': { body: string; contentType: string } } } };
    };
  };
  '/api/redirect': {
    get: { responses: { 200: { content: { 'application/json': { ok: boolean } } } } };
  };
}

const servers: Array<{ close: () => Promise<void> }> = [];
afterEach(async () => {
  while (servers.length) await servers.pop()?.close();
});

/** Tokens are valid when they equal `valid`; anything else answers 401 with the envelope. */
async function authServer(valid: () => string) {
  const server = await startTestServer((request, response) => {
    if (request.path === '/api/health')
      return json(response, 200, { status: 'ok', database: 'ok', version: 't' });
    if (request.authorization !== `Bearer ${valid()}`) {
      return json(response, 401, envelope('AUTH_002', 'セッションの有効期限が切れました。'));
    }
    if (request.path === '/api/redirect') {
      response.writeHead(302, { location: '/api/health' });
      return response.end();
    }
    if (request.path === '/api/echo') {
      return json(response, 200, { body: request.body, contentType: request.contentType ?? '' });
    }
    return json(response, 200, { success: true, user: { id: 'u1' } });
  });
  servers.push(server);
  return server;
}

function client(url: string, overrides: Partial<ApiClientOptions> = {}) {
  return createApiClient({ baseUrl: url, getAccessToken: () => 'old', ...overrides });
}

function asTestClient(api: ReturnType<typeof createApiClient>) {
  return api as unknown as Client<TestPaths>;
}

describe('createApiClient', () => {
  it('attaches the bearer token to every call except health', async () => {
    const server = await authServer(() => 'old');
    const api = client(server.url);
    await unwrap(api.GET('/api/health'));
    await unwrap(api.GET('/api/auth/tenant/me'));
    expect(server.requests.map((r) => [r.path, r.authorization])).toEqual([
      ['/api/health', undefined],
      ['/api/auth/tenant/me', 'Bearer old'],
    ]);
  });

  it('retries a JSON POST once with a refreshed token, body intact', async () => {
    let current = 'new';
    const server = await authServer(() => current);
    const refreshAccessToken = vi.fn(async () => 'new');
    const api = asTestClient(client(server.url, { refreshAccessToken }));
    const echoed = await unwrap(api.POST('/api/echo', { body: { name: '山田 太郎' } }));
    expect(echoed).toEqual({ body: JSON.stringify({ name: '山田 太郎' }), contentType: 'application/json' });
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(server.requests.map((r) => r.authorization)).toEqual(['Bearer old', 'Bearer new']);
    current = 'unused';
  });

  it('retries a FormData POST once with a refreshed token, body intact', async () => {
    const server = await authServer(() => 'new');
    const api = asTestClient(client(server.url, { refreshAccessToken: async () => 'new' }));
    const form = new FormData();
    form.append('title', '診療メモ');
    form.append('file', new Blob(['こんにちは'], { type: 'text/plain' }), 'memo.txt');
    const echoed = await unwrap(
      api.POST('/api/echo', { body: {}, bodySerializer: () => form as unknown as string }),
    );
    expect(echoed.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(echoed.body).toContain('診療メモ');
    expect(echoed.body).toContain('こんにちは');
    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]?.body).toBe(
      server.requests[1]?.body.replaceAll(
        boundaryOf(server.requests[1]?.contentType),
        boundaryOf(server.requests[0]?.contentType),
      ),
    );
  });

  it('shares one refresh between three concurrent 401s', async () => {
    const server = await authServer(() => 'new');
    let resolveRefresh: (token: string) => void = () => {};
    const refreshAccessToken = vi.fn(() => new Promise<string>((resolve) => (resolveRefresh = resolve)));
    const api = client(server.url, { refreshAccessToken });
    const calls = [1, 2, 3].map(() => unwrap(api.GET('/api/auth/tenant/me')));
    await vi.waitFor(() => expect(server.requests).toHaveLength(3), { timeout: 10_000 });
    resolveRefresh('new');
    await Promise.all(calls);
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(server.requests.filter((r) => r.authorization === 'Bearer new')).toHaveLength(3);
  });

  it('calls onAuthenticationFailure once and throws the envelope when refresh fails', async () => {
    const server = await authServer(() => 'never');
    const onAuthenticationFailure = vi.fn();
    const api = client(server.url, { refreshAccessToken: async () => null, onAuthenticationFailure });
    const error = await unwrap(api.GET('/api/auth/tenant/me')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).code).toBe('AUTH_002');
    expect((error as ApiError).message).toBe('セッションの有効期限が切れました。');
    expect(onAuthenticationFailure).toHaveBeenCalledTimes(1);
  });

  it('never retries my-features after a 401', async () => {
    const server = await authServer(() => 'new');
    const refreshAccessToken = vi.fn(async () => 'new');
    const api = client(server.url, { refreshAccessToken });
    const error = await unwrap(api.GET('/api/tenant-features/my-features', { params: { header: {} } })).catch(
      (e: unknown) => e,
    );
    expect((error as ApiError).status).toBe(401);
    expect(refreshAccessToken).not.toHaveBeenCalled();
    expect(server.requests).toHaveLength(1);
  });

  it('does not follow a 302 and reports it as an error', async () => {
    const server = await authServer(() => 'old');
    const api = asTestClient(client(server.url));
    const error = await unwrap(api.GET('/api/redirect')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(302);
    expect(server.requests.map((r) => r.path)).toEqual(['/api/redirect']);
  });

  it('collapses double slashes in the path', async () => {
    const server = await authServer(() => 'old');
    const api = client(`${server.url}//tenant-a`);
    await unwrap(api.GET('/api/auth/tenant/me'));
    expect(server.requests[0]?.path).toBe('/tenant-a/api/auth/tenant/me');
  });

  it('maps a refused connection to CLIENT_NETWORK_ERROR in Japanese', async () => {
    const server = await authServer(() => 'old');
    const url = server.url;
    await servers.pop()?.close();
    const error = await unwrap(client(url).GET('/api/health'), '/api/health').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('CLIENT_NETWORK_ERROR');
    expect((error as ApiError).category).toBe('network');
    expect((error as ApiError).severity).toBe('medium');
    expect((error as ApiError).message).toBe('ネットワークエラーが発生しました。接続を確認してください。');
  });

  it('maps a failure while the browser is offline to CLIENT_OFFLINE_ERROR', async () => {
    const server = await authServer(() => 'old');
    const url = server.url;
    await servers.pop()?.close();
    // The browser's own signal; Node has no navigator.onLine.
    vi.stubGlobal('navigator', { onLine: false });
    try {
      const error = await unwrap(client(url).GET('/api/health'), '/api/health').catch((e: unknown) => e);
      expect((error as ApiError).code).toBe('CLIENT_OFFLINE_ERROR');
      expect((error as ApiError).message).toBe('オフラインです。インターネット接続を確認してください。');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('maps an aborted call to CLIENT_TIMEOUT_ERROR', async () => {
    const server = await startTestServer(() => {
      /* never answers */
    });
    servers.push({ close: async () => {} });
    const error = await unwrap(
      client(server.url).GET('/api/auth/tenant/me', { signal: AbortSignal.timeout(50) }),
    ).catch((e: unknown) => e);
    expect((error as ApiError).code).toBe('CLIENT_TIMEOUT_ERROR');
    server.close();
  });
});

function boundaryOf(contentType: string | undefined): string {
  return contentType?.split('boundary=')[1] ?? '';
}
