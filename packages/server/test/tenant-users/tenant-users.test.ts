import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/auth/passwords';
import {
  toggleTenantUserStatus,
  updateTenantUser,
} from '../../src/modules/tenant-users/tenant-users.service';
import type { Principal } from '../../src/platform/access/access';
import { ALL_PERMISSIONS, ROLE_PERMISSIONS } from '../../src/platform/access/permissions';
import { withTenant } from '../../src/platform/db/tenant-scope';
import { DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { expectErrorEnvelope, expectMatchesContract } from '../support/contract';
import { createUser } from '../support/fixtures';
import { createTestServer, type TestServer } from '../support/server';

describe('tenant users', () => {
  let server: TestServer;
  let admin: string;
  let staff: string;
  let counter = 0;

  beforeAll(async () => {
    server = await createTestServer();
    admin = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
    staff = (await server.signIn(DEMO_USERS.sakuraStaff.email)).access_token;
  });

  afterAll(async () => {
    await server.close();
  });

  const uniqueEmail = (label: string) => {
    counter += 1;
    return `${label}-${counter}-${Date.now()}@example.jp`;
  };

  /** A member of さくら (and optionally other tenants); returns the id and a token. */
  async function member(
    role: 'admin' | 'staff' | 'user',
    extra: Array<{ tenantId: string; role: 'admin' | 'staff' | 'user' }> = [],
  ) {
    const email = uniqueEmail(role);
    const id = await createUser(server.database.owner, {
      email,
      fullName: `${role} さん`,
      memberships: [
        { tenantId: DEMO_TENANTS.sakura.id, role, permissions: [...ROLE_PERMISSIONS[role]] },
        ...extra.map((membership) => ({
          ...membership,
          permissions: [...ROLE_PERMISSIONS[membership.role]],
        })),
      ],
    });
    const session = await server.signIn(email);
    return { id, email, token: session.access_token, refreshToken: session.refresh_token };
  }

  const usersPath = `/api/tenants/${DEMO_TENANTS.sakura.id}/users`;

  /** A tenant of its own with one admin (every permission), signed in, and a sender as them. */
  async function tenantWithOneAdmin(name: string) {
    const tenant = await server.database.owner
      .insertInto('tenants')
      .values({ name, plan: 'basic' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const email = uniqueEmail('sole');
    const admin = await createUser(server.database.owner, {
      email,
      memberships: [{ tenantId: tenant.id, role: 'admin', permissions: [...ALL_PERMISSIONS] }],
    });
    const token = (await server.signIn(email)).access_token;
    const send = (method: string, url: string, body?: unknown) =>
      server.app.inject({
        method: method as 'PUT',
        url,
        headers: { authorization: `Bearer ${token}`, 'x-tenant-id': tenant.id },
        ...(body === undefined ? {} : { payload: body as object }),
      });
    return { tenantId: tenant.id, admin, send };
  }

  it('lists the members in the order they joined, with role, status and last sign-in', async () => {
    const response = await server.send('GET', '/api/tenant-users?limit=100', admin);
    expect(response.statusCode).toBe(200);
    expectMatchesContract('listTenantUsers', 200, response.json());
    const { users, total } = response.json();
    expect(total).toBe(users.length);
    expect(users[0]).toMatchObject({
      id: DEMO_USERS.sakuraAdmin.id,
      email: DEMO_USERS.sakuraAdmin.email,
      full_name: DEMO_USERS.sakuraAdmin.full_name,
      role: 'admin',
      status: 'active',
    });
    expect(users[0].last_sign_in_at).not.toBeNull();
    expect(users[0].permissions).toEqual([...ALL_PERMISSIONS]);
    const joined = users.map((user: { created_at: string }) => Date.parse(user.created_at));
    expect(joined).toEqual([...joined].sort((a, b) => a - b));
    // Nobody of みどり.
    expect(users.map((user: { id: string }) => user.id)).not.toContain(DEMO_USERS.midoriAdmin.id);
  });

  it('filters by search (name or email, kana either way), role and status, with paging', async () => {
    const search = async (query: string) =>
      (await server.send('GET', `/api/tenant-users?${query}`, admin)).json() as {
        total: number;
        users: Array<{ id: string; role: string; status: string }>;
      };
    expect((await search(`search=${encodeURIComponent('田中')}`)).users.map((user) => user.id)).toEqual([
      DEMO_USERS.sakuraStaff.id,
    ]);
    expect((await search('search=STAFF%40SAKURA')).users.map((user) => user.id)).toEqual([
      DEMO_USERS.sakuraStaff.id,
    ]);
    const kana = await createUser(server.database.owner, {
      email: uniqueEmail('kana'),
      fullName: 'ヤマダ タロウ',
      memberships: [{ tenantId: DEMO_TENANTS.sakura.id, role: 'user', permissions: [] }],
    });
    expect((await search(`search=${encodeURIComponent('やまだ')}`)).users.map((user) => user.id)).toEqual([
      kana,
    ]);

    const admins = await search('role=admin&limit=100');
    expect(admins.users.every((user) => user.role === 'admin')).toBe(true);
    expect(admins.total).toBe(admins.users.length);
    const page = await search('limit=1&skip=1');
    expect(page.users).toHaveLength(1);
    expect(page.users[0]?.id).toBe(DEMO_USERS.sakuraStaff.id);
    expect(
      (await search('status=inactive&limit=100')).users.every((user) => user.status === 'inactive'),
    ).toBe(true);
  });

  it('adds an existing account with the role defaults; 409 MEM_003 when already a member', async () => {
    const email = uniqueEmail('existing');
    const id = await createUser(server.database.owner, { email, fullName: '既存 アカウント' });
    const response = await server.send('POST', usersPath, admin, {
      email: email.toUpperCase(),
      role: 'staff',
    });
    expect(response.statusCode, response.body).toBe(201);
    expectMatchesContract('addTenantUser', 201, response.json());
    expect(response.json()).toMatchObject({
      id,
      email,
      full_name: '既存 アカウント',
      role: 'staff',
      status: 'active',
      permissions: [...ROLE_PERMISSIONS.staff],
    });

    const again = await server.send('POST', usersPath, admin, { email, role: 'user' });
    expect(again.statusCode).toBe(409);
    expectMatchesContract('addTenantUser', 409, again.json());
    expectErrorEnvelope(again.json(), 'MEM_003');
  });

  it('creates a new account with the initial password and explicit permissions; 422 without a password', async () => {
    const email = uniqueEmail('brand-new');
    const missing = await server.send('POST', usersPath, admin, { email, role: 'user' });
    expect(missing.statusCode).toBe(422);
    expectMatchesContract('addTenantUser', 422, missing.json());
    expect(missing.json().error.validation_errors).toEqual([
      { field: 'initial_password', message: expect.stringContaining('初期パスワード') },
    ]);

    const response = await server.send('POST', usersPath, admin, {
      email,
      role: 'user',
      full_name: '  新規 花子 ',
      permissions: ['customers.read', 'staff.read'],
      initial_password: 'hajimete-no-pass',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      email,
      full_name: '新規 花子',
      role: 'user',
      permissions: ['customers.read', 'staff.read'],
      last_sign_in_at: null,
    });
    const account = await server.database.owner
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword('hajimete-no-pass', account.password_hash ?? '')).toBe(true);
    const session = await server.signIn(email, 'hajimete-no-pass');
    expect(session.access_token).toBeTruthy();
  });

  it('adds only where the caller holds tenant_users.write in the tenant of the path', async () => {
    const email = uniqueEmail('cross');
    await createUser(server.database.owner, { email });
    const midoriPath = `/api/tenants/${DEMO_TENANTS.midori.id}/users`;
    const foreign = await server.send('POST', midoriPath, admin, { email, role: 'user' });
    expect(foreign.statusCode).toBe(403);
    expectErrorEnvelope(foreign.json(), 'AUTH_005');
    const asStaff = await server.send('POST', usersPath, staff, { email, role: 'user' });
    expect(asStaff.statusCode).toBe(403);
    expectErrorEnvelope(asStaff.json(), 'AUTH_004');
    const midoriMembers = await server.database.owner
      .selectFrom('tenant_users as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('m.user_id')
      .where('u.email', '=', email)
      .execute();
    expect(midoriMembers).toEqual([]);
  });

  it('changes a role to its defaults, stores explicit permissions as given, and renames', async () => {
    const person = await member('user');
    const promoted = await server.send('PUT', `/api/tenant-users/${person.id}`, admin, { role: 'staff' });
    expect(promoted.statusCode).toBe(200);
    expectMatchesContract('updateTenantUser', 200, promoted.json());
    expect(promoted.json()).toMatchObject({ role: 'staff', permissions: [...ROLE_PERMISSIONS.staff] });

    const narrowed = await server.send('PUT', `/api/tenant-users/${person.id}`, admin, {
      permissions: ['customers.read'],
      full_name: '改名 さん',
    });
    expect(narrowed.json()).toMatchObject({
      role: 'staff',
      permissions: ['customers.read'],
      full_name: '改名 さん',
    });

    const both = await server.send('PUT', `/api/tenant-users/${person.id}`, admin, {
      role: 'admin',
      permissions: ['customers.read', 'tenant_users.read'],
    });
    expect(both.json()).toMatchObject({
      role: 'admin',
      permissions: ['customers.read', 'tenant_users.read'],
    });

    const unknown = await server.send('PUT', `/api/tenant-users/${DEMO_USERS.midoriAdmin.id}`, admin, {
      role: 'user',
    });
    expect(unknown.statusCode).toBe(404);
    expectErrorEnvelope(unknown.json(), 'RES_001');

    const empty = await server.send('PUT', `/api/tenant-users/${person.id}`, admin, {});
    expect(empty.statusCode).toBe(422);
  });

  it('keeps the last active admin an admin and active (409 MEM_001), and nobody disables themselves', async () => {
    // A tenant of its own, with exactly one admin.
    const { tenantId, admin: sole, send } = await tenantWithOneAdmin('一人管理者医院');
    const tenant = { id: tenantId };

    const demote = await send('PUT', `/api/tenant-users/${sole}`, { role: 'staff' });
    expect(demote.statusCode).toBe(409);
    expectMatchesContract('updateTenantUser', 409, demote.json());
    expectErrorEnvelope(demote.json(), 'MEM_001');

    const self = await send('POST', `/api/tenant-users/${sole}/toggle-status`);
    expect(self.statusCode).toBe(409);
    expectErrorEnvelope(self.json(), 'MEM_002');

    // With a second admin, the first may step down; then the second is the last one.
    const secondEmail = uniqueEmail('second');
    const second = await createUser(server.database.owner, {
      email: secondEmail,
      memberships: [{ tenantId: tenant.id, role: 'admin', permissions: [...ALL_PERMISSIONS] }],
    });
    expect(
      (await send('PUT', `/api/tenant-users/${sole}`, { role: 'staff', permissions: [...ALL_PERMISSIONS] }))
        .statusCode,
    ).toBe(200);
    const lastOne = await send('POST', `/api/tenant-users/${second}/toggle-status`);
    expect(lastOne.statusCode).toBe(409);
    expectErrorEnvelope(lastOne.json(), 'MEM_001');
    const demoteLast = await send('PUT', `/api/tenant-users/${second}`, { role: 'user' });
    expect(demoteLast.statusCode).toBe(409);
    expectErrorEnvelope(demoteLast.json(), 'MEM_001');
  });

  it('never loses its last admin who can manage users: not by a permission list either', async () => {
    const { tenantId, admin: sole, send } = await tenantWithOneAdmin('権限だけ外す医院');
    const tenant = { id: tenantId };
    // An admin whose list lacks tenant_users.write cannot manage users: they do not count.
    const narrow = await createUser(server.database.owner, {
      email: uniqueEmail('perm-narrow'),
      memberships: [{ tenantId: tenant.id, role: 'admin', permissions: ['customers.read'] }],
    });

    // The attack as found: one's own permission list narrowed to nothing administrative.
    const narrowed = await send('PUT', `/api/tenant-users/${sole}`, { permissions: ['customers.read'] });
    expect(narrowed.statusCode).toBe(409);
    expectMatchesContract('updateTenantUser', 409, narrowed.json());
    expectErrorEnvelope(narrowed.json(), 'MEM_001');
    expect(narrowed.json().error.message).toContain('ユーザーの登録・編集');
    // Nothing of it was saved, and the tenant's users can still be managed.
    const still = await send('GET', '/api/tenant-users?limit=100');
    expect(still.statusCode).toBe(200);
    const soleNow = still.json().users.find((user: { id: string }) => user.id === sole);
    expect(soleNow.permissions).toContain('tenant_users.write');

    // Neither a role whose list keeps the permission by name, nor disabling, nor demoting.
    expect((await send('PUT', `/api/tenant-users/${sole}`, { role: 'staff' })).statusCode).toBe(409);
    expect(
      (await send('PUT', `/api/tenant-users/${sole}`, { role: 'staff', permissions: [...ALL_PERMISSIONS] }))
        .statusCode,
    ).toBe(409);

    // Once the other admin can manage users, the first may narrow their own list.
    expect(
      (
        await send('PUT', `/api/tenant-users/${narrow}`, {
          permissions: ['tenant_users.read', 'tenant_users.write'],
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await send('PUT', `/api/tenant-users/${sole}`, { permissions: ['customers.read'] })).statusCode,
    ).toBe(200);
    // …and now the other one is the last: nobody can disable them or narrow their list.
    await withTenant(server.database.db, tenant.id, async (tx) => {
      const principal = { userId: sole } as Principal;
      await expect(toggleTenantUserStatus(tx, principal, narrow, new Date())).rejects.toMatchObject({
        code: 'MEM_001',
      });
    });
    await withTenant(server.database.db, tenant.id, async (tx) => {
      await expect(
        updateTenantUser(tx, narrow, { permissions: ['tenant_users.read'] }),
      ).rejects.toMatchObject({
        code: 'MEM_001',
      });
    });
  });

  it('demoting both admins at once leaves one: the second change sees the first', async () => {
    const tenant = await server.database.owner
      .insertInto('tenants')
      .values({ name: '二人管理者医院', plan: 'basic' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const admins: string[] = [];
    for (const label of ['a', 'b']) {
      admins.push(
        await createUser(server.database.owner, {
          email: uniqueEmail(`pair-${label}`),
          memberships: [{ tenantId: tenant.id, role: 'admin', permissions: [...ALL_PERMISSIONS] }],
        }),
      );
    }
    // The first demotion holds its transaction open while the second starts: without the lock on
    // the admins' rows the second would still count two admins and demote the last one.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = withTenant(server.database.db, tenant.id, async (tx) => {
      await updateTenantUser(tx, admins[0] ?? '', { role: 'staff' });
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const second = withTenant(server.database.db, tenant.id, (tx) =>
      updateTenantUser(tx, admins[1] ?? '', { role: 'staff' }),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await first;
    await expect(second).rejects.toMatchObject({ code: 'MEM_001' });
    const remaining = await server.database.owner
      .selectFrom('tenant_users')
      .select('user_id')
      .where('tenant_id', '=', tenant.id)
      .where('role', '=', 'admin')
      .execute();
    expect(remaining).toHaveLength(1);
  });

  it('disabling ends every session of a user with no other tenant: next call 401, refresh refused', async () => {
    const person = await member('staff');
    expect((await server.get('/api/auth/tenant/me', { token: person.token })).statusCode).toBe(200);

    const off = await server.send('POST', `/api/tenant-users/${person.id}/toggle-status`, admin);
    expect(off.statusCode).toBe(200);
    expectMatchesContract('toggleTenantUserStatus', 200, off.json());
    expect(off.json()).toMatchObject({ id: person.id, status: 'inactive' });

    const next = await server.get('/api/customers', { token: person.token });
    expect(next.statusCode).toBe(401);
    expectErrorEnvelope(next.json(), 'AUTH_001');
    const refresh = await server.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=refresh_token',
      payload: { refresh_token: person.refreshToken },
    });
    expect(refresh.statusCode).toBe(400);

    // Back on: the membership is active again (the person signs in anew).
    const on = await server.send('POST', `/api/tenant-users/${person.id}/toggle-status`, admin);
    expect(on.json()).toMatchObject({ status: 'active' });
    const again = await server.signIn(person.email);
    expect((await server.get('/api/customers', { token: again.access_token })).statusCode).toBe(200);
  });

  it('a disabled member with another tenant keeps that tenant but is refused in this one at once', async () => {
    const person = await member('staff', [{ tenantId: DEMO_TENANTS.midori.id, role: 'user' }]);
    expect(
      (await server.get('/api/customers', { token: person.token, tenantId: DEMO_TENANTS.sakura.id }))
        .statusCode,
    ).toBe(200);

    expect(
      (await server.send('POST', `/api/tenant-users/${person.id}/toggle-status`, admin)).statusCode,
    ).toBe(200);
    const here = await server.get('/api/customers', {
      token: person.token,
      tenantId: DEMO_TENANTS.sakura.id,
    });
    expect(here.statusCode).toBe(403);
    expectErrorEnvelope(here.json(), 'AUTH_005');
    const there = await server.get('/api/auth/tenant/me', {
      token: person.token,
      tenantId: DEMO_TENANTS.midori.id,
    });
    expect(there.statusCode).toBe(200);
    expect(there.json().user.accessible_tenant_ids).toEqual([DEMO_TENANTS.midori.id]);
  });

  it('refuses a staff member every write, and another tenant’s user ids answer 404', async () => {
    const person = await member('user');
    for (const [method, url, body] of [
      ['PUT', `/api/tenant-users/${person.id}`, { role: 'admin' }],
      ['POST', `/api/tenant-users/${person.id}/toggle-status`, undefined],
    ] as const) {
      const response = await server.send(method, url, staff, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expectErrorEnvelope(response.json(), 'AUTH_004');
    }
    const foreign = await server.send(
      'POST',
      `/api/tenant-users/${DEMO_USERS.midoriAdmin.id}/toggle-status`,
      admin,
    );
    expect(foreign.statusCode).toBe(404);
    const midoriAdmin = await server.database.owner
      .selectFrom('tenant_users')
      .select('status')
      .where('user_id', '=', DEMO_USERS.midoriAdmin.id)
      .executeTakeFirstOrThrow();
    expect(midoriAdmin.status).toBe('active');
  });
});
