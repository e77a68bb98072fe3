import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInvitationForSignUp } from '../../src/modules/invitations/invitation-codes';
import { consumeInvitation } from '../../src/modules/invitations/invitations.repository';
import { ROLE_PERMISSIONS } from '../../src/platform/access/permissions';
import { withTenant } from '../../src/platform/db/tenant-scope';
import { DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { expectErrorEnvelope, expectMatchesContract } from '../support/contract';
import { createUser } from '../support/fixtures';
import { createTestServer, type TestServer } from '../support/server';

describe('invitations', () => {
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

  /** A signed-in account that belongs to no tenant yet. */
  async function newcomer(): Promise<{ email: string; id: string; token: string }> {
    counter += 1;
    const email = `newcomer-${counter}-${Date.now()}@example.jp`;
    const id = await createUser(server.database.owner, { email, fullName: `新人 ${counter}` });
    return { email, id, token: (await server.signIn(email)).access_token };
  }

  async function invite(body: Record<string, unknown> = { role: 'staff' }) {
    const response = await server.send('POST', '/api/invitations/', admin, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; code: string; invite_path: string; status: string };
  }

  const preview = (code: string) =>
    server.app.inject({ method: 'POST', url: '/api/invitations/preview', payload: { code } });

  const use = (token: string, code: string, email: string) =>
    server.send('POST', '/api/invitations/use', token, { code, email });

  async function setInvitation(id: string, values: { expires_at?: Date }) {
    await withTenant(server.database.owner, DEMO_TENANTS.sakura.id, (tx) =>
      tx.updateTable('invitations').set(values).where('id', '=', id).execute(),
    );
  }

  it('creates an invitation whose code is shown once and stored only as its SHA-256', async () => {
    const response = await server.send('POST', '/api/invitations/', admin, {
      role: 'staff',
      email: 'Someone.New@Example.JP',
      message: 'よろしくお願いします',
    });
    expect(response.statusCode).toBe(201);
    expectMatchesContract('createInvitation', 201, response.json());
    const created = response.json();
    expect(created.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.invite_path).toBe(`/invite?code=${created.code}`);
    expect(created).toMatchObject({
      email: 'someone.new@example.jp',
      role: 'staff',
      status: 'pending',
      message: 'よろしくお願いします',
      created_by: DEMO_USERS.sakuraAdmin.id,
      used_at: null,
      used_by: null,
    });
    const days = (Date.parse(created.expires_at) - Date.parse(created.created_at)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);

    const row = await withTenant(server.database.owner, DEMO_TENANTS.sakura.id, (tx) =>
      tx.selectFrom('invitations').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow(),
    );
    expect(row.code_hash).toBe(createHash('sha256').update(created.code).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.code);

    const list = await server.send('GET', '/api/invitations/?limit=100', admin);
    expect(list.statusCode).toBe(200);
    expectMatchesContract('listInvitations', 200, list.json());
    const listed = list.json().invitations.find((item: { id: string }) => item.id === created.id);
    expect(listed).toMatchObject({ code: null, invite_path: null, status: 'pending' });
  });

  it('lists newest first with skip, limit, total and a status filter computed in SQL', async () => {
    const first = await invite();
    const second = await invite();
    const expired = await invite();
    await setInvitation(expired.id, { expires_at: new Date(Date.now() - 1000) });

    const page = (await server.send('GET', '/api/invitations/?limit=2', admin)).json();
    expect(page.invitations.map((item: { id: string }) => item.id)).toEqual([expired.id, second.id]);
    const next = (await server.send('GET', '/api/invitations/?skip=2&limit=1', admin)).json();
    expect(next.invitations[0].id).toBe(first.id);
    expect(next.total).toBe(page.total);

    const expiredOnly = (
      await server.send('GET', '/api/invitations/?status=expired&limit=100', admin)
    ).json();
    expect(expiredOnly.invitations.map((item: { id: string }) => item.id)).toContain(expired.id);
    expect(expiredOnly.invitations.every((item: { status: string }) => item.status === 'expired')).toBe(true);
    expect(expiredOnly.total).toBe(expiredOnly.invitations.length);
    const pending = (await server.send('GET', '/api/invitations/?status=pending&limit=100', admin)).json();
    expect(pending.invitations.map((item: { id: string }) => item.id)).not.toContain(expired.id);
    expect(pending.invitations.map((item: { id: string }) => item.id)).toContain(first.id);
  });

  it('refuses to invite an address that already belongs to a member (409 INV_007)', async () => {
    const response = await server.send('POST', '/api/invitations/', admin, {
      role: 'user',
      email: DEMO_USERS.sakuraStaff.email.toUpperCase(),
    });
    expect(response.statusCode).toBe(409);
    expectMatchesContract('createInvitation', 409, response.json());
    expectErrorEnvelope(response.json(), 'INV_007');
  });

  it('previews without a token: tenant, role, email and status; 404 for an unknown code', async () => {
    const created = await invite({ role: 'user', email: 'preview@example.jp' });
    const response = await preview(created.code);
    expect(response.statusCode).toBe(200);
    expectMatchesContract('previewInvitation', 200, response.json());
    expect(response.json()).toEqual({
      tenant_name: DEMO_TENANTS.sakura.name,
      role: 'user',
      email: 'preview@example.jp',
      status: 'pending',
      expires_at: expect.any(String),
    });

    const unknown = await preview('x'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expectMatchesContract('previewInvitation', 404, unknown.json());
    expectErrorEnvelope(unknown.json(), 'RES_001');
    expect(unknown.json().error.message).toBe('招待コードが見つかりません。');

    expect((await server.send('DELETE', `/api/invitations/${created.id}`, admin)).statusCode).toBe(204);
    expect((await preview(created.code)).json().status).toBe('revoked');
  });

  it('joins the tenant with the role and its default permissions, once', async () => {
    const created = await invite({ role: 'staff' });
    const person = await newcomer();
    const joined = await use(person.token, created.code, person.email.toUpperCase());
    expect(joined.statusCode, joined.body).toBe(200);
    expectMatchesContract('useInvitation', 200, joined.json());
    expect(joined.json()).toEqual({
      tenant_id: DEMO_TENANTS.sakura.id,
      tenant_name: DEMO_TENANTS.sakura.name,
      role: 'staff',
    });
    const membership = await server.database.owner
      .selectFrom('tenant_users')
      .selectAll()
      .where('user_id', '=', person.id)
      .executeTakeFirstOrThrow();
    expect(membership).toMatchObject({ tenant_id: DEMO_TENANTS.sakura.id, role: 'staff', status: 'active' });
    expect(membership.permissions).toEqual([...ROLE_PERMISSIONS.staff]);

    // The tenant's admins hear of it (category user), the newcomer's colleagues on staff do not.
    const notices = await withTenant(server.database.owner, DEMO_TENANTS.sakura.id, (tx) =>
      tx
        .selectFrom('notifications')
        .select(['user_id', 'title', 'message', 'category', 'link'])
        .where('category', '=', 'user')
        .where('message', 'like', `%新人 ${counter}%`)
        .execute(),
    );
    expect(notices).toEqual([
      {
        user_id: DEMO_USERS.sakuraAdmin.id,
        title: '招待したユーザーが参加しました',
        message: `新人 ${counter}さんが招待から「スタッフ」として参加しました。`,
        category: 'user',
        link: '/tenant-users',
      },
    ]);

    // The newcomer now works in the tenant.
    const me = await server.get('/api/auth/tenant/me', { token: person.token });
    expect(me.statusCode).toBe(200);

    const listed = (await server.send('GET', '/api/invitations/?status=used&limit=100', admin)).json();
    expect(listed.invitations.find((item: { id: string }) => item.id === created.id)).toMatchObject({
      status: 'used',
      used_by: person.id,
    });

    const another = await newcomer();
    const again = await use(another.token, created.code, another.email);
    expect(again.statusCode).toBe(409);
    expectMatchesContract('useInvitation', 409, again.json());
    expectErrorEnvelope(again.json(), 'INV_001');
    expect(again.json().error.message).toBe('この招待はすでに使用されています。');

    // Already a member: its own message.
    const second = await invite({ role: 'user' });
    const member = await use(person.token, second.code, person.email);
    expect(member.statusCode).toBe(409);
    expectErrorEnvelope(member.json(), 'INV_005');
  });

  it('gives each unusable code its own 409 and message, and 422 on email for another address', async () => {
    const person = await newcomer();

    const expired = await invite();
    await setInvitation(expired.id, { expires_at: new Date(Date.now() - 1000) });
    const expiredAnswer = await use(person.token, expired.code, person.email);
    expect(expiredAnswer.statusCode).toBe(409);
    expectErrorEnvelope(expiredAnswer.json(), 'INV_002');
    expect(expiredAnswer.json().error.message).toBe('この招待は有効期限が切れています。');

    const revoked = await invite();
    await server.send('DELETE', `/api/invitations/${revoked.id}`, admin);
    const revokedAnswer = await use(person.token, revoked.code, person.email);
    expect(revokedAnswer.statusCode).toBe(409);
    expectErrorEnvelope(revokedAnswer.json(), 'INV_003');

    const bound = await invite({ role: 'staff', email: 'somebody-else@example.jp' });
    const boundAnswer = await use(person.token, bound.code, person.email);
    expect(boundAnswer.statusCode).toBe(409);
    expectErrorEnvelope(boundAnswer.json(), 'INV_004');
    expect(boundAnswer.json().error.message).toBe('この招待は別のメールアドレス宛てです。');

    const open = await invite();
    const wrongEmail = await use(person.token, open.code, 'not-me@example.jp');
    expect(wrongEmail.statusCode).toBe(422);
    expectMatchesContract('useInvitation', 422, wrongEmail.json());
    expect(wrongEmail.json().error.validation_errors).toEqual([
      { field: 'email', message: 'ログイン中のアカウントのメールアドレスと一致しません' },
    ]);

    const unknown = await use(person.token, 'y'.repeat(43), person.email);
    expect(unknown.statusCode).toBe(404);
    expectErrorEnvelope(unknown.json(), 'RES_001');

    // Nothing was consumed by the refusals.
    expect((await preview(open.code)).json().status).toBe('pending');
    expect((await preview(bound.code)).json().status).toBe('pending');
  });

  it('refuses a member whose membership was disabled (409 INV_006)', async () => {
    const email = `disabled-${Date.now()}@example.jp`;
    await createUser(server.database.owner, {
      email,
      memberships: [
        { tenantId: DEMO_TENANTS.sakura.id, role: 'user', permissions: [], status: 'inactive' },
        { tenantId: DEMO_TENANTS.midori.id, role: 'user', permissions: [] },
      ],
    });
    const token = (await server.signIn(email)).access_token;
    const created = await invite();
    const response = await use(token, created.code, email);
    expect(response.statusCode).toBe(409);
    expectErrorEnvelope(response.json(), 'INV_006');
  });

  it('lets exactly one of two simultaneous redemptions of the same code through', async () => {
    const created = await invite({ role: 'user' });
    const [a, b] = await Promise.all([newcomer(), newcomer()]);
    const answers = await Promise.all([
      use(a.token, created.code, a.email),
      use(b.token, created.code, b.email),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expectErrorEnvelope(refused?.json(), 'INV_001');
    const members = await server.database.owner
      .selectFrom('tenant_users')
      .select('user_id')
      .where('user_id', 'in', [a.id, b.id])
      .execute();
    expect(members).toHaveLength(1);
  });

  it('consumes a code once even when the second redemption starts before the first commits', async () => {
    const created = await invite({ role: 'user' });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const consume = (hold: boolean) =>
      withTenant(server.database.db, DEMO_TENANTS.sakura.id, async (tx) => {
        const consumed = await consumeInvitation(tx, created.id);
        if (hold) await held;
        return consumed;
      });
    const first = consume(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const second = consume(false);
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    expect(await first).toBe(true);
    expect(await second).toBe(false);
  });

  it('revokes a pending invitation (listed as revoked) and hides a finished one from the list', async () => {
    const created = await invite();
    expect((await server.send('DELETE', `/api/invitations/${created.id}`, admin)).statusCode).toBe(204);
    const ids = async () =>
      (await server.send('GET', '/api/invitations/?limit=100', admin))
        .json()
        .invitations.map((item: { id: string; status: string }) => `${item.id}:${item.status}`);
    expect(await ids()).toContain(`${created.id}:revoked`);

    expect((await server.send('DELETE', `/api/invitations/${created.id}`, admin)).statusCode).toBe(204);
    expect((await ids()).some((entry: string) => entry.startsWith(created.id))).toBe(false);
    const gone = await server.send('DELETE', `/api/invitations/${created.id}`, admin);
    expect(gone.statusCode).toBe(404);
    expectMatchesContract('deleteInvitation', 404, gone.json());

    // A used one leaves the list; whoever joined stays a member.
    const used = await invite();
    const person = await newcomer();
    expect((await use(person.token, used.code, person.email)).statusCode).toBe(200);
    expect((await server.send('DELETE', `/api/invitations/${used.id}`, admin)).statusCode).toBe(204);
    expect((await ids()).some((entry: string) => entry.startsWith(used.id))).toBe(false);
    const membership = await server.database.owner
      .selectFrom('tenant_users')
      .select('status')
      .where('user_id', '=', person.id)
      .executeTakeFirst();
    expect(membership?.status).toBe('active');
  });

  it('refuses a staff member every invitation operation (403 AUTH_004)', async () => {
    const created = await invite();
    for (const [method, url, body] of [
      ['GET', '/api/invitations/', undefined],
      ['POST', '/api/invitations/', { role: 'admin' }],
      ['DELETE', `/api/invitations/${created.id}`, undefined],
    ] as const) {
      const response = await server.send(method, url, staff, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expectErrorEnvelope(response.json(), 'AUTH_004');
    }
    expect((await preview(created.code)).json().status).toBe('pending');
  });

  it("keeps another tenant's invitations invisible to the app role without the code", async () => {
    const created = await invite();
    const seen = await withTenant(server.database.db, DEMO_TENANTS.midori.id, (tx) =>
      tx.selectFrom('invitations').select('id').where('id', '=', created.id).execute(),
    );
    expect(seen).toEqual([]);
  });

  it('answers the sign-up check: usable, or why not, in Japanese', async () => {
    const open = await invite();
    expect(await checkInvitationForSignUp(server.database.db, open.code, 'anyone@example.jp')).toEqual({
      ok: true,
    });
    const bound = await invite({ role: 'user', email: 'bound@example.jp' });
    expect(await checkInvitationForSignUp(server.database.db, bound.code, ' Bound@Example.jp')).toEqual({
      ok: true,
    });
    expect(await checkInvitationForSignUp(server.database.db, bound.code, 'other@example.jp')).toEqual({
      ok: false,
      message: 'この招待は別のメールアドレス宛てです。',
    });
    await server.send('DELETE', `/api/invitations/${open.id}`, admin);
    expect(await checkInvitationForSignUp(server.database.db, open.code, 'anyone@example.jp')).toEqual({
      ok: false,
      message: 'この招待は取り消されています。',
    });
    expect(await checkInvitationForSignUp(server.database.db, 'nope', 'anyone@example.jp')).toEqual({
      ok: false,
      message: '招待コードが見つかりません。',
    });
  });
});
