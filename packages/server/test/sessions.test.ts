import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setFeatureSwitch } from '../src/platform/access/features.repository';
import { withTenant } from '../src/platform/db/tenant-scope';
import { DEMO_TENANTS, DEMO_USERS } from '../src/seed/demo';
import { expectErrorEnvelope, expectMatchesContract } from './support/contract';
import { createTestServer, type GoTrueSessionBody, type TestServer } from './support/server';

const STAFF = DEMO_USERS.sakuraStaff.email;
const ADMIN = DEMO_USERS.sakuraAdmin.email;
const MINUTE = 60_000;

interface SessionSummaryBody {
  id: string;
  current: boolean;
  user_agent: string | null;
}

describe('sessions', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer();
  });

  afterAll(async () => {
    await server.close();
  });

  async function signIn(email: string, userAgent: string): Promise<GoTrueSessionBody> {
    const response = await server.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      headers: { 'user-agent': userAgent },
      payload: { email, password: 'tsumiki-demo-2026' },
    });
    expect(response.statusCode).toBe(200);
    return response.json<GoTrueSessionBody>();
  }

  function sessionIdOf(token: string): string {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return payload.session_id as string;
  }

  const request = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    token: string,
    payload?: Record<string, unknown>,
  ) =>
    server.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, 'user-agent': 'Vitest Browser/1.0' },
      ...(payload ? { payload } : {}),
    });

  async function setSessionEnd(sessionId: string, end: Date) {
    await server.database.owner
      .updateTable('auth_sessions')
      .set({ not_after: end })
      .where('id', '=', sessionId)
      .execute();
  }

  async function setSessionManagement(enabled: boolean) {
    await withTenant(server.database.owner, DEMO_TENANTS.sakura.id, (tx) =>
      setFeatureSwitch(tx, 'session_management', enabled),
    );
  }

  describe('GET /api/sessions/current', () => {
    it('reports a fresh session: 480 minutes, no warning, the sign-in as a security event', async () => {
      const { access_token } = await signIn(STAFF, 'Mozilla/5.0 (Windows NT 10.0) Chrome/131.0');
      const response = await request('GET', '/api/sessions/current', access_token);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expectMatchesContract('getCurrentSession', 200, body);
      expect(body).toMatchObject({
        session_id: sessionIdOf(access_token),
        status: 'active',
        show_warning: false,
        needs_refresh: false,
      });
      expect(body.time_remaining_minutes).toBeGreaterThanOrEqual(479);
      expect(body.time_remaining_minutes).toBeLessThanOrEqual(480);
      expect(Math.abs(Date.parse(body.expires_at) - Date.now() - 480 * MINUTE)).toBeLessThan(MINUTE);
      expect(body.security_events[0]).toMatchObject({
        type: 'sign_in',
        description: 'ログインしました。',
        user_agent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/131.0',
        ip: '127.0.0.1',
      });
    });

    it('warns under 10 minutes and suggests extending under 30', async () => {
      const { access_token } = await signIn(STAFF, 'Warning Browser');
      const sessionId = sessionIdOf(access_token);

      await setSessionEnd(sessionId, new Date(Date.now() + 25 * MINUTE + 30_000));
      const soon = (await request('GET', '/api/sessions/current', access_token)).json();
      expect(soon).toMatchObject({ time_remaining_minutes: 25, needs_refresh: true, show_warning: false });

      await setSessionEnd(sessionId, new Date(Date.now() + 5 * MINUTE + 30_000));
      const urgent = (await request('GET', '/api/sessions/current', access_token)).json();
      expect(urgent).toMatchObject({ time_remaining_minutes: 5, needs_refresh: true, show_warning: true });
    });

    it('works whatever the feature flags say (the top bar always shows it)', async () => {
      await setSessionManagement(false);
      const { access_token } = await signIn(STAFF, 'Flagless Browser');
      expect((await request('GET', '/api/sessions/current', access_token)).statusCode).toBe(200);
      const extended = await request('POST', '/api/sessions/current/extend', access_token, { minutes: 60 });
      expect(extended.statusCode).toBe(200);
    });

    it('answers 401 without a token and once the session has ended', async () => {
      const anonymous = await server.app.inject({ method: 'GET', url: '/api/sessions/current' });
      expect(anonymous.statusCode).toBe(401);
      expectErrorEnvelope(anonymous.json(), 'AUTH_001');

      const { access_token } = await signIn(STAFF, 'Ended Browser');
      await setSessionEnd(sessionIdOf(access_token), new Date(Date.now() - 1000));
      const ended = await request('GET', '/api/sessions/current', access_token);
      expect(ended.statusCode).toBe(401);
      expectErrorEnvelope(ended.json(), 'AUTH_001');
    });
  });

  describe('POST /api/sessions/current/extend', () => {
    it('moves the end by 60 minutes and records it', async () => {
      const { access_token } = await signIn(STAFF, 'Extending Browser');
      const sessionId = sessionIdOf(access_token);
      await setSessionEnd(sessionId, new Date(Date.now() + 20 * MINUTE + 30_000));

      const response = await request('POST', '/api/sessions/current/extend', access_token, { minutes: 60 });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expectMatchesContract('extendCurrentSession', 200, body);
      expect(body).toMatchObject({ time_remaining_minutes: 80, needs_refresh: false, show_warning: false });
      expect(body.security_events[0]).toMatchObject({
        type: 'session_extended',
        description: 'セッションを 60 分延長しました。',
        user_agent: 'Vitest Browser/1.0',
      });

      const stored = await server.database.owner
        .selectFrom('auth_sessions')
        .select('not_after')
        .where('id', '=', sessionId)
        .executeTakeFirstOrThrow();
      expect(stored.not_after.toISOString()).toBe(body.expires_at);
    });

    it('never leaves more than one session length (480 minutes), and says so', async () => {
      const { access_token } = await signIn(STAFF, 'Capped Browser');
      await setSessionEnd(sessionIdOf(access_token), new Date(Date.now() + 400 * MINUTE));

      const body = (
        await request('POST', '/api/sessions/current/extend', access_token, { minutes: 240 })
      ).json();
      expect(body.time_remaining_minutes).toBeGreaterThanOrEqual(479);
      expect(body.time_remaining_minutes).toBeLessThanOrEqual(480);
      expect(body.security_events[0].type).toBe('session_extended');
      expect(body.security_events[0].description).toMatch(
        /^セッションの延長を求めましたが、上限のため (79|80) 分の延長になりました。$/,
      );
    });

    it('accepts only 60 or 240 minutes (422)', async () => {
      const { access_token } = await signIn(STAFF, 'Invalid Browser');
      for (const payload of [{ minutes: 30 }, { minutes: '60' }, {}]) {
        const response = await request('POST', '/api/sessions/current/extend', access_token, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(422);
        expectMatchesContract('extendCurrentSession', 422, response.json());
        expect(response.json().error.validation_errors[0].field).toBe('minutes');
      }
    });
  });

  describe('GET /api/sessions and DELETE /api/sessions/{id}', () => {
    it('are governed by session_management: FEAT_001 while it is off', async () => {
      await setSessionManagement(false);
      const { access_token } = await signIn(STAFF, 'Gated Browser');
      const list = await request('GET', '/api/sessions', access_token);
      expect(list.statusCode).toBe(403);
      expectMatchesContract('listSessions', 403, list.json());
      expectErrorEnvelope(list.json(), 'FEAT_001');
      expect(list.json().error.context).toEqual({ feature: 'session_management' });

      const revoke = await request('DELETE', `/api/sessions/${sessionIdOf(access_token)}`, access_token);
      expect(revoke.statusCode).toBe(403);
      expectErrorEnvelope(revoke.json(), 'FEAT_001');
    });

    it("list the caller's own live sessions, the current one marked", async () => {
      await setSessionManagement(true);
      const laptop = await signIn(ADMIN, 'Laptop Browser');
      const phone = await signIn(ADMIN, 'Phone Browser');
      await signIn(STAFF, 'Someone Else');
      const ended = await signIn(ADMIN, 'Ended Browser');
      await setSessionEnd(sessionIdOf(ended.access_token), new Date(Date.now() - 1000));

      const response = await request('GET', '/api/sessions', laptop.access_token);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expectMatchesContract('listSessions', 200, body);
      const ids = body.sessions.map((session: SessionSummaryBody) => session.id);
      expect(ids).toContain(sessionIdOf(laptop.access_token));
      expect(ids).toContain(sessionIdOf(phone.access_token));
      expect(ids).not.toContain(sessionIdOf(ended.access_token));
      expect(body.total).toBe(ids.length);
      expect(
        body.sessions.every((session: SessionSummaryBody) => session.user_agent !== 'Someone Else'),
      ).toBe(true);
      const current = body.sessions.filter((session: SessionSummaryBody) => session.current);
      expect(current.map((session: SessionSummaryBody) => session.id)).toEqual([
        sessionIdOf(laptop.access_token),
      ]);
    });

    it("revoke one of the caller's sessions: its access and refresh tokens stop working", async () => {
      await setSessionManagement(true);
      const laptop = await signIn(ADMIN, 'Laptop Browser');
      const phone = await signIn(ADMIN, 'Lost Phone');
      const phoneSession = sessionIdOf(phone.access_token);

      const response = await request('DELETE', `/api/sessions/${phoneSession}`, laptop.access_token);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');

      const phoneCall = await request('GET', '/api/sessions/current', phone.access_token);
      expect(phoneCall.statusCode).toBe(401);
      expectErrorEnvelope(phoneCall.json(), 'AUTH_001');
      const refresh = await server.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=refresh_token',
        payload: { refresh_token: phone.refresh_token },
      });
      expect(refresh.statusCode).toBe(400);
      expect(refresh.json().error_code).toBe('refresh_token_not_found');

      const laptopStatus = (await request('GET', '/api/sessions/current', laptop.access_token)).json();
      expect(laptopStatus.status).toBe('active');
      expect(laptopStatus.security_events[0]).toMatchObject({
        type: 'session_revoked',
        description: 'セッション管理の画面からセッションを終了しました。',
      });

      // Already ended: nothing left to revoke.
      const again = await request('DELETE', `/api/sessions/${phoneSession}`, laptop.access_token);
      expect(again.statusCode).toBe(404);
      expectErrorEnvelope(again.json(), 'RES_001');
    });

    it("answer 404 for another user's session and leave it alone", async () => {
      await setSessionManagement(true);
      const admin = await signIn(ADMIN, 'Admin Browser');
      const staff = await signIn(STAFF, 'Staff Browser');

      const response = await request(
        'DELETE',
        `/api/sessions/${sessionIdOf(staff.access_token)}`,
        admin.access_token,
      );
      expect(response.statusCode).toBe(404);
      expectMatchesContract('revokeSession', 404, response.json());
      expectErrorEnvelope(response.json(), 'RES_001');
      expect((await request('GET', '/api/sessions/current', staff.access_token)).statusCode).toBe(200);

      const unknown = await request(
        'DELETE',
        '/api/sessions/00000000-0000-4000-8000-000000000000',
        admin.access_token,
      );
      expect(unknown.statusCode).toBe(404);
      const malformed = await request('DELETE', '/api/sessions/not-a-uuid', admin.access_token);
      expect(malformed.statusCode).toBe(422);
      expectErrorEnvelope(malformed.json(), 'VAL_001');
      // /api/sessions/current is a path of its own (GET): no DELETE there, whatever {id} would match.
      const current = await request('DELETE', '/api/sessions/current', admin.access_token);
      expect(current.statusCode).toBe(405);
      expect(current.headers.allow).toBe('GET, HEAD');
      expectErrorEnvelope(current.json(), 'VAL_002');
    });

    it('record signing out as a security event', async () => {
      const first = await signIn(STAFF, 'First Browser');
      const second = await signIn(STAFF, 'Second Browser');
      const logout = await server.app.inject({
        method: 'POST',
        url: '/auth/v1/logout?scope=local',
        headers: { authorization: `Bearer ${second.access_token}`, 'user-agent': 'Second Browser' },
      });
      expect(logout.statusCode).toBe(204);
      const status = (await request('GET', '/api/sessions/current', first.access_token)).json();
      expect(status.security_events[0]).toMatchObject({
        type: 'signed_out',
        description: 'ログアウトしました。',
        user_agent: 'Second Browser',
      });
    });
  });
});
