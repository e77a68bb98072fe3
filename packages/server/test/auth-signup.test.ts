// Sign-up through the auth protocol (POST /auth/v1/signup), open only to holders of a usable
// invitation for their address.

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateInvitationCode, hashInvitationCode } from '../src/modules/invitations/invitation-codes';
import { describeSessionEvent } from '../src/modules/sessions/sessions.service';
import { DEMO_TENANTS, DEMO_USERS } from '../src/seed/demo';
import { authClient } from './support/auth-client';
import { forgetRateLimits } from './support/database';
import { createTestServer, type GoTrueSessionBody, type TestServer } from './support/server';

const DAY = 24 * 60 * 60 * 1000;

describe('POST /auth/v1/signup (by invitation only)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer();
  });

  afterAll(async () => {
    await server?.close();
  });

  /** An invitation of さくら as the database holds it (only the code's hash). */
  async function invitation(
    options: { email?: string | null; expiresInMs?: number; used?: boolean; revoked?: boolean } = {},
  ): Promise<string> {
    const code = generateInvitationCode();
    const now = Date.now();
    await server.database.owner
      .insertInto('invitations')
      .values({
        tenant_id: DEMO_TENANTS.sakura.id,
        code_hash: hashInvitationCode(code),
        email: options.email ?? null,
        role: 'staff',
        expires_at: new Date(now + (options.expiresInMs ?? 7 * DAY)),
        ...(options.used ? { used_at: new Date(now - 1000) } : {}),
        ...(options.revoked ? { revoked_at: new Date(now - 1000) } : {}),
      })
      .execute();
    return code;
  }

  function signUp(body: unknown, app: FastifyInstance = server.app) {
    return app.inject({ method: 'POST', url: '/auth/v1/signup', payload: body as object });
  }

  async function userExists(email: string): Promise<boolean> {
    const row = await server.database.owner
      .selectFrom('users')
      .select('id')
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
    return row !== undefined;
  }

  it('refuses a sign-up without an invitation code', async () => {
    const response = await signUp({ email: 'nocode@example.com', password: 'a-long-password' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 403,
      error_code: 'signup_disabled',
      msg: 'アカウントの作成には招待が必要です。管理者から届いた招待リンクから登録してください。',
    });
    expect(await userExists('nocode@example.com')).toBe(false);
  });

  it('refuses an unknown, used, expired or revoked code with its own message', async () => {
    const cases: Array<[string, string]> = [
      ['not-a-real-code', '招待コードが見つかりません。'],
      [await invitation({ used: true }), 'この招待コードはすでに使用されています。'],
      [await invitation({ expiresInMs: -1000 }), 'この招待コードは有効期限が切れています。'],
      [await invitation({ revoked: true }), 'この招待は取り消されました。'],
    ];
    for (const [code, message] of cases) {
      const response = await signUp({
        email: 'stale@example.com',
        password: 'a-long-password',
        data: { invitation_code: code },
      });
      expect(response.statusCode, message).toBe(403);
      expect(response.json().error_code).toBe('signup_disabled');
      // The messages are the invitations module's (ERROR_CATALOGUE); they must be Japanese.
      expect(response.json().msg).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      if (code === 'not-a-real-code') expect(response.json().msg).toBe(message);
    }
    expect(await userExists('stale@example.com')).toBe(false);
  });

  it('refuses an invitation bound to another address', async () => {
    const code = await invitation({ email: 'invited@example.com' });
    const response = await signUp({
      email: 'someone-else@example.com',
      password: 'a-long-password',
      data: { invitation_code: code },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error_code).toBe('signup_disabled');
    expect(await userExists('someone-else@example.com')).toBe(false);
  });

  it('tells an existing account to log in instead', async () => {
    const code = await invitation();
    const response = await signUp({
      email: DEMO_USERS.sakuraStaff.email.toUpperCase(),
      password: 'a-long-password',
      data: { invitation_code: code },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 422,
      error_code: 'user_already_exists',
      msg: 'このメールアドレスのアカウントはすでにあります。ログインしてから、招待を受けてください。',
    });
  });

  it('refuses a weak password as GoTrue does', async () => {
    const code = await invitation();
    const response = await signUp({
      email: 'weak@example.com',
      password: 'short',
      data: { invitation_code: code },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 422,
      error_code: 'weak_password',
      msg: 'パスワードは 8 文字以上で入力してください。',
      weak_password: { reasons: ['length'] },
    });
    expect(await userExists('weak@example.com')).toBe(false);
  });

  it('refuses a malformed address', async () => {
    const code = await invitation();
    const response = await signUp({
      email: 'not an address',
      password: 'a-long-password',
      data: { invitation_code: code },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('メールアドレスの形式が正しくありません。');
  });

  it('creates a confirmed account and signs it in (bound address, any case)', async () => {
    const code = await invitation({ email: 'new.staff@example.com' });
    const response = await signUp({
      email: 'New.Staff@Example.com',
      password: 'a-long-password',
      data: { invitation_code: code, full_name: '佐藤 次郎' },
    });
    expect(response.statusCode).toBe(200);
    const session = response.json<GoTrueSessionBody>();
    expect(session.user.email).toBe('new.staff@example.com');
    expect(session.user.user_metadata.full_name).toBe('佐藤 次郎');
    expect((await server.get('/auth/v1/user', { token: session.access_token })).statusCode).toBe(200);
    // The password works from now on.
    await expect(server.signIn('new.staff@example.com', 'a-long-password')).resolves.toBeTruthy();
    const event = await server.database.owner
      .selectFrom('auth_session_events')
      .selectAll()
      .where('user_id', '=', session.user.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(describeSessionEvent(event.type, event.detail)).toBe('アカウントを作成してログインしました。');
    // Signing up does not use the invitation: joining is POST /api/invitations/use.
    const again = await signUp({
      email: 'new.staff@example.com',
      password: 'a-long-password',
      data: { invitation_code: code },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().error_code).toBe('user_already_exists');
  });

  it('works with the official auth-js client: signUp returns a session', async () => {
    const origin = await (server.app as FastifyInstance).listen({ host: '127.0.0.1', port: 0 });
    const code = await invitation();
    const auth = authClient(origin, { flowType: 'pkce' });
    const { data, error } = await auth.signUp({
      email: 'authjs.signup@example.com',
      password: 'a-long-password',
      options: { data: { invitation_code: code } },
    });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.email).toBe('authjs.signup@example.com');
    expect((await auth.getUser()).data.user?.email).toBe('authjs.signup@example.com');

    const refused = await auth.signUp({ email: 'authjs.nocode@example.com', password: 'a-long-password' });
    expect(refused.error?.code).toBe('signup_disabled');
    expect(refused.error?.message).toBe(
      'アカウントの作成には招待が必要です。管理者から届いた招待リンクから登録してください。',
    );
  });

  it('has the sign-in flood guard', async () => {
    await forgetRateLimits(server.database);
    const limited = await createTestServer({
      database: server.database,
      config: { authRateLimitPerMinute: 2 },
    });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        statuses.push(
          (await signUp({ email: 'flood@example.com', password: 'a-long-password' }, limited.app)).statusCode,
        );
      }
      expect(statuses).toEqual([403, 403, 429]);
    } finally {
      await limited.close();
    }
  });
});
