import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STORAGE_KEY } from './load-auth';

/**
 * The auth client made on a page opened at `url`, with a PKCE code verifier left in storage (as
 * every sign-up and Google sign-in in PKCE mode leaves one): the addresses it called while it
 * initialised.
 */
async function authCallsOnOpening(url: string): Promise<string[]> {
  vi.resetModules();
  window.history.replaceState(null, '', url);
  localStorage.setItem(`${AUTH_STORAGE_KEY}-code-verifier`, JSON.stringify('verifier-of-an-earlier-sign-up'));
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify({ code: 404, error_code: 'flow_state_not_found', msg: 'not found' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const { authClient } = await import('./auth-client');
  await authClient.initialize();
  authClient.stopAutoRefresh();
  return fetchMock.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input));
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('the auth client and codes in the address', () => {
  it("leaves the invitation's ?code= alone: no PKCE exchange on /invite", async () => {
    const calls = await authCallsOnOpening('/invite?code=Xy_invitation-code-123');
    expect(calls.filter((url) => url.includes('grant_type=pkce'))).toEqual([]);
  });

  it('leaves a ?code= on any other page alone too', async () => {
    const calls = await authCallsOnOpening('/customers?code=abc');
    expect(calls.filter((url) => url.includes('grant_type=pkce'))).toEqual([]);
  });

  it('exchanges the code on the return from Google (/auth/callback)', async () => {
    const calls = await authCallsOnOpening('/auth/callback?code=google-return-code&redirect=%2F');
    expect(calls.filter((url) => url.includes('/auth/v1/token?grant_type=pkce'))).toHaveLength(1);
  });
});
