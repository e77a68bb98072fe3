/**
 * A mistyped interaction corrected or deleted through HTTP on real PostgreSQL: each correction
 * keeps the version it replaces (who wrote it and when, who replaced it and when), a stale
 * version is refused with the latest, permissions are the customer's, and another tenant's or
 * another customer's interaction is not there.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../src/seed/demo';
import { expectErrorEnvelope, expectMatchesContract } from '../support/contract';
import { createTestServer, type TestServer } from '../support/server';

describe('interactions: corrections, their versions, deletion', () => {
  let server: TestServer;
  let admin: string;
  let staff: string;
  let midori: string;
  let customerId: string;
  let otherCustomerId: string;

  const newCustomer = (last: string) => ({
    last_name: last,
    first_name: '花子',
    last_name_kana: 'テスト',
    first_name_kana: 'ハナコ',
  });

  beforeAll(async () => {
    server = await createTestServer();
    admin = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
    staff = (await server.signIn(DEMO_USERS.sakuraStaff.email)).access_token;
    midori = (await server.signIn(DEMO_USERS.midoriAdmin.email)).access_token;
    customerId = (await server.send('POST', '/api/customers', admin, newCustomer('訂正'))).json().id;
    otherCustomerId = (await server.send('POST', '/api/customers', admin, newCustomer('別人'))).json().id;
  });

  afterAll(async () => {
    await server.close();
  });

  async function record(token: string, content: string) {
    const response = await server.send('POST', '/api/interactions', token, {
      customer_id: customerId,
      type: 'call',
      summary: '予約の変更',
      content,
    });
    expect(response.statusCode).toBe(201);
    return response.json();
  }

  const path = (interactionId: string, customer = customerId) =>
    `/api/customers/${customer}/interactions/${interactionId}`;

  it('keeps each replaced version with who wrote it and who replaced it', async () => {
    const recorded = await record(staff, '11月30日10時に予約変更（誤り）');
    expect(recorded).toMatchObject({ version: 1, updated_by: DEMO_USERS.sakuraStaff.id });

    const corrected = await server.send('PUT', path(recorded.id), admin, {
      version: 1,
      content: '12月1日10時に予約変更',
      type: 'visit',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expectMatchesContract('updateInteraction', 200, corrected.json());
    expect(corrected.json()).toMatchObject({
      version: 2,
      content: '12月1日10時に予約変更',
      type: 'visit',
      summary: '予約の変更',
      created_by: DEMO_USERS.sakuraStaff.id,
      updated_by: DEMO_USERS.sakuraAdmin.id,
      updated_by_name: DEMO_USERS.sakuraAdmin.full_name,
    });
    const again = await server.send('PUT', path(recorded.id), staff, { version: 2, summary: null });
    expect(again.json()).toMatchObject({ version: 3, summary: null, updated_by: DEMO_USERS.sakuraStaff.id });

    const versions = await server.send('GET', `${path(recorded.id)}/versions`, staff);
    expect(versions.statusCode).toBe(200);
    expectMatchesContract('listInteractionVersions', 200, versions.json());
    const [second, first] = versions.json().versions;
    expect(first).toMatchObject({
      version: 1,
      type: 'call',
      content: '11月30日10時に予約変更（誤り）',
      written_by: DEMO_USERS.sakuraStaff.id,
      written_by_name: DEMO_USERS.sakuraStaff.full_name,
      written_at: recorded.created_at,
      replaced_by_name: DEMO_USERS.sakuraAdmin.full_name,
    });
    expect(second).toMatchObject({
      version: 2,
      type: 'visit',
      summary: '予約の変更',
      written_by_name: DEMO_USERS.sakuraAdmin.full_name,
      replaced_by_name: DEMO_USERS.sakuraStaff.full_name,
    });
    // The timeline shows the corrected one, once.
    const timeline = (await server.send('GET', `/api/interactions/${customerId}`, admin)).json();
    expect(timeline.interactions.filter((item: { id: string }) => item.id === recorded.id)).toEqual([
      expect.objectContaining({ version: 3, content: '12月1日10時に予約変更' }),
    ]);
  });

  it('refuses a stale version with the latest, and of two edits of one version takes one', async () => {
    const recorded = await record(admin, '同時に直す');
    const stale = await server.send('PUT', path(recorded.id), admin, { version: 2, content: '古い版から' });
    expect(stale.statusCode).toBe(409);
    expectErrorEnvelope(stale.json(), 'RES_003');
    expect(stale.json().error.context.current).toMatchObject({ id: recorded.id, version: 1 });

    const both = await Promise.all(
      ['受付で直した', '診察室で直した'].map((content) =>
        server.send('PUT', path(recorded.id), admin, { version: 1, content }),
      ),
    );
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const versions = (await server.send('GET', `${path(recorded.id)}/versions`, admin)).json().versions;
    expect(versions).toHaveLength(1);
    expect(versions[0].content).toBe('同時に直す');
  });

  it('replaces the products and refuses ones that are not on sale', async () => {
    const recorded = await record(admin, '商品の説明');
    const product = await server.send('POST', '/api/products/', admin, { name: '訂正用の検査', price: 1000 });
    expect(product.statusCode).toBe(201);
    const withProduct = await server.send('PUT', path(recorded.id), admin, {
      version: 1,
      product_ids: [product.json().id],
    });
    expect(withProduct.json().products).toEqual([{ id: product.json().id, name: '訂正用の検査' }]);
    const unknown = await server.send('PUT', path(recorded.id), admin, {
      version: 2,
      product_ids: [crypto.randomUUID()],
    });
    expect(unknown.statusCode).toBe(422);
    expectErrorEnvelope(unknown.json(), 'VAL_003');
    // Refused: nothing was kept or changed.
    expect((await server.send('GET', `${path(recorded.id)}/versions`, admin)).json().versions).toHaveLength(
      1,
    );
  });

  it('deletes for who may delete customers’ history, and keeps a record of what was deleted', async () => {
    const recorded = await record(staff, '間違えて記録した対応');
    const { total: before } = (
      await server.send('GET', `/api/interactions/${customerId}?limit=1`, admin)
    ).json();

    const refused = await server.send('DELETE', path(recorded.id), staff);
    expect(refused.statusCode).toBe(403);
    expectErrorEnvelope(refused.json(), 'AUTH_004');

    const deleted = await server.send('DELETE', path(recorded.id), admin);
    expect(deleted.statusCode).toBe(204);
    const after = (await server.send('GET', `/api/interactions/${customerId}?limit=100`, admin)).json();
    expect(after.total).toBe(before - 1);
    expect(after.interactions.map((item: { id: string }) => item.id)).not.toContain(recorded.id);
    expect((await server.send('DELETE', path(recorded.id), admin)).statusCode).toBe(404);
    expect((await server.send('GET', `${path(recorded.id)}/versions`, admin)).statusCode).toBe(404);

    const { rows } = await sql<{ actor_id: string; payload: { interaction: { content: string } } }>`
      select actor_id, payload from domain_events
      where type = 'interaction.deleted' and subject_id = ${recorded.id}`.execute(server.database.owner);
    expect(rows).toEqual([
      expect.objectContaining({
        actor_id: DEMO_USERS.sakuraAdmin.id,
        payload: expect.objectContaining({
          interaction: expect.objectContaining({ content: '間違えて記録した対応' }),
        }),
      }),
    ]);
  });

  it('answers 404 for another customer’s interaction and for another tenant', async () => {
    const recorded = await record(admin, '顧客違い');
    const wrongCustomer = await server.send('PUT', path(recorded.id, otherCustomerId), admin, {
      version: 1,
      content: '別の顧客のURLから',
    });
    expect(wrongCustomer.statusCode).toBe(404);
    expect((await server.send('DELETE', path(recorded.id, otherCustomerId), admin)).statusCode).toBe(404);
    expect(
      (await server.send('PUT', path(recorded.id), midori, { version: 1, content: '他院' })).statusCode,
    ).toBe(404);
    expect((await server.send('DELETE', path(recorded.id), midori)).statusCode).toBe(404);
    expect((await server.send('GET', `${path(recorded.id)}/versions`, midori)).statusCode).toBe(404);
    // Unchanged by any of them.
    expect((await server.send('GET', `${path(recorded.id)}/versions`, admin)).json().versions).toEqual([]);
  });
});
