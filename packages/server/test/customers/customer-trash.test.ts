/**
 * The customers' trash (ゴミ箱) through HTTP on real PostgreSQL: a deleted customer is listed
 * with when it will be erased, can be restored, is erased now by an admin (with its interactions
 * and research reports) or by the nightly job after 30 days; staff and other tenants see none of it.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredTrash } from '../../src/modules/customers/customers.trash';
import { DEMO_USERS } from '../../src/seed/demo';
import { expectErrorEnvelope, expectMatchesContract } from '../support/contract';
import { createTestServer, type TestServer } from '../support/server';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('customers: the trash', () => {
  let server: TestServer;
  let admin: string;
  let staff: string;
  let midori: string;

  beforeAll(async () => {
    server = await createTestServer();
    admin = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
    staff = (await server.signIn(DEMO_USERS.sakuraStaff.email)).access_token;
    midori = (await server.signIn(DEMO_USERS.midoriAdmin.email)).access_token;
  });

  afterAll(async () => {
    await server.close();
  });

  /** A customer with one interaction and one research report, then deleted. */
  async function deletedCustomer(lastName: string) {
    const created = await server.send('POST', '/api/customers', admin, {
      last_name: lastName,
      first_name: '一郎',
      last_name_kana: 'ゴミバコ',
      first_name_kana: 'イチロウ',
    });
    const id = created.json().id as string;
    await server.send('POST', '/api/interactions', admin, {
      customer_id: id,
      type: 'call',
      content: '初回の電話',
    });
    const report = await server.send('POST', `/api/research/customer/${id}`, admin, {});
    expect(report.statusCode, report.body).toBe(200);
    expect((await server.send('DELETE', `/api/customers/${id}`, admin)).statusCode).toBe(204);
    return { id, reportId: report.json().id as string };
  }

  const trash = async (token: string, query = '') =>
    server.send('GET', `/api/customers/trash${query}`, token);

  it('lists deleted customers with when they will be erased, and restores one', async () => {
    const { id } = await deletedCustomer('屑籠');
    const listed = await trash(admin, `?search=${encodeURIComponent('屑籠')}`);
    expect(listed.statusCode).toBe(200);
    expectMatchesContract('listDeletedCustomers', 200, listed.json());
    const [entry] = listed.json().customers;
    expect(entry).toMatchObject({
      id,
      last_name: '屑籠',
      deleted_by_name: DEMO_USERS.sakuraAdmin.full_name,
      interaction_count: 1,
    });
    expect(Date.parse(entry.purge_at) - Date.parse(entry.deleted_at)).toBe(30 * DAY_MS);
    // The live list does not show it; the trash does, by reading too.
    expect((await trash(admin, `?search=${encodeURIComponent('ごみばこ')}`)).json().customers).toHaveLength(
      1,
    );

    expect((await server.send('POST', `/api/customers/${id}/restore`, admin)).statusCode).toBe(200);
    expect((await trash(admin, `?search=${encodeURIComponent('屑籠')}`)).json().total).toBe(0);
  });

  it('erases a customer in the trash now, with its interactions and research reports', async () => {
    const { id, reportId } = await deletedCustomer('消去');
    const erased = await server.send('DELETE', `/api/customers/${id}/permanent`, admin);
    expect(erased.statusCode).toBe(204);
    expect((await server.send('GET', `/api/customers/${id}`, admin)).statusCode).toBe(404);
    expect((await server.send('POST', `/api/customers/${id}/restore`, admin)).statusCode).toBe(404);
    expect((await server.send('GET', `/api/research/reports/${reportId}`, admin)).statusCode).toBe(404);
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from interactions where customer_id = ${id}`.execute(server.database.owner);
    expect(Number(rows[0]?.n)).toBe(0);
    expect((await server.send('DELETE', `/api/customers/${id}/permanent`, admin)).statusCode).toBe(404);
  });

  it('refuses to erase a customer that is not in the trash (409 RES_004)', async () => {
    const live = await server.send('POST', '/api/customers', admin, {
      last_name: '現役',
      first_name: '次郎',
      last_name_kana: 'ゲンエキ',
      first_name_kana: 'ジロウ',
    });
    const response = await server.send('DELETE', `/api/customers/${live.json().id}/permanent`, admin);
    expect(response.statusCode).toBe(409);
    expectErrorEnvelope(response.json(), 'RES_004');
    expect((await server.send('GET', `/api/customers/${live.json().id}`, admin)).statusCode).toBe(200);
  });

  it('shows the trash to no one without customers.delete, and nothing of another tenant', async () => {
    const { id } = await deletedCustomer('権限');
    expect((await trash(staff)).statusCode).toBe(403);
    expect((await server.send('DELETE', `/api/customers/${id}/permanent`, staff)).statusCode).toBe(403);
    const theirs = await trash(midori);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().customers.map((customer: { id: string }) => customer.id)).not.toContain(id);
    expect((await server.send('DELETE', `/api/customers/${id}/permanent`, midori)).statusCode).toBe(404);
    expect((await server.send('GET', `/api/customers/${id}`, admin)).json().deleted_at).not.toBeNull();
  });

  it('erases what has been in the trash for more than 30 days, nightly, and keeps the rest', async () => {
    const { id: old } = await deletedCustomer('期限切れ');
    const { id: recent } = await deletedCustomer('まだ');
    // Deleted 31 days ago, as the owner can set it.
    await sql`update customers set deleted_at = now() - interval '31 days' where id = ${old}`.execute(
      server.database.owner,
    );
    const listed = (await trash(admin, '?limit=100'))
      .json()
      .customers.map((customer: { id: string }) => customer.id);
    expect(listed).not.toContain(old);
    expect(listed).toContain(recent);

    expect(await purgeExpiredTrash(server.database.db, new Date())).toBeGreaterThanOrEqual(1);
    expect((await server.send('GET', `/api/customers/${old}`, admin)).statusCode).toBe(404);
    expect((await server.send('GET', `/api/customers/${recent}`, admin)).statusCode).toBe(200);
  });
});
