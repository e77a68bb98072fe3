import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authIssuer, testConfig } from '../src/config';
import { JWT_SECRET_NAME } from '../src/platform/db/secrets';
import { DEMO_TENANTS, DEMO_USERS } from '../src/seed/demo';
import { expectErrorEnvelope } from './support/contract';
import { createTestDatabase, forgetRateLimits, type TestDatabase } from './support/database';
import { createTestServer, type GoTrueSessionBody, type TestServer } from './support/server';

const ADMIN = DEMO_USERS.sakuraAdmin.email;

describe('embedded auth service (/auth/v1, GoTrue protocol)', () => {
  let database: TestDatabase;
  let server: TestServer;

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await createTestServer({ database });
  });

  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  const token = (body: Record<string, unknown>, grantType: string) =>
    server.app.inject({ method: 'POST', url: `/auth/v1/token?grant_type=${grantType}`, payload: body });

  describe('password grant', () => {
    it('answers a Supabase session with a GoTrue user', async () => {
      const response = await token({ email: ADMIN, password: 'tsumiki-demo-2026' }, 'password');
      expect(response.statusCode).toBe(200);
      const session = response.json<GoTrueSessionBody>();
      expect(session).toMatchObject({
        token_type: 'bearer',
        expires_in: 900,
        user: {
          id: DEMO_USERS.sakuraAdmin.id,
          aud: 'authenticated',
          role: 'authenticated',
          email: ADMIN,
          app_metadata: { provider: 'email', providers: ['email'] },
          user_metadata: { full_name: '佐藤 美咲' },
          identities: [],
        },
      });
      expect(session.expires_at).toBeGreaterThan(Date.now() / 1000);
      expect(session.refresh_token).toMatch(/^[\w-]{40,}$/);
      const [, payload] = session.access_token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      expect(claims).toMatchObject({
        sub: DEMO_USERS.sakuraAdmin.id,
        email: ADMIN,
        aud: 'authenticated',
        role: 'authenticated',
        iss: authIssuer(testConfig()),
      });
      expect(claims.exp - claims.iat).toBe(900);
      expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('accepts the email in any case and with surrounding spaces', async () => {
      const response = await token(
        { email: ` ${ADMIN.toUpperCase()} `, password: 'tsumiki-demo-2026' },
        'password',
      );
      expect(response.statusCode).toBe(200);
    });

    it('rejects a wrong password with GoTrue invalid_credentials in Japanese', async () => {
      const response = await token({ email: ADMIN, password: 'wrong-password' }, 'password');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 400,
        error_code: 'invalid_credentials',
        msg: 'メールアドレスまたはパスワードが正しくありません。',
      });
    });

    it('answers an unknown email exactly like a wrong password', async () => {
      const response = await token(
        { email: 'nobody@example.com', password: 'whatever-password' },
        'password',
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error_code).toBe('invalid_credentials');
    });

    it('rejects missing fields with validation_failed', async () => {
      for (const body of [{ email: ADMIN }, { password: 'x' }, {}]) {
        const response = await token(body, 'password');
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          code: 400,
          error_code: 'validation_failed',
          msg: 'メールアドレスとパスワードを入力してください。',
        });
      }
    });

    it('rejects an unsupported grant type', async () => {
      const response = await token({}, 'magic');
      expect(response.statusCode).toBe(400);
      expect(response.json().error_code).toBe('validation_failed');
    });
  });

  describe('refresh-token grant', () => {
    it('rotates the refresh token on every use', async () => {
      const first = await server.signIn(ADMIN);
      const refreshed = await token({ refresh_token: first.refresh_token }, 'refresh_token');
      expect(refreshed.statusCode).toBe(200);
      const second = refreshed.json<GoTrueSessionBody>();
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect(second.user.id).toBe(DEMO_USERS.sakuraAdmin.id);
      const me = await server.get('/api/auth/tenant/me', { token: second.access_token });
      expect(me.statusCode).toBe(200);

      const third = await token({ refresh_token: second.refresh_token }, 'refresh_token');
      expect(third.statusCode).toBe(200);
    });

    it('lets a just-rotated token be used again within the grace period (two tabs)', async () => {
      const session = await server.signIn(ADMIN);
      const [a, b] = await Promise.all([
        token({ refresh_token: session.refresh_token }, 'refresh_token'),
        token({ refresh_token: session.refresh_token }, 'refresh_token'),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      // Both tabs get the same successor (auth-hardening.test.ts tries ten at once).
      expect(a.json().refresh_token).toBe(b.json().refresh_token);
    });

    it('revokes the whole session when a rotated token comes back after the grace period', async () => {
      const strict = await createTestServer({ database, config: { refreshTokenReuseGraceSeconds: 0 } });
      try {
        const stolen = await strict.signIn(ADMIN);
        const legit = await strict.app.inject({
          method: 'POST',
          url: '/auth/v1/token?grant_type=refresh_token',
          payload: { refresh_token: stolen.refresh_token },
        });
        expect(legit.statusCode).toBe(200);
        const current = legit.json<GoTrueSessionBody>();

        const reuse = await strict.app.inject({
          method: 'POST',
          url: '/auth/v1/token?grant_type=refresh_token',
          payload: { refresh_token: stolen.refresh_token },
        });
        expect(reuse.statusCode).toBe(400);
        expect(reuse.json()).toMatchObject({ code: 400, error_code: 'refresh_token_already_used' });

        // The legitimate holder is signed out too: the session is gone.
        const next = await strict.app.inject({
          method: 'POST',
          url: '/auth/v1/token?grant_type=refresh_token',
          payload: { refresh_token: current.refresh_token },
        });
        expect(next.statusCode).toBe(400);
        expect(next.json().error_code).toBe('refresh_token_not_found');
        const api = await strict.get('/api/customers', { token: current.access_token });
        expect(api.statusCode).toBe(401);
        expectErrorEnvelope(api.json(), 'AUTH_001');
      } finally {
        await strict.close();
      }
    });

    it('rejects an unknown refresh token', async () => {
      const response = await token({ refresh_token: 'not-a-token' }, 'refresh_token');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 400, error_code: 'refresh_token_not_found' });
      expect(response.json().msg).toMatch(/[ぁ-ん]/);
    });

    it('refuses to refresh once the session has ended', async () => {
      const pinned = new Date('2030-01-01T00:00:00Z');
      let now = pinned;
      const timed = await createTestServer({ database, now: () => now, config: { sessionTtlSeconds: 3600 } });
      try {
        const session = await timed.signIn(ADMIN);
        now = new Date(pinned.getTime() + 3601 * 1000);
        const response = await timed.app.inject({
          method: 'POST',
          url: '/auth/v1/token?grant_type=refresh_token',
          payload: { refresh_token: session.refresh_token },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().error_code).toBe('session_expired');
      } finally {
        await timed.close();
      }
    });
  });

  describe('user and logout', () => {
    it('returns the user for a valid access token', async () => {
      const session = await server.signIn(ADMIN);
      const response = await server.get('/auth/v1/user', { token: session.access_token });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: DEMO_USERS.sakuraAdmin.id,
        email: ADMIN,
        aud: 'authenticated',
      });
    });

    it('answers GoTrue errors without or with a bad token', async () => {
      const missing = await server.get('/auth/v1/user');
      expect(missing.statusCode).toBe(401);
      expect(missing.json().error_code).toBe('no_authorization');
      const bad = await server.get('/auth/v1/user', { token: 'abc.def.ghi' });
      expect(bad.statusCode).toBe(403);
      expect(bad.json().error_code).toBe('bad_jwt');
    });

    it('logout (local) ends the session: its access token stops working on /api and /auth/v1', async () => {
      const session = await server.signIn(ADMIN);
      expect((await server.get('/api/customers', { token: session.access_token })).statusCode).toBe(200);

      // auth-js sends an empty body with a JSON content type.
      const logout = await server.app.inject({
        method: 'POST',
        url: '/auth/v1/logout?scope=local',
        headers: {
          authorization: `Bearer ${session.access_token}`,
          'content-type': 'application/json;charset=UTF-8',
        },
      });
      expect(logout.statusCode).toBe(204);

      const api = await server.get('/api/customers', { token: session.access_token });
      expect(api.statusCode).toBe(401);
      expectErrorEnvelope(api.json(), 'AUTH_001');
      const user = await server.get('/auth/v1/user', { token: session.access_token });
      expect(user.statusCode).toBe(403);
      expect(user.json().error_code).toBe('session_not_found');
      const refresh = await token({ refresh_token: session.refresh_token }, 'refresh_token');
      expect(refresh.json().error_code).toBe('refresh_token_not_found');
    });

    it('logout (others) keeps the current session and ends the rest; global ends all', async () => {
      const phone = await server.signIn(ADMIN);
      const laptop = await server.signIn(ADMIN);
      const others = await server.app.inject({
        method: 'POST',
        url: '/auth/v1/logout?scope=others',
        headers: { authorization: `Bearer ${laptop.access_token}` },
      });
      expect(others.statusCode).toBe(204);
      expect((await server.get('/api/customers', { token: laptop.access_token })).statusCode).toBe(200);
      expect((await server.get('/api/customers', { token: phone.access_token })).statusCode).toBe(401);

      const global = await server.app.inject({
        method: 'POST',
        url: '/auth/v1/logout',
        headers: { authorization: `Bearer ${laptop.access_token}` },
      });
      expect(global.statusCode).toBe(204);
      expect((await server.get('/api/customers', { token: laptop.access_token })).statusCode).toBe(401);
    });

    it('rejects an unknown logout scope', async () => {
      const session = await server.signIn(ADMIN);
      const response = await server.app.inject({
        method: 'POST',
        url: '/auth/v1/logout?scope=everyone',
        headers: { authorization: `Bearer ${session.access_token}` },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error_code).toBe('validation_failed');
    });
  });

  describe('access tokens on /api', () => {
    const sign = async (
      claims: Record<string, unknown>,
      expiresAt: number,
      secret?: string,
      issuer = authIssuer(testConfig()),
    ) => {
      const stored = await database.owner
        .selectFrom('server_secrets')
        .select('value')
        .where('name', '=', JWT_SECRET_NAME)
        .executeTakeFirstOrThrow();
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(DEMO_USERS.sakuraAdmin.id)
        .setAudience('authenticated')
        .setIssuer(issuer)
        .setIssuedAt(expiresAt - 900)
        .setExpirationTime(expiresAt)
        .sign(new TextEncoder().encode(secret ?? stored.value));
    };

    it('answers AUTH_002 for an expired token of a live session', async () => {
      const session = await server.signIn(ADMIN);
      const { session_id } = JSON.parse(
        Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString(),
      );
      const expired = await sign({ email: ADMIN, session_id }, Math.floor(Date.now() / 1000) - 3600);
      const response = await server.get('/api/customers', { token: expired });
      expect(response.statusCode).toBe(401);
      expectErrorEnvelope(response.json(), 'AUTH_002');
    });

    it('answers AUTH_001 without a token, with a forged one, or with the wrong audience', async () => {
      const session = await server.signIn(ADMIN);
      const { session_id } = JSON.parse(
        Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString(),
      );
      const future = Math.floor(Date.now() / 1000) + 600;
      const forged = await sign({ email: ADMIN, session_id }, future, 'x'.repeat(48));
      for (const bearer of [undefined, 'garbage', forged]) {
        const response = await server.get('/api/customers', bearer ? { token: bearer } : {});
        expect(response.statusCode).toBe(401);
        expectErrorEnvelope(response.json(), 'AUTH_001');
      }
      const stored = await database.owner
        .selectFrom('server_secrets')
        .select('value')
        .where('name', '=', JWT_SECRET_NAME)
        .executeTakeFirstOrThrow();
      const wrongAudience = await new SignJWT({ email: ADMIN, session_id })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(DEMO_USERS.sakuraAdmin.id)
        .setAudience('service_role')
        .setIssuer(authIssuer(testConfig()))
        .setExpirationTime(future)
        .sign(new TextEncoder().encode(stored.value));
      expect((await server.get('/api/customers', { token: wrongAudience })).statusCode).toBe(401);
    });

    it('shares one generated secret between server processes', async () => {
      const other = await createTestServer({ database });
      try {
        const session = await server.signIn(ADMIN);
        const response = await other.get('/api/customers', {
          token: session.access_token,
          tenantId: DEMO_TENANTS.sakura.id,
        });
        expect(response.statusCode).toBe(200);
      } finally {
        await other.close();
      }
    });
  });

  describe('settings and providers', () => {
    it('reports email sign-in on, sign-up (by invitation) on, and Google off when not configured', async () => {
      const response = await server.get('/auth/v1/settings');
      expect(response.json()).toMatchObject({
        external: { email: true, google: false },
        disable_signup: false,
        mailer_autoconfirm: true,
        phone_autoconfirm: false,
        sms_provider: '',
      });
    });

    it('reports Google on when a client id and secret are configured', async () => {
      const google = await createTestServer({
        database,
        config: {
          google: { clientId: 'id', clientSecret: 'secret', issuerUrl: 'https://accounts.google.com' },
        },
      });
      try {
        expect((await google.get('/auth/v1/settings')).json().external.google).toBe(true);
      } finally {
        await google.close();
      }
    });

    it('explains in Japanese that Google sign-in is not configured', async () => {
      const response = await server.get('/auth/v1/authorize?provider=google');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 400,
        error_code: 'validation_failed',
        msg: 'Google ログインは設定されていません。管理者にお問い合わせください。',
      });
    });

    it('answers unknown auth endpoints in the GoTrue shape', async () => {
      const response = await server.get('/auth/v1/nothing-here');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 404, error_code: 'not_found' });
    });
  });

  describe('rate limit', () => {
    it('limits password sign-ins per IP with a GoTrue over_request_rate_limit', async () => {
      await forgetRateLimits(database);
      const limited = await createTestServer({ database, config: { authRateLimitPerMinute: 2 } });
      try {
        const attempt = () =>
          limited.app.inject({
            method: 'POST',
            url: '/auth/v1/token?grant_type=password',
            payload: { email: ADMIN, password: 'wrong-password' },
          });
        expect((await attempt()).statusCode).toBe(400);
        expect((await attempt()).statusCode).toBe(400);
        const blocked = await attempt();
        expect(blocked.statusCode).toBe(429);
        expect(blocked.json()).toEqual({
          code: 429,
          error_code: 'over_request_rate_limit',
          msg: 'リクエストが多すぎます。しばらく待ってから、もう一度お試しください。',
        });
      } finally {
        await limited.close();
      }
    });
  });
});
