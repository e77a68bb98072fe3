// PUT /auth/v1/user through the official client the app uses (updateUser), against a real
// listening server and PostgreSQL: password change with the current password, the name.

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAuthWeakPasswordError } from '../../app/node_modules/@supabase/auth-js';
import { ROLE_PERMISSIONS } from '../src/platform/access/permissions';
import { DEMO_PASSWORD, DEMO_TENANTS } from '../src/seed/demo';
import { authClient } from './support/auth-client';
import { createUser } from './support/fixtures';
import { createTestServer, type TestServer } from './support/server';

const NEW_PASSWORD = 'atarashii-pass-2026';

describe('PUT /auth/v1/user (updateUser)', () => {
  let server: TestServer;
  let origin: string;
  let counter = 0;

  beforeAll(async () => {
    server = await createTestServer();
    origin = await (server.app as FastifyInstance).listen({ host: '127.0.0.1', port: 0 });
  });

  afterAll(async () => {
    await server.close();
  });

  const client = () => authClient(origin);

  /** A staff member of さくら of its own, so that locks and password changes touch nobody else. */
  async function newUser(fullName = '山田 花子'): Promise<string> {
    counter += 1;
    const email = `update-${counter}@sakura-clinic.example`;
    await createUser(server.database.owner, {
      email,
      fullName,
      memberships: [
        { tenantId: DEMO_TENANTS.sakura.id, role: 'staff', permissions: [...ROLE_PERMISSIONS.staff] },
      ],
    });
    return email;
  }

  async function signedIn(email: string, password = DEMO_PASSWORD) {
    const auth = client();
    const { error } = await auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    return auth;
  }

  async function accessToken(auth: ReturnType<typeof authClient>): Promise<string> {
    const token = (await auth.getSession()).data.session?.access_token;
    if (!token) throw new Error('no session');
    return token;
  }

  const tenantMe = (token: string) =>
    fetch(`${origin}/api/auth/tenant/me`, { headers: { Authorization: `Bearer ${token}` } });

  it('changes the password: the old one stops working, the new one works, other sessions end, this one stays', async () => {
    const email = await newUser();
    const here = await signedIn(email);
    const elsewhere = await signedIn(email);
    const elsewhereToken = await accessToken(elsewhere);
    const elsewhereRefresh = (await elsewhere.getSession()).data.session?.refresh_token;
    expect((await tenantMe(elsewhereToken)).status).toBe(200);

    const { data, error } = await here.updateUser({
      password: NEW_PASSWORD,
      current_password: DEMO_PASSWORD,
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);

    // The old password no longer signs in; the new one does.
    const old = await client().signInWithPassword({ email, password: DEMO_PASSWORD });
    expect(old.error?.code).toBe('invalid_credentials');
    const fresh = await client().signInWithPassword({ email, password: NEW_PASSWORD });
    expect(fresh.error).toBeNull();

    // The other session: its access token is refused by /api and /auth/v1, its refresh token too.
    expect((await tenantMe(elsewhereToken)).status).toBe(401);
    const user = await fetch(`${origin}/auth/v1/user`, {
      headers: { Authorization: `Bearer ${elsewhereToken}` },
    });
    expect(user.status).toBe(403);
    expect(((await user.json()) as { error_code: string }).error_code).toBe('session_not_found');
    const refresh = await fetch(`${origin}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: elsewhereRefresh }),
    });
    expect(refresh.status).toBe(400);
    expect(((await refresh.json()) as { error_code: string }).error_code).toBe('refresh_token_not_found');

    // This session goes on: its token, a refresh, the API.
    expect((await here.getUser()).error).toBeNull();
    const refreshed = await here.refreshSession();
    expect(refreshed.error).toBeNull();
    expect((await tenantMe(await accessToken(here))).status).toBe(200);

    // The security event, with what it did, in the session manager's words.
    const status = await fetch(`${origin}/api/sessions/current`, {
      headers: {
        Authorization: `Bearer ${await accessToken(here)}`,
        'X-Tenant-Id': DEMO_TENANTS.sakura.id,
      },
    });
    expect(status.status).toBe(200);
    const events = (
      (await status.json()) as { security_events: Array<{ type: string; description: string }> }
    ).security_events;
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'password_changed',
        description: 'パスワードを変更し、ほかの 1 件のセッションを終了しました。',
      }),
    );
  });

  it('stores the new password hashed at the configured scrypt cost', async () => {
    const email = await newUser();
    const auth = await signedIn(email);
    const { error } = await auth.updateUser({ password: NEW_PASSWORD, current_password: DEMO_PASSWORD });
    expect(error).toBeNull();
    const row = await server.database.owner
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash?.split('$').slice(0, 4)).toEqual([
      'scrypt',
      String(server.config.passwordHashCost),
      '8',
      '1',
    ]);
    expect(row.password_hash).not.toContain(NEW_PASSWORD);
  });

  it('needs the current password, and refuses a wrong one in Japanese', async () => {
    const email = await newUser();
    const auth = await signedIn(email);

    const missing = await auth.updateUser({ password: NEW_PASSWORD });
    expect(missing.error?.status).toBe(400);
    expect(missing.error?.code).toBe('current_password_required');
    expect(missing.error?.message).toBe('パスワードを変更するには、現在のパスワードを入力してください。');

    const wrong = await auth.updateUser({ password: NEW_PASSWORD, current_password: 'not-the-password' });
    expect(wrong.error?.status).toBe(400);
    expect(wrong.error?.code).toBe('current_password_mismatch');
    expect(wrong.error?.message).toBe('現在のパスワードが正しくありません。');

    // Nothing changed: the old password still signs in, the session is still there.
    expect((await client().signInWithPassword({ email, password: DEMO_PASSWORD })).error).toBeNull();
    expect((await auth.getUser()).error).toBeNull();
  });

  it('counts wrong current passwords as failed sign-ins: the account locks, for sign-in too', async () => {
    const email = await newUser();
    const auth = await signedIn(email);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await auth.updateUser({ password: NEW_PASSWORD, current_password: `wrong-${attempt}` });
      expect(wrong.error?.code).toBe('current_password_mismatch');
    }
    const locked = await auth.updateUser({ password: NEW_PASSWORD, current_password: DEMO_PASSWORD });
    expect(locked.error?.status).toBe(429);
    expect(locked.error?.code).toBe('over_request_rate_limit');
    expect(locked.error?.message).toMatch(/分ほど待ってから/);
    const signIn = await client().signInWithPassword({ email, password: DEMO_PASSWORD });
    expect(signIn.error?.status).toBe(429);
    // The password did not change behind the lock.
    const row = await server.database.owner
      .selectFrom('auth_session_events')
      .innerJoin('users', 'users.id', 'auth_session_events.user_id')
      .select('auth_session_events.type')
      .where('users.email', '=', email)
      .where('auth_session_events.type', '=', 'password_changed')
      .execute();
    expect(row).toEqual([]);
  });

  it('refuses a short password as weak (GoTrue reasons) and the same password again', async () => {
    const email = await newUser();
    const auth = await signedIn(email);

    const short = await auth.updateUser({ password: 'short7!', current_password: DEMO_PASSWORD });
    expect(short.error?.status).toBe(422);
    expect(isAuthWeakPasswordError(short.error)).toBe(true);
    expect(short.error?.code).toBe('weak_password');
    expect((short.error as unknown as { reasons: string[] }).reasons).toEqual(['length']);
    expect(short.error?.message).toBe('パスワードは 8 文字以上で入力してください。');

    // Eight characters counted as people count them, not as UTF-16 units or bytes.
    const kana = await auth.updateUser({ password: 'あいうえおかきく', current_password: DEMO_PASSWORD });
    expect(kana.error).toBeNull();
    const back = await auth.updateUser({ password: DEMO_PASSWORD, current_password: 'あいうえおかきく' });
    expect(back.error).toBeNull();

    const same = await auth.updateUser({ password: DEMO_PASSWORD, current_password: DEMO_PASSWORD });
    expect(same.error?.status).toBe(422);
    expect(same.error?.code).toBe('same_password');
    expect(same.error?.message).toBe(
      '新しいパスワードには、現在のパスワードと異なるものを指定してください。',
    );

    const long = await auth.updateUser({ password: 'x'.repeat(129), current_password: DEMO_PASSWORD });
    expect(long.error?.status).toBe(422);
    expect(long.error?.code).toBe('validation_failed');
    expect(long.error?.message).toBe('パスワードは 128 文字以内で入力してください。');
  });

  it('changes the name: GET /user and tenant-me show it, and nothing else ends', async () => {
    const email = await newUser('旧姓 花子');
    const here = await signedIn(email);
    const elsewhere = await signedIn(email);

    const { data, error } = await here.updateUser({ data: { full_name: '  新姓 花子 ' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata.full_name).toBe('新姓 花子');

    const read = await here.getUser();
    expect(read.data.user?.user_metadata.full_name).toBe('新姓 花子');
    const me = await tenantMe(await accessToken(here));
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { full_name: string } }).user.full_name).toBe('新姓 花子');

    // A name change is no reason to end other sessions, nor a security event.
    expect((await tenantMe(await accessToken(elsewhere))).status).toBe(200);
  });

  it('refuses names it cannot keep and changes it does not offer', async () => {
    const email = await newUser();
    const auth = await signedIn(email);

    const blank = await auth.updateUser({ data: { full_name: '   ' } });
    expect(blank.error?.status).toBe(422);
    expect(blank.error?.code).toBe('validation_failed');
    expect(blank.error?.message).toBe('氏名は 1〜100 文字で入力してください。');

    const long = await auth.updateUser({ data: { full_name: '長'.repeat(101) } });
    expect(long.error?.code).toBe('validation_failed');

    const other = await auth.updateUser({ data: { avatar_url: 'https://example.com/a.png' } });
    expect(other.error?.status).toBe(422);
    expect(other.error?.message).toBe('変更できるユーザー情報は氏名（full_name）だけです。');

    const changeEmail = await auth.updateUser({ email: 'someone-else@sakura-clinic.example' });
    expect(changeEmail.error?.status).toBe(422);
    expect(changeEmail.error?.code).toBe('validation_failed');

    expect((await auth.getUser()).data.user?.user_metadata.full_name).toBe('山田 花子');
  });

  it('answers without a token, with a forged one and with a body that is not an object', async () => {
    const none = await fetch(`${origin}/auth/v1/user`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: { full_name: 'x' } }),
    });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error_code: 'no_authorization' });

    const forged = await fetch(`${origin}/auth/v1/user`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer not.a.jwt' },
      body: JSON.stringify({ data: { full_name: 'x' } }),
    });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ error_code: 'bad_jwt' });

    const email = await newUser();
    const token = await accessToken(await signedIn(email));
    const array = await fetch(`${origin}/auth/v1/user`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify([1, 2]),
    });
    expect(array.status).toBe(400);
    expect(await array.json()).toMatchObject({ error_code: 'validation_failed' });
  });
});
