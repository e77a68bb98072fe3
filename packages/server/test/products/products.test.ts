/**
 * Products against the real database: create, read, update (null clears), delete, the duplicate
 * code (409), list filters/sorts/paging, the search with the customers' folding; interactions
 * linked to products; and the analysis, every number of which is recounted here with SQL.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../src/platform/db/tenant-scope';
import { DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { expectErrorEnvelope, expectMatchesContract } from '../support/contract';
import { createUser } from '../support/fixtures';
import { createTestServer, type TestServer } from '../support/server';

const SAKURA = DEMO_TENANTS.sakura.id;

interface ProductJson {
  id: string;
  code: string | null;
  name: string;
  name_kana: string | null;
  price: number;
  [field: string]: unknown;
}

describe('products', () => {
  let server: TestServer;
  let admin: string;
  let staff: string;
  let reader: string;

  beforeAll(async () => {
    server = await createTestServer();
    await createUser(server.database.owner, {
      email: 'products-reader@sakura-clinic.example',
      fullName: '閲覧 だけ',
      memberships: [{ tenantId: SAKURA, role: 'user', permissions: ['products.read', 'customers.read'] }],
    });
    admin = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
    staff = (await server.signIn(DEMO_USERS.sakuraStaff.email)).access_token;
    reader = (await server.signIn('products-reader@sakura-clinic.example')).access_token;
  });

  afterAll(async () => {
    await server.close();
  });

  const send = (method: string, url: string, token: string, body?: unknown) =>
    server.send(method, url, token, body);
  const create = async (body: object, token = admin) => {
    const response = await send('POST', '/api/products/', token, body);
    expect(response.statusCode, response.body).toBe(201);
    expectMatchesContract('createProduct', 201, response.json());
    return response.json() as ProductJson;
  };
  const list = async (query: string, token = admin) => {
    const response = await send('GET', `/api/products/?${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    expectMatchesContract('listProducts', 200, response.json());
    return response.json() as { total: number; products: ProductJson[] };
  };
  const search = async (q: string) => {
    const response = await send('GET', `/api/products/search?q=${encodeURIComponent(q)}&limit=100`, admin);
    expect(response.statusCode, response.body).toBe(200);
    expectMatchesContract('searchProducts', 200, response.json());
    return (response.json() as { products: ProductJson[] }).products.map((product) => product.name);
  };

  describe('records', () => {
    it('creates with the defaults, reads it back, and clears fields with null', async () => {
      const created = await create({
        code: 'T-MASK-01',
        name: 'テスト用 不織布マスク',
        name_kana: 'テストヨウ フショクフマスク',
        category: 'テスト物販',
        description: '50枚入り',
        price: 880,
        unit: '箱',
        stock_quantity: 12,
        tags: [' 物販 ', '物販', '感染対策'],
      });
      expect(created).toMatchObject({ tax_rate: 10, status: 'active', tags: ['物販', '感染対策'] });
      const read = await send('GET', `/api/products/${created.id}`, staff);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(created);

      const updated = await send('PUT', `/api/products/${created.id}`, admin, {
        description: null,
        stock_quantity: null,
        tax_rate: 8,
        status: 'discontinued',
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expectMatchesContract('updateProduct', 200, updated.json());
      expect(updated.json()).toMatchObject({
        name: 'テスト用 不織布マスク',
        description: null,
        stock_quantity: null,
        tax_rate: 8,
        status: 'discontinued',
      });
    });

    it('answers 409 in Japanese for a code another live product holds, and frees it on delete', async () => {
      const first = await create({ code: 'T-DUP', name: 'テスト 重複元', price: 100 });
      const duplicate = await send('POST', '/api/products/', admin, {
        code: 'T-DUP',
        name: 'テスト 重複',
        price: 1,
      });
      expect(duplicate.statusCode).toBe(409);
      expectErrorEnvelope(duplicate.json(), 'RES_002');
      expect(duplicate.json().error.message).toBe('商品コード「T-DUP」はすでにほかの商品で使われています。');
      const other = await create({ code: 'T-DUP-2', name: 'テスト 別', price: 1 });
      const renamed = await send('PUT', `/api/products/${other.id}`, admin, { code: 'T-DUP' });
      expect(renamed.statusCode).toBe(409);

      const removed = await send('DELETE', `/api/products/${first.id}`, admin);
      expect(removed.statusCode).toBe(204);
      expect((await send('GET', `/api/products/${first.id}`, admin)).statusCode).toBe(404);
      expect((await send('DELETE', `/api/products/${first.id}`, admin)).statusCode).toBe(404);
      expect((await send('PUT', `/api/products/${other.id}`, admin, { code: 'T-DUP' })).statusCode).toBe(200);
    });

    it('refuses invalid input with the contract’s Japanese labels', async () => {
      const response = await send('POST', '/api/products/', admin, {
        name: '',
        name_kana: 'ひらがな',
        price: -1,
        tax_rate: 5,
        code: 'コード',
      });
      expect(response.statusCode).toBe(422);
      expectErrorEnvelope(response.json(), 'VAL_001');
      const fields = (response.json().error.validation_errors as Array<{ field: string }>).map(
        (issue) => issue.field,
      );
      expect(fields).toEqual(expect.arrayContaining(['name', 'name_kana', 'price', 'tax_rate', 'code']));
    });

    it('lets a reader read but not write, and nobody without the permission delete', async () => {
      expect((await send('GET', '/api/products/', reader)).statusCode).toBe(200);
      const refused = await send('POST', '/api/products/', reader, { name: '閲覧者の商品', price: 1 });
      expect(refused.statusCode).toBe(403);
      expectErrorEnvelope(refused.json(), 'AUTH_004');
    });
  });

  describe('list and search', () => {
    beforeAll(async () => {
      for (const [index, [name, kana, price]] of (
        [
          ['リスト あおば', 'リスト アオバ', 300],
          ['リスト うみ', 'リスト ウミ', 100],
          ['リスト いずみ', 'リスト イズミ', 200],
        ] as const
      ).entries()) {
        await create({ name, name_kana: kana, price, category: 'リスト確認', code: `T-LIST-${index}` });
      }
      await create({
        name: 'リスト かえで（終了）',
        price: 50,
        category: 'リスト確認',
        status: 'discontinued',
      });
    });

    it('filters by category and status, sorts by フリガナ and price, pages', async () => {
      const byKana = await list('category=リスト確認&status=active&sort_by=name_kana&sort_order=asc');
      expect(byKana.total).toBe(3);
      expect(byKana.products.map((product) => product.name)).toEqual([
        'リスト あおば',
        'リスト いずみ',
        'リスト うみ',
      ]);
      const byPrice = await list('category=リスト確認&sort_by=price&sort_order=desc');
      expect(byPrice.products.map((product) => product.price)).toEqual([300, 200, 100, 50]);
      const second = await list('category=リスト確認&sort_by=price&sort_order=asc&skip=1&limit=2');
      expect(second.total).toBe(4);
      expect(second.products.map((product) => product.price)).toEqual([100, 200]);
      const ended = await list('category=リスト確認&status=discontinued');
      expect(ended.products.map((product) => product.name)).toEqual(['リスト かえで（終了）']);
    });

    it('searches in the list too, with the filters, the sort and the paging', async () => {
      const found = await list(
        `search=${encodeURIComponent('りすと')}&status=active&sort_by=price&sort_order=desc&limit=2`,
      );
      expect(found.total).toBe(3);
      expect(found.products.map((product) => product.price)).toEqual([300, 200]);
    });

    it('counts the unfiltered list like the table holds it', async () => {
      const { total } = await list('limit=1');
      const counted = await withTenant(server.database.owner, SAKURA, async (tx) => {
        const { rows } = await sql<{ n: string }>`
          select count(*) as n from products where tenant_id = ${SAKURA} and deleted_at is null`.execute(tx);
        return Number(rows[0]?.n);
      });
      expect(total).toBe(counted);
    });

    it('finds ひらがな as カタカナ, half-width and codes, and 1-character terms', async () => {
      expect(await search('りすと いずみ')).toEqual(['リスト いずみ']);
      expect(await search('ﾘｽﾄ ｱｵﾊﾞ')).toEqual(['リスト あおば']);
      expect(await search('t-list-2')).toEqual(['リスト いずみ']);
      expect(await search('健康診断')).toContain('健康診断 基本コース');
      expect(await search('リスト確認')).toHaveLength(4);
      expect((await send('GET', '/api/products/search?q=', admin)).statusCode).toBe(422);
    });
  });

  describe('interactions about products', () => {
    let customerId: string;
    let productIds: string[];

    beforeAll(async () => {
      const customer = await send('POST', '/api/customers', admin, {
        last_name: '商品',
        first_name: '確認',
        last_name_kana: 'ショウヒン',
        first_name_kana: 'カクニン',
      });
      expect(customer.statusCode, customer.body).toBe(201);
      customerId = customer.json().id;
      productIds = [
        (await create({ name: 'リンク いち', price: 1 })).id,
        (await create({ name: 'リンク に', price: 1 })).id,
      ];
    });

    it('records the products and shows them on the interaction and the timeline', async () => {
      const created = await send('POST', '/api/interactions', staff, {
        customer_id: customerId,
        type: 'visit',
        content: '商品を説明した',
        product_ids: productIds,
      });
      expect(created.statusCode, created.body).toBe(201);
      expectMatchesContract('createInteraction', 201, created.json());
      expect(created.json().products).toEqual([
        { id: productIds[0], name: 'リンク いち' },
        { id: productIds[1], name: 'リンク に' },
      ]);
      const timeline = await send('GET', `/api/interactions/${customerId}`, staff);
      expect(timeline.json().interactions[0].products).toHaveLength(2);

      // A deleted product leaves what the interaction shows (its link stays for the record).
      await send('DELETE', `/api/products/${productIds[1]}`, admin);
      const after = await send('GET', `/api/interactions/${customerId}`, staff);
      expect(after.json().interactions[0].products).toEqual([{ id: productIds[0], name: 'リンク いち' }]);
    });

    it('refuses unknown, deleted and other tenants’ products with the field 商品', async () => {
      const otherTenantProduct = await withTenant(
        server.database.owner,
        DEMO_TENANTS.midori.id,
        async (tx) => {
          const row = await tx
            .selectFrom('products')
            .select('id')
            .where('tenant_id', '=', DEMO_TENANTS.midori.id)
            .executeTakeFirstOrThrow();
          return row.id;
        },
      );
      for (const id of [crypto.randomUUID(), productIds[1], otherTenantProduct]) {
        const response = await send('POST', '/api/interactions', staff, {
          customer_id: customerId,
          type: 'call',
          content: '存在しない商品',
          product_ids: [id],
        });
        expect(response.statusCode, response.body).toBe(422);
        expectErrorEnvelope(response.json(), 'VAL_003');
        expect(response.json().error.validation_errors).toEqual([
          expect.objectContaining({ field: 'product_ids' }),
        ]);
      }
      const { rows } = await sql<{ n: string }>`
        select count(*) as n from interactions where content = '存在しない商品'`.execute(
        server.database.owner,
      );
      expect(Number(rows[0]?.n)).toBe(0);
    });
  });
});
