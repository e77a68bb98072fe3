import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../src/auth/errors';
import { insertAuthCode } from '../../src/auth/oidc.repository';
import { hashAuthCode } from '../../src/auth/session-tokens';
import { DEMO_PASSWORD, DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { authClient } from '../support/auth-client';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { createUser, type UserFixture } from '../support/fixtures';
import { createTestServer, type TestServer } from '../support/server';

/**
 * A user whom administrators have disabled (every membership inactive) gets no session from
 * /auth/v1, by password, refresh or PKCE: 400 `user_banned` as GoTrue answers a banned user.
 * Someone with no membership yet (invited, about to join) is not disabled.
 */
describe('disabled users and /auth/v1', () => {
  let database: TestDatabase;
  let server: TestServer;
  let adminToken: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await createTestServer({ database });
    adminToken = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
  });

  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  const staffOf = (tenantId: string) => ({
    tenantId,
    role: 'staff' as const,
    permissions: ['customers.read'],
  });

  const newUser = async (name: string, fixture: Partial<UserFixture> = {}) => {
    const email = `${name}@disabled.example`;
    const id = await createUser(database.owner, { email, ...fixture });
    return { email, id };
  };

  const signIn = (email: string, password = DEMO_PASSWORD) =>
    server.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email, password },
    });

  /** Disables the membership in さくら the way its administrator does. */
  const disableInSakura = async (userId: string) => {
    const response = await server.send('POST', `/api/tenant-users/${userId}/toggle-status`, adminToken);
    expect(response.json()).toMatchObject({ status: 'inactive' });
  };

  const expectBanned = (response: { statusCode: number; json: () => unknown }) => {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      error_code: 'user_banned',
      msg: AUTH_MESSAGES.userDisabled,
    });
  };

  it('refuses the password grant once every membership is inactive, and only with the right password', async () => {
    const { email, id } = await newUser('only-sakura', { memberships: [staffOf(DEMO_TENANTS.sakura.id)] });
    expect((await signIn(email)).statusCode).toBe(200);
    await disableInSakura(id);

    expectBanned(await signIn(email));
    expect(AUTH_MESSAGES.userDisabled).toBe('このアカウントは無効にされています。管理者に連絡してください。');
    // A wrong password learns nothing about the account's state.
    expect((await signIn(email, 'not-the-password')).json().error_code).toBe('invalid_credentials');
  });

  it('lets in a user with an active membership left, a user with none yet, and a system administrator', async () => {
    const both = await newUser('two-tenants', {
      memberships: [staffOf(DEMO_TENANTS.sakura.id), staffOf(DEMO_TENANTS.midori.id)],
    });
    await disableInSakura(both.id);
    expect((await signIn(both.email)).statusCode).toBe(200);

    // Signed up with an invitation, joining with its code next (POST /api/invitations/use).
    const invited = await newUser('invited');
    expect((await signIn(invited.email)).statusCode).toBe(200);

    const systemAdmin = await newUser('system-admin', {
      isSystemAdmin: true,
      memberships: [{ ...staffOf(DEMO_TENANTS.sakura.id), status: 'inactive' }],
    });
    expect((await signIn(systemAdmin.email)).statusCode).toBe(200);
  });

  it('refuses the refresh grant without using the token up: enabled again, the session goes on', async () => {
    const { email, id } = await newUser('refreshing', { memberships: [staffOf(DEMO_TENANTS.sakura.id)] });
    const session = (await signIn(email)).json();
    const setStatus = (status: 'active' | 'inactive') =>
      database.owner.updateTable('tenant_users').set({ status }).where('user_id', '=', id).execute();
    const refresh = () =>
      server.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=refresh_token',
        payload: { refresh_token: session.refresh_token },
      });

    // Disabled however it happened, even with the session still open.
    await setStatus('inactive');
    expectBanned(await refresh());
    await setStatus('active');
    expect((await refresh()).statusCode).toBe(200);
  });

  it('tells the open tab of a user an administrator disabled why its session ended', async () => {
    const { email, id } = await newUser('signed-in', { memberships: [staffOf(DEMO_TENANTS.sakura.id)] });
    const session = (await signIn(email)).json();
    const refresh = () =>
      server.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=refresh_token',
        payload: { refresh_token: session.refresh_token },
      });
    // Disabling ends the user's sessions; the next renewal says disabled, not "not found".
    await disableInSakura(id);
    expectBanned(await refresh());
    // Enabled again, the ended session stays ended: a new sign-in is needed.
    await server.send('POST', `/api/tenant-users/${id}/toggle-status`, adminToken);
    expect((await refresh()).json()).toMatchObject({ error_code: 'refresh_token_not_found' });
  });

  it('refuses the PKCE grant of an external sign-in', async () => {
    const { id } = await newUser('google-user', {
      memberships: [{ ...staffOf(DEMO_TENANTS.sakura.id), status: 'inactive' }],
    });
    const code = randomBytes(24).toString('base64url');
    const verifier = randomBytes(32).toString('base64url');
    await insertAuthCode(
      database.owner,
      {
        code_hash: hashAuthCode(code),
        user_id: id,
        provider: 'google',
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 's256',
        expires_at: new Date(Date.now() + 60_000),
      },
      new Date(),
    );
    const exchange = await server.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=pkce',
      payload: { auth_code: code, code_verifier: verifier },
    });
    expectBanned(exchange);
  });

  it('reaches @supabase/auth-js as an error with the code and the Japanese message', async () => {
    const { email, id } = await newUser('auth-js', { memberships: [staffOf(DEMO_TENANTS.sakura.id)] });
    await disableInSakura(id);
    const listening = await createTestServer({ database });
    try {
      const origin = await listening.app.listen({ host: '127.0.0.1', port: 0 });
      const { data, error } = await authClient(origin).signInWithPassword({ email, password: DEMO_PASSWORD });
      expect(data.session).toBeNull();
      expect(error).toMatchObject({ status: 400, code: 'user_banned', message: AUTH_MESSAGES.userDisabled });
    } finally {
      await listening.close();
    }
  });
});
