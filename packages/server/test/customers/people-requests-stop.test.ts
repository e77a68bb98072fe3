/**
 * Stop of use (利用停止) through HTTP on real PostgreSQL: a stopped customer leaves every surface
 * that selects customers — the list and its total, search (2-character and longer), the CSV
 * export, the trash, interactions, the assistant, the chat, research, marketing and the product
 * analysis — and lifting the stop brings each back. Each surface is checked with the customer in
 * use first, so that a check that cannot see the customer at all does not pass by accident.
 * The record stays open by id to those with privacy.manage (with its stop shown); staff get 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../src/seed/demo';
import { expectMatchesContract, expectRefusal } from '../support/contract';
import { createTestServer, type TestServer } from '../support/server';

const LAST = '鷺ノ宮';
const FIRST = '澄子';

describe('customers: stop of use', () => {
  let server: TestServer;
  let admin: string;
  let staff: string;
  let midori: string;
  let id: string;
  let productId: string;

  beforeAll(async () => {
    server = await createTestServer();
    admin = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
    staff = (await server.signIn(DEMO_USERS.sakuraStaff.email)).access_token;
    midori = (await server.signIn(DEMO_USERS.midoriAdmin.email)).access_token;
    const created = await server.send('POST', '/api/customers', admin, {
      last_name: LAST,
      first_name: FIRST,
      last_name_kana: 'サギノミヤ',
      first_name_kana: 'スミコ',
      company_name: '鷺ノ宮商店',
      tags: ['利用停止テスト'],
    });
    expect(created.statusCode, created.body).toBe(201);
    id = created.json().id;
    const products = await server.get('/api/products/?limit=1', { token: admin });
    expect(products.statusCode, products.body).toBe(200);
    productId = products.json().products[0].id;
    const interaction = await server.send('POST', '/api/interactions', admin, {
      customer_id: id,
      type: 'visit',
      summary: '鷺ノ宮さんの来院',
      content: '鷺ノ宮さんが来院し、相談を受けた',
      product_ids: [productId],
    });
    expect(interaction.statusCode, interaction.body).toBe(201);
  });

  afterAll(async () => {
    await server.close();
  });

  const listed = async (query: string) => {
    const response = await server.get(`/api/customers${query}`, { token: admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { total: number; customers: Array<{ id: string }> };
  };
  const inList = async (query: string) => (await listed(query)).customers.some((c) => c.id === id);

  /** Every surface, as a name → "does it show the customer?" check. */
  const surfaces: Record<string, () => Promise<boolean>> = {
    'list (newest first)': () => inList('?limit=100'),
    'search, 2 characters': () => inList(`?search=${encodeURIComponent('鷺ノ')}&limit=100`),
    'search, longer': () => inList(`?search=${encodeURIComponent('さぎのみや')}`),
    'company filter': () => inList(`?company_filter=${encodeURIComponent('鷺ノ宮商店')}`),
    'list by kana': () => inList('?sort_by=last_name_kana&sort_order=desc&limit=100'),
    'CSV export': async () => {
      const response = await server.get('/api/customers/export', { token: admin });
      return response.body.includes(LAST);
    },
    interactions: async () => {
      const response = await server.get('/api/interactions?limit=100', { token: admin });
      return JSON.stringify(response.json()).includes(id);
    },
    assistant: async () => {
      const response = await server.send('POST', '/api/aiassistant/', admin, {
        message: '鷺ノ宮さんの最近の対応は？',
      });
      expect(response.statusCode, response.body).toBe(200);
      // The answer may repeat the name asked about; the customer's id (links, sources) it may not.
      return JSON.stringify(response.json()).includes(id);
    },
    chat: async () => {
      const response = await server.send('POST', '/api/chat', admin, {
        message: '最近の対応は？',
        customer_id: id,
      });
      return response.statusCode === 200;
    },
    'research of the customer': async () => {
      const response = await server.send('POST', `/api/research/customer/${id}`, admin, {});
      return response.statusCode === 200;
    },
    'research by name': async () => {
      const response = await server.send('POST', '/api/research/customer', admin, { name: LAST });
      expect(response.statusCode, response.body).toBe(200);
      return JSON.stringify(response.json()).includes(id);
    },
    'marketing analysis': async () => (await marketingTotal()) === marketingInUse,
    'product analysis': async () => {
      const response = await server.send('POST', `/api/products/${productId}/analyze`, admin, {
        product_id: productId,
      });
      expect(response.statusCode, response.body).toBe(200);
      return JSON.stringify(response.json()).includes(LAST);
    },
  };
  let total = 0;
  let marketingInUse = 0;
  const marketingTotal = async () => {
    const response = await server.send('POST', '/api/marketing/customer-analysis', admin, {});
    expect(response.statusCode, response.body).toBe(200);
    return response.json().total_customers as number;
  };

  it('shows the customer on every surface while in use, on none while stopped, on all again when lifted', async () => {
    total = (await listed('')).total;
    marketingInUse = await marketingTotal();
    for (const [name, shows] of Object.entries(surfaces)) expect(await shows(), `in use: ${name}`).toBe(true);

    const stopped = await server.send('PUT', `/api/customers/${id}/use-stop`, admin, {
      reason: '本人から電話で利用停止の請求があったため',
    });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expectMatchesContract('stopCustomerUse', 200, stopped.json());
    expect(stopped.json().use_stop).toMatchObject({
      reason: '本人から電話で利用停止の請求があったため',
      stopped_by_name: DEMO_USERS.sakuraAdmin.full_name,
    });
    expect((await listed('')).total).toBe(total - 1);
    total -= 1;
    for (const [name, shows] of Object.entries(surfaces))
      expect(await shows(), `stopped: ${name}`).toBe(false);

    const lifted = await server.send('DELETE', `/api/customers/${id}/use-stop`, admin);
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json().use_stop).toBeNull();
    total += 1;
    expect((await listed('')).total).toBe(total);
    for (const [name, shows] of Object.entries(surfaces)) expect(await shows(), `lifted: ${name}`).toBe(true);
  });

  it('keeps the stopped record open by id to privacy.manage only; staff get 404; changes wait for the lift', async () => {
    await server.send('PUT', `/api/customers/${id}/use-stop`, admin, { reason: '本人の請求' });
    const asAdmin = await server.get(`/api/customers/${id}`, { token: admin });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().use_stop.reason).toBe('本人の請求');
    const asStaff = await server.get(`/api/customers/${id}`, { token: staff });
    expectRefusal(asStaff, 404, 'RES_001');
    const edit = await server.send('PUT', `/api/customers/${id}`, admin, {
      version: asAdmin.json().version,
      notes: '停止中の変更',
    });
    expect(edit.statusCode).toBe(404);
    const interaction = await server.send('POST', '/api/interactions', admin, {
      customer_id: id,
      type: 'call',
      content: '停止中の記録',
    });
    expect(interaction.statusCode).toBe(404);
    // A second stop only changes the reason, not when it started.
    const again = await server.send('PUT', `/api/customers/${id}/use-stop`, admin, { reason: '理由の訂正' });
    expect(again.json().use_stop.stopped_at).toBe(asAdmin.json().use_stop.stopped_at);
    expect(again.json().use_stop.reason).toBe('理由の訂正');
    await server.send('DELETE', `/api/customers/${id}/use-stop`, admin);
    expect((await server.get(`/api/customers/${id}`, { token: staff })).statusCode).toBe(200);
  });

  it('refuses staff (403), other tenants (404) and a blank reason (422)', async () => {
    for (const [method, body] of [
      ['PUT', { reason: '理由' }],
      ['DELETE', undefined],
    ] as const) {
      expectRefusal(await server.send(method, `/api/customers/${id}/use-stop`, staff, body), 403, 'AUTH_004');
      expectRefusal(await server.send(method, `/api/customers/${id}/use-stop`, midori, body), 404, 'RES_001');
    }
    expect(
      (await server.send('PUT', `/api/customers/${id}/use-stop`, admin, { reason: '　' })).statusCode,
    ).toBe(422);
    expect((await server.get(`/api/customers/${id}`, { token: admin })).json().use_stop).toBeNull();
  });
});
