import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_CHANNEL } from '../../src/modules/notifications/notifications.repository';
import { DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { expectErrorEnvelope, expectMatchesContract } from '../support/contract';
import { createUser } from '../support/fixtures';
import { createTestServer, type TestServer } from '../support/server';

/**
 * Notifications from real events: a change and its event and notifications share one
 * transaction; each user reads, filters and marks only their own.
 */
describe('notifications', () => {
  let server: TestServer;
  let admin: string;
  let staff: string;
  let quietId: string;

  beforeAll(async () => {
    server = await createTestServer();
    admin = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
    staff = (await server.signIn(DEMO_USERS.sakuraStaff.email)).access_token;
    // A member who may not read notifications gets none.
    quietId = await createUser(server.database.owner, {
      email: 'quiet@sakura-clinic.example',
      memberships: [{ tenantId: DEMO_TENANTS.sakura.id, role: 'user', permissions: ['customers.read'] }],
    });
  });

  afterAll(async () => {
    await server.close();
  });

  const send = (method: string, url: string, token: string, body?: unknown) =>
    server.send(method, url, token, body);

  const newCustomer = (lastName: string, assignee: string | null = null) => ({
    last_name: lastName,
    first_name: '花子',
    last_name_kana: 'テスト',
    first_name_kana: 'ハナコ',
    assignee_user_id: assignee,
  });

  const inbox = async (token: string, query = '') => {
    const response = await send('GET', `/api/notifications${query}`, token);
    expect(response.statusCode).toBe(200);
    expectMatchesContract('listNotifications', 200, response.json());
    return response.json<{
      total: number;
      unread_count: number;
      notifications: Array<{
        id: string;
        title: string;
        message: string;
        link: string | null;
        read: boolean;
      }>;
    }>();
  };

  it('tells the others, not the actor, that a customer was registered, and links to it', async () => {
    const before = await inbox(staff);
    const adminBefore = await inbox(admin);
    const created = await send('POST', '/api/customers', admin, newCustomer('通知'));
    expect(created.statusCode).toBe(201);

    const after = await inbox(staff);
    expect(after.unread_count).toBe(before.unread_count + 1);
    expect(after.notifications[0]).toMatchObject({
      title: '顧客が登録されました',
      link: `/customers/${created.json().id}`,
      read: false,
    });
    expect(after.notifications[0]?.message).toContain('「通知 花子」さんを登録しました');
    expect((await inbox(admin)).total).toBe(adminBefore.total);
    const quietInbox = await server.database.owner
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', quietId)
      .execute();
    expect(quietInbox).toEqual([]);
  });

  it('tells the assignee of updates, of being assigned, and of new interactions', async () => {
    const created = (await send('POST', '/api/customers', admin, newCustomer('担当'))).json();
    const assigned = await send('PUT', `/api/customers/${created.id}`, admin, {
      version: created.version,
      assignee_user_id: DEMO_USERS.sakuraStaff.id,
    });
    expect(assigned.statusCode).toBe(200);
    expect((await inbox(staff)).notifications[0]?.title).toBe('顧客の担当になりました');

    await send('PUT', `/api/customers/${created.id}`, admin, {
      version: assigned.json().version,
      notes: '更新',
    });
    expect((await inbox(staff)).notifications[0]?.title).toBe('担当の顧客が更新されました');

    const interaction = await send('POST', '/api/interactions', admin, {
      customer_id: created.id,
      type: 'call',
      summary: '予約の変更',
      content: '来週に変更',
    });
    expect(interaction.statusCode).toBe(201);
    const latest = (await inbox(staff, '?category=interaction')).notifications[0];
    expect(latest).toMatchObject({
      title: '担当の顧客に対応履歴が追加されました',
      link: `/customers/${created.id}`,
    });
    expect(latest?.message).toContain('対応履歴（電話）');
  });

  it('leaves no event and no notification behind when the change itself fails', async () => {
    const created = (
      await send('POST', '/api/customers', admin, newCustomer('競合', DEMO_USERS.sakuraStaff.id))
    ).json();
    const { total } = await inbox(staff);
    const events = await server.database.owner
      .selectFrom('domain_events')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    const stale = await send('PUT', `/api/customers/${created.id}`, admin, { version: 99, notes: '古い版' });
    expect(stale.statusCode).toBe(409);
    expect((await inbox(staff)).total).toBe(total);
    const eventsAfter = await server.database.owner
      .selectFrom('domain_events')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    expect(eventsAfter.count).toBe(events.count);
  });

  it('announces committed news on the notifications channel', async () => {
    const listener = new pg.Client({ connectionString: server.database.ownerUrl });
    await listener.connect();
    try {
      await listener.query(`listen ${NOTIFICATIONS_CHANNEL}`);
      const heard = new Promise<string>((resolve) => {
        listener.on('notification', (message) => resolve(message.payload ?? ''));
      });
      await send('POST', '/api/customers', admin, newCustomer('配信'));
      expect(await heard).toBe(DEMO_TENANTS.sakura.id);
    } finally {
      await listener.end();
    }
  });

  it('pages by limit and skip, filters, and counts unread whatever the filter', async () => {
    for (const name of ['一', '二', '三']) await send('POST', '/api/customers', admin, newCustomer(name));
    const all = await inbox(staff, '?limit=100');
    const page = await inbox(staff, '?limit=2&skip=1');
    expect(page.notifications.map((n) => n.id)).toEqual(all.notifications.slice(1, 3).map((n) => n.id));
    expect(page.total).toBe(all.total);
    const interactionsOnly = await inbox(staff, '?category=interaction');
    expect(interactionsOnly.total).toBeLessThan(all.total);
    expect(interactionsOnly.unread_count).toBe(all.unread_count);

    const stats = await send('GET', '/api/notifications/stats', staff);
    expect(stats.statusCode).toBe(200);
    expectMatchesContract('getNotificationStats', 200, stats.json());
    expect(stats.json()).toMatchObject({ total: all.total, unread_count: all.unread_count });
    expect(stats.json().by_category.customer.total + stats.json().by_category.interaction.total).toBe(
      all.total,
    );
    expect(stats.json().by_category.document).toEqual({ total: 0, unread: 0 });
  });

  it('marks one read and unread again, and keeps others out of reach', async () => {
    const [first] = (await inbox(staff)).notifications;
    const read = await send('PATCH', `/api/notifications/${first?.id}`, staff, { read: true });
    expect(read.statusCode).toBe(200);
    expectMatchesContract('updateNotification', 200, read.json());
    expect(read.json()).toMatchObject({ read: true });
    const again = await send('PATCH', `/api/notifications/${first?.id}`, staff, { read: true });
    expect(again.json().read_at).toBe(read.json().read_at);
    expect((await send('GET', `/api/notifications/${first?.id}`, staff)).json().read).toBe(true);
    const unread = await send('PATCH', `/api/notifications/${first?.id}`, staff, { read: false });
    expect(unread.json()).toMatchObject({ read: false, read_at: null });

    // Another user of the same tenant: as if it did not exist, and left unchanged.
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { read: true }],
    ] as const) {
      const response = await send(method, `/api/notifications/${first?.id}`, admin, body);
      expect(response.statusCode).toBe(404);
      expectErrorEnvelope(response.json(), 'RES_001');
    }
    expect((await send('GET', `/api/notifications/${first?.id}`, staff)).json().read).toBe(false);
  });

  it('marks several and all read, never counting below zero or counting others', async () => {
    const before = await inbox(staff, '?limit=100&unread_only=true');
    const [a, b] = before.notifications;
    const adminOwn = (await inbox(admin, '?limit=1')).notifications[0];
    const ids = [a?.id, b?.id, adminOwn?.id, '00000000-0000-4000-8000-000000000000'].filter(Boolean);
    const marked = await send('POST', '/api/notifications/mark-as-read', staff, { notification_ids: ids });
    expect(marked.statusCode).toBe(200);
    expectMatchesContract('markNotificationsAsRead', 200, marked.json());
    expect(marked.json()).toEqual({ updated_count: 2, unread_count: before.unread_count - 2 });
    // Already read: nothing more to count.
    const twice = await send('POST', '/api/notifications/mark-as-read', staff, { notification_ids: ids });
    expect(twice.json()).toEqual({ updated_count: 0, unread_count: before.unread_count - 2 });

    const all = await send('POST', '/api/notifications/mark-all-as-read', staff);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ updated_count: before.unread_count - 2, unread_count: 0 });
    expect((await send('POST', '/api/notifications/mark-all-as-read', staff)).json()).toEqual({
      updated_count: 0,
      unread_count: 0,
    });
    if (adminOwn)
      expect((await send('GET', `/api/notifications/${adminOwn.id}`, admin)).json().read).toBe(false);
  });

  it('answers a Japanese 422 for a bad filter', async () => {
    const response = await send('GET', '/api/notifications?category=billing', staff);
    expect(response.statusCode).toBe(422);
    expectErrorEnvelope(response.json(), 'VAL_001');
  });
});
