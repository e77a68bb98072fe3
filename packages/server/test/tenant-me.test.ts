import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, STAFF_PERMISSIONS } from '../src/platform/access/permissions';
import { insertTenant } from '../src/platform/access/tenants.repository';
import { DEMO_TENANTS, DEMO_USERS } from '../src/seed/demo';
import { expectErrorEnvelope, expectMatchesContract } from './support/contract';
import { createUser } from './support/fixtures';
import { createTestServer, type TestServer } from './support/server';

describe('GET /api/auth/tenant/me', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer();
  });

  afterAll(async () => {
    await server.close();
  });

  const me = async (email: string) => {
    const session = await server.signIn(email);
    return server.get('/api/auth/tenant/me', { token: session.access_token });
  };

  it('describes a tenant admin with the tenant, role and plan', async () => {
    const response = await me(DEMO_USERS.sakuraAdmin.email);
    expect(response.statusCode).toBe(200);
    expectMatchesContract('getTenantMe', 200, response.json());
    expect(response.json()).toEqual({
      success: true,
      user: {
        id: DEMO_USERS.sakuraAdmin.id,
        email: DEMO_USERS.sakuraAdmin.email,
        full_name: '佐藤 美咲',
        is_system_admin: false,
        is_super_admin: false,
        is_agency_user: false,
        is_tenant_user: true,
        permissions: [...ALL_PERMISSIONS],
        accessible_tenant_ids: [DEMO_TENANTS.sakura.id],
        tenant_info: [
          {
            tenant_id: DEMO_TENANTS.sakura.id,
            tenant_name: 'さくら内科クリニック',
            role: 'admin',
            plan: 'standard',
            time_zone: 'Asia/Tokyo',
            mfa_required: false,
          },
        ],
      },
      mfa: { required: false, enrolled: false, level: 'aal1' },
    });
  });

  it("gives staff only their membership's permissions", async () => {
    const response = await me(DEMO_USERS.sakuraStaff.email);
    expect(response.json().user.permissions).toEqual(STAFF_PERMISSIONS);
    expect(response.json().user.tenant_info[0].role).toBe('staff');
  });

  it('lists several tenants in the order the user joined them', async () => {
    await createUser(server.database.owner, {
      email: 'both@example.com',
      memberships: [
        { tenantId: DEMO_TENANTS.midori.id, role: 'user', permissions: ['customers.read'] },
        { tenantId: DEMO_TENANTS.sakura.id, role: 'staff', permissions: [] },
      ],
    });
    const response = await me('both@example.com');
    expect(response.json().user.tenant_info.map((info: { tenant_name: string }) => info.tenant_name)).toEqual(
      ['みどり歯科', 'さくら内科クリニック'],
    );
    expect(response.json().user.permissions).toEqual(['customers.read']);
  });

  it("gives each tenant's own time zone (Asia/Tokyo unless set), checked as an IANA name when written", async () => {
    const abroad = '9c8b7a6d-5e4f-4a3b-9c2d-1e0f9a8b7c61';
    // A link name is stored as its canonical zone.
    await insertTenant(server.database.owner, {
      id: abroad,
      name: 'ホノルル支院',
      plan: 'basic',
      time_zone: 'US/Hawaii',
    });
    await createUser(server.database.owner, {
      email: 'travel@example.com',
      memberships: [
        { tenantId: DEMO_TENANTS.sakura.id, role: 'staff', permissions: [] },
        { tenantId: abroad, role: 'user', permissions: [] },
      ],
    });
    const response = await me('travel@example.com');
    expectMatchesContract('getTenantMe', 200, response.json());
    expect(
      response
        .json()
        .user.tenant_info.map((info: { tenant_name: string; time_zone: string }) => [
          info.tenant_name,
          info.time_zone,
        ]),
    ).toEqual([
      ['さくら内科クリニック', 'Asia/Tokyo'],
      ['ホノルル支院', 'Pacific/Honolulu'],
    ]);

    for (const invalid of ['Mars/Olympus_Mons', '+09:00', 'Asia/Tokyo; drop table tenants', '']) {
      await expect(
        insertTenant(server.database.owner, { name: '不正な医院', plan: 'basic', time_zone: invalid }),
      ).rejects.toMatchObject({ code: 'VAL_001', issues: [{ field: 'time_zone' }] });
    }
    // The column refuses what cannot be a zone name even when written around the app.
    await expect(
      server.database.owner
        .insertInto('tenants')
        .values({ name: '直接の医院', plan: 'basic', time_zone: '+09:00' })
        .execute(),
    ).rejects.toThrow(/check constraint/);
  });

  it('answers 403 AUTH_003 for a signed-in user who belongs to no tenant', async () => {
    await createUser(server.database.owner, { email: 'lonely@example.com' });
    const response = await me('lonely@example.com');
    expect(response.statusCode).toBe(403);
    expectMatchesContract('getTenantMe', 403, response.json());
    expectErrorEnvelope(response.json(), 'AUTH_003');
    expect(response.json().error.message).toBe(
      'テナントユーザーとして登録されていません。管理者にお問い合わせください。',
    );
  });

  it('treats an inactive membership as no membership', async () => {
    // Signed in while the membership was active; disabled since (the auth service would no longer
    // let them sign in at all: user_banned).
    const former = await createUser(server.database.owner, {
      email: 'former@example.com',
      memberships: [{ tenantId: DEMO_TENANTS.sakura.id, role: 'staff', permissions: [] }],
    });
    const token = (await server.signIn('former@example.com')).access_token;
    await server.database.owner
      .updateTable('tenant_users')
      .set({ status: 'inactive' })
      .where('user_id', '=', former)
      .execute();
    const response = await server.get('/api/auth/tenant/me', { token });
    expect(response.statusCode).toBe(403);
    expectErrorEnvelope(response.json(), 'AUTH_003');
  });

  it("gives system admins '*' and super admins every permission", async () => {
    await createUser(server.database.owner, {
      email: 'root@example.com',
      isSystemAdmin: true,
      isSuperAdmin: true,
    });
    const response = await me('root@example.com');
    expect(response.statusCode).toBe(200);
    expectMatchesContract('getTenantMe', 200, response.json());
    expect(response.json().user).toMatchObject({
      is_system_admin: true,
      is_super_admin: true,
      is_tenant_user: false,
      accessible_tenant_ids: ['*'],
      permissions: [...ALL_PERMISSIONS],
      tenant_info: [],
    });
  });

  it('answers 401 AUTH_001 without a token', async () => {
    const response = await server.get('/api/auth/tenant/me');
    expect(response.statusCode).toBe(401);
    expectMatchesContract('getTenantMe', 401, response.json());
    expectErrorEnvelope(response.json(), 'AUTH_001');
  });
});
