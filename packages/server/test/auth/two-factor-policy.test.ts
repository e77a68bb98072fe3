// The tenant's two-factor policy on /api (MFA_001 / MFA_002 until the session is aal2) and an
// administrator's reset of a member's factors, against real PostgreSQL.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { expectErrorEnvelope, expectMatchesContract } from '../support/contract';
import { createUser } from '../support/fixtures';
import { createTestServer, type TestServer } from '../support/server';
import { awayFromStepEdge, enrolTotp, verifiedSession } from '../support/totp';

describe('the tenant two-factor policy', () => {
  let server: TestServer;
  let users = 0;

  beforeAll(async () => {
    server = await createTestServer();
  });

  afterAll(async () => {
    await server.close();
  });

  beforeEach(async () => {
    await setPolicy('off');
  });

  async function setPolicy(policy: 'off' | 'admins' | 'everyone') {
    await server.database.owner
      .updateTable('tenants')
      .set({ mfa_policy: policy })
      .where('id', '=', DEMO_TENANTS.sakura.id)
      .execute();
  }

  async function newMember(role: 'admin' | 'staff') {
    users += 1;
    const email = `policy-${users}@example.com`;
    const permissions =
      role === 'admin' ? ['customers.read', 'tenant_users.read', 'tenant_users.write'] : ['customers.read'];
    const id = await createUser(server.database.owner, {
      email,
      memberships: [{ tenantId: DEMO_TENANTS.sakura.id, role, permissions }],
    });
    return { id, email };
  }

  const customers = (token: string) => server.get('/api/customers?limit=1', { token });

  it("'everyone': MFA_001 without a factor, MFA_002 with one at aal1, 200 at aal2", async () => {
    await setPolicy('everyone');
    const member = await newMember('staff');
    const first = await server.signIn(member.email);

    const refused = await customers(first.access_token);
    expect(refused.statusCode).toBe(403);
    expectErrorEnvelope(refused.json(), 'MFA_001');
    expect(refused.json().error.message).toBe('このテナントでは二段階認証が必要です。');
    expect(refused.json().error.suggestion).toBe('プロフィールで認証アプリを登録してください。');

    // What the app needs to lead the person to enrolment still answers.
    const me = await server.get('/api/auth/tenant/me', { token: first.access_token });
    expect(me.statusCode).toBe(200);
    expectMatchesContract('getTenantMe', 200, me.json());
    expect(me.json().mfa).toEqual({ required: true, enrolled: false, level: 'aal1' });
    expect(me.json().user.tenant_info[0].mfa_required).toBe(true);
    const settings = await server.get('/api/tenant-settings/security', { token: first.access_token });
    expect(settings.statusCode).toBe(200);
    expect(settings.json().mfa_policy).toBe('everyone');

    const { factorId, secret } = await enrolTotp(server.app, first.access_token);
    await awayFromStepEdge();
    const elevated = await verifiedSession(server.app, first.access_token, factorId, secret);
    expect((await customers(elevated.access_token)).statusCode).toBe(200);
    const meAfter = await server.get('/api/auth/tenant/me', { token: elevated.access_token });
    expect(meAfter.json().mfa).toEqual({ required: true, enrolled: true, level: 'aal2' });

    // The next sign-in has the factor but has not verified it.
    const second = await server.signIn(member.email);
    const pending = await customers(second.access_token);
    expect(pending.statusCode).toBe(403);
    expectErrorEnvelope(pending.json(), 'MFA_002');
  });

  it("'admins' asks it of admins only; 'off' of nobody", async () => {
    const admin = await newMember('admin');
    const staff = await newMember('staff');
    const adminToken = (await server.signIn(admin.email)).access_token;
    const staffToken = (await server.signIn(staff.email)).access_token;

    expect((await customers(adminToken)).statusCode).toBe(200);
    await setPolicy('admins');
    const refused = await customers(adminToken);
    expect(refused.statusCode).toBe(403);
    expectErrorEnvelope(refused.json(), 'MFA_001');
    expect((await customers(staffToken)).statusCode).toBe(200);
  });

  it('may be switched on only by an admin whose own session is aal2', async () => {
    const admin = await newMember('admin');
    await server.database.owner
      .updateTable('tenant_users')
      .set({ permissions: ['customers.read', 'settings.manage'] })
      .where('user_id', '=', admin.id)
      .execute();
    const session = await server.signIn(admin.email);
    const refused = await server.send('PUT', '/api/tenant-settings/security', session.access_token, {
      mfa_policy: 'admins',
    });
    expect(refused.statusCode).toBe(409);
    expectErrorEnvelope(refused.json(), 'MFA_003');
    const unchanged = await server.get('/api/tenant-settings/security', { token: session.access_token });
    expect(unchanged.json().mfa_policy).toBe('off');

    const { factorId, secret } = await enrolTotp(server.app, session.access_token);
    await awayFromStepEdge();
    const elevated = await verifiedSession(server.app, session.access_token, factorId, secret);
    const accepted = await server.send('PUT', '/api/tenant-settings/security', elevated.access_token, {
      mfa_policy: 'admins',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  describe("an administrator's reset of a member's factors", () => {
    it('removes the factors and recovery codes, ends the sessions and records the event', async () => {
      const member = await newMember('staff');
      const memberSession = await server.signIn(member.email);
      const { factorId, secret } = await enrolTotp(server.app, memberSession.access_token);
      await awayFromStepEdge();
      const elevated = await verifiedSession(server.app, memberSession.access_token, factorId, secret);
      const codes = await server.app.inject({
        method: 'POST',
        url: '/auth/v1/recovery-codes',
        headers: { authorization: `Bearer ${elevated.access_token}` },
      });
      expect(codes.statusCode).toBe(200);

      const admin = await server.signIn(DEMO_USERS.sakuraAdmin.email);
      const reset = await server.send('DELETE', `/api/tenant-users/${member.id}/factors`, admin.access_token);
      expect(reset.statusCode, reset.body).toBe(204);

      expect((await customers(elevated.access_token)).statusCode).toBe(401);
      const again = await server.signIn(member.email);
      const user = await server.app.inject({
        method: 'GET',
        url: '/auth/v1/user',
        headers: { authorization: `Bearer ${again.access_token}` },
      });
      expect(user.json().factors).toBeUndefined();
      const recovery = await server.app.inject({
        method: 'GET',
        url: '/auth/v1/factors/recovery-codes',
        headers: { authorization: `Bearer ${again.access_token}` },
      });
      expect(recovery.statusCode).toBe(404);

      const event = await server.database.owner
        .selectFrom('domain_events')
        .select(['actor_id', 'subject_id', 'payload'])
        .where('type', '=', 'tenant_user.factors_reset')
        .where('subject_id', '=', member.id)
        .executeTakeFirstOrThrow();
      expect(event.actor_id).toBe(DEMO_USERS.sakuraAdmin.id);
      expect(event.payload).toMatchObject({ email: member.email, factors: 1, revoked_sessions: 1 });
      const security = await server.database.owner
        .selectFrom('auth_session_events')
        .select('detail')
        .where('user_id', '=', member.id)
        .where('type', '=', 'mfa_reset')
        .executeTakeFirstOrThrow();
      expect(security.detail).toMatchObject({ by: DEMO_USERS.sakuraAdmin.id, factors: 1 });
    });

    it('is refused for oneself (409 MEM_004): an aal1 session cannot shed the factor that guards it', async () => {
      const admin = await newMember('admin');
      const session = await server.signIn(admin.email);
      const { factorId } = await enrolTotp(server.app, session.access_token);
      const refused = await server.send(
        'DELETE',
        `/api/tenant-users/${admin.id}/factors`,
        session.access_token,
      );
      expect(refused.statusCode, refused.body).toBe(409);
      expectErrorEnvelope(refused.json(), 'MEM_004');
      const user = await server.app.inject({
        method: 'GET',
        url: '/auth/v1/user',
        headers: { authorization: `Bearer ${session.access_token}` },
      });
      expect(user.json().factors.map((factor: { id: string }) => factor.id)).toEqual([factorId]);
    });

    it('is refused to staff (403) and to another tenant’s admin (404)', async () => {
      const member = await newMember('staff');
      const staff = await server.signIn(DEMO_USERS.sakuraStaff.email);
      const forbidden = await server.send(
        'DELETE',
        `/api/tenant-users/${member.id}/factors`,
        staff.access_token,
      );
      expect(forbidden.statusCode).toBe(403);
      expectErrorEnvelope(forbidden.json(), 'AUTH_004');

      const midori = await server.signIn(DEMO_USERS.midoriAdmin.email);
      const notFound = await server.send(
        'DELETE',
        `/api/tenant-users/${member.id}/factors`,
        midori.access_token,
      );
      expect(notFound.statusCode).toBe(404);
      expectErrorEnvelope(notFound.json(), 'RES_001');
    });
  });
});
