// Google sign-in through the embedded auth service, against a local OpenID provider that speaks
// the real protocol (oauth2-mock-server: discovery, JWKS, signed ID tokens, PKCE, nonce).

import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeSessionEvent } from '../src/modules/sessions/sessions.service';
import { DEMO_PASSWORD, DEMO_TENANTS, DEMO_USERS } from '../src/seed/demo';
import { authClient } from './support/auth-client';
import {
  chooseAccount,
  type MockGoogle,
  type MockGoogleAccount,
  startMockGoogle,
} from './support/mock-google';
import { createTestServer, type GoTrueSessionBody, type TestServer } from './support/server';

function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

async function redirectOf(url: string): Promise<string> {
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status, `${url} → ${await response.clone().text()}`).toBe(302);
  const location = response.headers.get('location');
  if (!location) throw new Error('no Location');
  return location;
}

function params(location: string): URLSearchParams {
  return new URL(location).searchParams;
}

describe('Google sign-in (OpenID Connect) through the embedded auth service', () => {
  let google: MockGoogle;
  let server: TestServer;
  let origin: string;

  beforeAll(async () => {
    google = await startMockGoogle();
    server = await createTestServer({
      config: {
        google: { clientId: google.clientId, clientSecret: google.clientSecret, issuerUrl: google.issuerUrl },
      },
    });
    origin = await (server.app as FastifyInstance).listen({ host: '127.0.0.1', port: 0 });
  });

  afterAll(async () => {
    await server?.close();
    await google?.stop();
  });

  /** /authorize as auth-js calls it: the URL of Google's authorization endpoint. */
  async function authorize(options: { redirectTo?: string; challenge: string }): Promise<string> {
    const query = new URLSearchParams({
      provider: 'google',
      code_challenge: options.challenge,
      code_challenge_method: 's256',
    });
    if (options.redirectTo !== undefined) query.set('redirect_to', options.redirectTo);
    return redirectOf(`${origin}/auth/v1/authorize?${query}`);
  }

  /** The person picks `account` at Google: the provider sends the browser to our callback. */
  async function atGoogle(googleUrl: string, account: MockGoogleAccount): Promise<string> {
    return redirectOf(chooseAccount(googleUrl, account));
  }

  async function exchange(code: string, verifier: string) {
    return server.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=pkce',
      payload: { auth_code: code, code_verifier: verifier },
    });
  }

  /** The whole round trip up to the app's return address (with `code` or an error). */
  async function signIn(
    account: MockGoogleAccount,
    redirectTo = `${origin}/auth/callback?redirect=%2Fcustomers`,
  ) {
    const pkce = pkcePair();
    const googleUrl = await authorize({ redirectTo, challenge: pkce.challenge });
    const callbackUrl = await atGoogle(googleUrl, account);
    const returned = await redirectOf(callbackUrl);
    return { ...pkce, googleUrl, callbackUrl, returned };
  }

  it('sends the browser to the provider with state, nonce and an S256 PKCE challenge of its own', async () => {
    const { challenge } = pkcePair();
    const googleUrl = new URL(await authorize({ redirectTo: `${origin}/auth/callback`, challenge }));
    expect(googleUrl.origin).toBe(new URL(google.issuerUrl).origin);
    expect(googleUrl.pathname).toBe('/authorize');
    const query = googleUrl.searchParams;
    expect(query.get('client_id')).toBe(google.clientId);
    expect(query.get('redirect_uri')).toBe(`${origin}/auth/v1/callback`);
    expect(query.get('response_type')).toBe('code');
    expect(query.get('scope')).toBe('openid email profile');
    expect(query.get('state')?.length).toBeGreaterThanOrEqual(32);
    expect(query.get('nonce')?.length).toBeGreaterThanOrEqual(32);
    expect(query.get('code_challenge_method')).toBe('S256');
    // Our own challenge towards Google, not the app's.
    expect(query.get('code_challenge')).not.toBe(challenge);
    const stored = await server.database.owner
      .selectFrom('auth_oidc_flows')
      .selectAll()
      .where('code_challenge', '=', challenge)
      .executeTakeFirstOrThrow();
    // Only the state's hash is kept.
    expect(stored.state_hash).toBe(
      createHash('sha256')
        .update(query.get('state') as string)
        .digest('hex'),
    );
    expect(stored.expires_at.getTime() - stored.created_at.getTime()).toBeGreaterThan(9 * 60_000);
    expect(stored.expires_at.getTime() - stored.created_at.getTime()).toBeLessThanOrEqual(10 * 60_000 + 1000);
  });

  it('signs a new person in: a user without a password, named from the ID token, linked by subject', async () => {
    const account = { email: 'Hanako.Google@Example.com', name: '山田 花子', sub: '100000000000000000001' };
    const { verifier, returned } = await signIn(account);
    expect(returned.startsWith(`${origin}/auth/callback?`)).toBe(true);
    expect(params(returned).get('redirect')).toBe('/customers');
    const code = params(returned).get('code');
    expect(code).toBeTruthy();

    const response = await exchange(code as string, verifier);
    expect(response.statusCode).toBe(200);
    const session = response.json<GoTrueSessionBody>();
    expect(session.user.email).toBe('hanako.google@example.com');
    expect(session.user.user_metadata.full_name).toBe('山田 花子');
    expect(session.refresh_token).toBeTruthy();
    expect(response.headers['set-cookie']).toContain('tsumiki_device=');

    const user = await server.database.owner
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'hanako.google@example.com')
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toBeNull();
    const identity = await server.database.owner
      .selectFrom('auth_identities')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(identity).toMatchObject({ provider: 'google', subject: account.sub });
    const event = await server.database.owner
      .selectFrom('auth_session_events')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(event.type).toBe('sign_in');
    expect(describeSessionEvent(event.type, event.detail)).toBe('Google でログインしました。');

    // Signed in, but a member of no tenant: the API refuses tenant-me (the app signs them out).
    expect((await server.get('/auth/v1/user', { token: session.access_token })).statusCode).toBe(200);
    expect((await server.get('/api/auth/tenant/me', { token: session.access_token })).statusCode).toBe(403);
  });

  it('links an existing user by verified email, case-insensitively, and keeps their password', async () => {
    const email = DEMO_USERS.sakuraStaff.email.toUpperCase();
    const { verifier, returned } = await signIn({
      email,
      sub: '100000000000000000002',
      name: 'Kenta Tanaka',
    });
    const response = await exchange(params(returned).get('code') as string, verifier);
    expect(response.statusCode).toBe(200);
    const session = response.json<GoTrueSessionBody>();
    expect(session.user.id).toBe(DEMO_USERS.sakuraStaff.id);
    // The name of the account stays as the clinic entered it.
    expect(session.user.user_metadata.full_name).toBe('田中 健太');
    const customers = await server.get('/api/customers?limit=1', {
      token: session.access_token,
      tenantId: DEMO_TENANTS.sakura.id,
    });
    expect(customers.statusCode).toBe(200);
    await expect(server.signIn(DEMO_USERS.sakuraStaff.email, DEMO_PASSWORD)).resolves.toBeTruthy();
  });

  it('recognises a linked Google account by its subject after its email changed', async () => {
    const sub = '100000000000000000003';
    const first = await signIn({ email: 'before@example.com', sub });
    const before = (
      await exchange(params(first.returned).get('code') as string, first.verifier)
    ).json<GoTrueSessionBody>();
    const second = await signIn({ email: 'after@example.com', sub });
    const after = (
      await exchange(params(second.returned).get('code') as string, second.verifier)
    ).json<GoTrueSessionBody>();
    expect(after.user.id).toBe(before.user.id);
    expect(after.user.email).toBe('before@example.com');
    const users = await server.database.owner
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'after@example.com')
      .execute();
    expect(users).toEqual([]);
  });

  it('refuses an account whose email Google has not verified, and makes no user', async () => {
    const { returned } = await signIn({ email: 'unverified@example.com', email_verified: false });
    const query = params(returned);
    expect(query.get('code')).toBeNull();
    expect(query.get('error')).toBe('access_denied');
    expect(query.get('error_code')).toBe('email_not_confirmed');
    expect(query.get('error_description')).toBe(
      'Google アカウントのメールアドレスが確認されていないため、ログインできません。確認済みのアカウントをお使いください。',
    );
    const users = await server.database.owner
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'unverified@example.com')
      .execute();
    expect(users).toEqual([]);
  });

  it('refuses a replayed callback (the same state a second time)', async () => {
    const { callbackUrl, returned } = await signIn({ email: 'replay@example.com' });
    expect(params(returned).get('code')).toBeTruthy();
    const replayed = await redirectOf(callbackUrl);
    expect(replayed.startsWith(`${origin}/auth/callback?`)).toBe(true);
    expect(params(replayed).get('code')).toBeNull();
    expect(params(replayed).get('error_code')).toBe('bad_oauth_state');
    expect(params(replayed).get('error_description')).toBe(
      'Google ログインの要求が無効か、すでに使われています。ログイン画面から、もう一度お試しください。',
    );
  });

  it('refuses a forged or missing state', async () => {
    const { challenge } = pkcePair();
    const googleUrl = await authorize({ redirectTo: `${origin}/auth/callback`, challenge });
    const callbackUrl = new URL(await atGoogle(googleUrl, { email: 'forged@example.com' }));
    callbackUrl.searchParams.set('state', randomBytes(32).toString('base64url'));
    const forged = await redirectOf(callbackUrl.href);
    expect(params(forged).get('error_code')).toBe('bad_oauth_state');
    expect(params(forged).get('code')).toBeNull();
    callbackUrl.searchParams.delete('state');
    expect(params(await redirectOf(callbackUrl.href)).get('error_code')).toBe('bad_oauth_state');
  });

  it('refuses an ID token whose nonce is not the one of the flow', async () => {
    google.alterNextIdToken((payload) => {
      payload.nonce = 'a-nonce-of-another-flow';
    });
    const { returned } = await signIn({ email: 'nonce@example.com' });
    expect(params(returned).get('code')).toBeNull();
    expect(params(returned).get('error_code')).toBe('provider_error');
    expect(params(returned).get('error_description')).toBe(
      'Google でログインできませんでした。もう一度お試しください。',
    );
  });

  it('refuses an ID token for another audience', async () => {
    google.alterNextIdToken((payload) => {
      payload.aud = 'someone-elses-client';
    });
    const { returned } = await signIn({ email: 'audience@example.com' });
    expect(params(returned).get('code')).toBeNull();
    expect(params(returned).get('error_code')).toBe('provider_error');
  });

  it('refuses a flow that has expired', async () => {
    const { challenge } = pkcePair();
    const googleUrl = await authorize({ redirectTo: `${origin}/auth/callback`, challenge });
    const callbackUrl = await atGoogle(googleUrl, { email: 'slow@example.com' });
    await server.database.owner
      .updateTable('auth_oidc_flows')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('code_challenge', '=', challenge)
      .execute();
    const returned = await redirectOf(callbackUrl);
    expect(params(returned).get('code')).toBeNull();
    expect(params(returned).get('error_code')).toBe('flow_state_expired');
    expect(params(returned).get('error_description')).toBe(
      'Google ログインの有効期限が切れました。ログイン画面から、もう一度お試しください。',
    );
  });

  it('says so when the person cancels at Google', async () => {
    const { challenge } = pkcePair();
    const googleUrl = new URL(await authorize({ redirectTo: `${origin}/auth/callback`, challenge }));
    const state = googleUrl.searchParams.get('state') as string;
    const returned = await redirectOf(
      `${origin}/auth/v1/callback?${new URLSearchParams({ error: 'access_denied', state })}`,
    );
    expect(params(returned).get('error')).toBe('access_denied');
    expect(params(returned).get('error_description')).toBe('Google でのログインがキャンセルされました。');
  });

  it('follows redirect_to only on the site itself (no open redirect)', async () => {
    for (const redirectTo of ['https://evil.example/steal', '//evil.example/steal', 'javascript:alert(1)']) {
      const { returned } = await signIn({ email: 'redirect@example.com' }, redirectTo);
      expect(returned.startsWith(`${origin}/auth/callback?code=`), returned).toBe(true);
    }
    const { returned } = await signIn({ email: 'redirect@example.com' }, '/auth/callback?redirect=%2Fstaff');
    expect(returned.startsWith(`${origin}/auth/callback?redirect=%2Fstaff&code=`)).toBe(true);
  });

  it('exchanges an auth code once, only with the verifier of its challenge, and not after it expired', async () => {
    const first = await signIn({ email: 'pkce@example.com' });
    const code = params(first.returned).get('code') as string;
    const wrong = await exchange(code, pkcePair().verifier);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error_code: 'bad_code_verifier' });
    // A failed exchange used the code up too.
    const afterWrong = await exchange(code, first.verifier);
    expect(afterWrong.statusCode).toBe(404);
    expect(afterWrong.json()).toMatchObject({ error_code: 'flow_state_not_found' });

    const second = await signIn({ email: 'pkce@example.com' });
    const secondCode = params(second.returned).get('code') as string;
    expect((await exchange(secondCode, second.verifier)).statusCode).toBe(200);
    const replay = await exchange(secondCode, second.verifier);
    expect(replay.statusCode).toBe(404);
    expect(replay.json().msg).toBe(
      'ログインの確認コードが無効か、すでに使われています。もう一度ログインしてください。',
    );

    const third = await signIn({ email: 'pkce@example.com' });
    await server.database.owner
      .updateTable('auth_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const late = await exchange(params(third.returned).get('code') as string, third.verifier);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ error_code: 'flow_state_expired' });
  });

  it('refuses an authorization request without a PKCE challenge', async () => {
    const response = await fetch(
      `${origin}/auth/v1/authorize?provider=google&redirect_to=%2Fauth%2Fcallback`,
      {
        redirect: 'manual',
      },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error_code: 'validation_failed',
      msg: 'code_challenge（PKCE）を指定してください。',
    });
  });

  it('works with the official auth-js client: signInWithOAuth, then exchangeCodeForSession', async () => {
    const auth = authClient(origin, { flowType: 'pkce' });
    const { data, error } = await auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: `${origin}/auth/callback`, skipBrowserRedirect: true },
    });
    expect(error).toBeNull();
    const googleUrl = await redirectOf(data.url as string);
    const returned = await redirectOf(await atGoogle(googleUrl, { email: DEMO_USERS.sakuraAdmin.email }));
    const code = params(returned).get('code') as string;
    const exchanged = await auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.id).toBe(DEMO_USERS.sakuraAdmin.id);
    const user = await auth.getUser();
    expect(user.data.user?.email).toBe(DEMO_USERS.sakuraAdmin.email);
    expect((await auth.signOut()).error).toBeNull();
  });

  it('sends the person back with a Japanese message when the provider cannot be reached', async () => {
    const unreachable = await createTestServer({
      database: server.database,
      config: {
        google: { clientId: 'id', clientSecret: 'secret', issuerUrl: 'http://127.0.0.1:9' },
      },
    });
    try {
      const response = await unreachable.app.inject({
        method: 'GET',
        url: `/auth/v1/authorize?provider=google&code_challenge=${pkcePair().challenge}&code_challenge_method=s256&redirect_to=%2Fauth%2Fcallback`,
      });
      expect(response.statusCode).toBe(302);
      const location = new URL(response.headers.location as string);
      expect(location.pathname).toBe('/auth/callback');
      expect(location.searchParams.get('error_code')).toBe('provider_unavailable');
      expect(location.searchParams.get('error_description')).toBe(
        'Google に接続できませんでした。時間をおいて、もう一度お試しください。',
      );
    } finally {
      await unreachable.close();
    }
  });
});
