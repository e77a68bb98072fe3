/**
 * analyzeProduct against the real database. Offline, every number of the answer is recounted
 * here with SQL of its own (customers, interactions, new and returning, tags, prefectures, pairs,
 * the 12 months in the tenant's time zone); with the OpenAI stand-in, the market comes only from
 * the tenant's own documents, and the model is not asked when they say nothing.
 */

import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MARKET_NOT_FOUND } from '../../src/modules/products/products.analysis';
import type { Db } from '../../src/platform/db/database';
import { withTenant } from '../../src/platform/db/tenant-scope';
import { DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { type AiTestServer, startAiTestServer } from '../support/ai-server';
import { expectErrorEnvelope, expectMatchesContract } from '../support/contract';
import { createUser } from '../support/fixtures';
import { multipart } from '../support/multipart';
import type { OpenAiStandIn } from '../support/openai-stand-in';
import { createTestServer, type TestServer } from '../support/server';

const SAKURA = DEMO_TENANTS.sakura.id;
const DAY = 24 * 60 * 60 * 1000;

interface Analysis {
  product_id: string;
  mode: string;
  market: { summary: string; findings: string[] } | null;
  customers: { summary: string; findings: string[] } | null;
  pairs: Array<{ product_id: string; product_name: string; reason: string; score: number | null }> | null;
  trend: Array<{ month: string; interaction_count: number; customer_count: number }> | null;
  sources: Array<{ type: string; id: string | null; title: string; url: string | null }>;
}

const analyze = (server: TestServer, token: string, id: string, body: object = { product_id: id }) =>
  server.send('POST', `/api/products/${id}/analyze`, token, body);

/** The figures of a product recounted independently, straight from the tables. */
async function recount(owner: Db, productId: string) {
  return withTenant(owner, SAKURA, async (tx) => {
    const involved = sql`
      select i.id, i.customer_id, i.created_at from interactions i
      join customers c on c.tenant_id = i.tenant_id and c.id = i.customer_id
      where i.tenant_id = ${SAKURA} and c.deleted_at is null
        and exists (select 1 from interaction_products ip
                    where ip.tenant_id = i.tenant_id and ip.interaction_id = i.id and ip.product_id = ${productId})`;
    const one = async (query: ReturnType<typeof sql>) =>
      Number(((await query.execute(tx)).rows[0] as { n: string }).n);
    const interactions = await one(sql`select count(*) as n from (${involved}) x`);
    const customers = await one(sql`select count(distinct customer_id) as n from (${involved}) x`);
    const once = await one(
      sql`select count(*) as n from (select customer_id from (${involved}) x group by customer_id having count(*) = 1) y`,
    );
    const again = await one(
      sql`select count(*) as n from (select customer_id from (${involved}) x group by customer_id having count(*) > 1) y`,
    );
    const months = (
      await sql<{ month: string; n: string; c: string }>`
        select to_char(created_at at time zone 'Asia/Tokyo', 'YYYY-MM') as month, count(*) as n,
               count(distinct customer_id) as c
        from (${involved}) x
        where created_at >= (date_trunc('month', now() at time zone 'Asia/Tokyo') - interval '11 months') at time zone 'Asia/Tokyo'
        group by 1`.execute(tx)
    ).rows;
    const together = (
      await sql<{ id: string; n: string }>`
        select other.product_id as id, count(*) as n from (${involved}) x
        join interaction_products other on other.tenant_id = ${SAKURA} and other.interaction_id = x.id
        join products p on p.tenant_id = other.tenant_id and p.id = other.product_id and p.deleted_at is null
        where other.product_id <> ${productId} group by other.product_id`.execute(tx)
    ).rows;
    return {
      interactions,
      customers,
      once,
      again,
      months: new Map(months.map((row) => [row.month, { n: Number(row.n), c: Number(row.c) }])),
      together: new Map(together.map((row) => [row.id, Number(row.n)])),
    };
  });
}

/** Every number of an offline answer equals the recount. */
async function expectMatchesRecount(owner: Db, analysis: Analysis) {
  const counted = await recount(owner, analysis.product_id);
  expect(analysis.customers?.summary).toContain(
    `対応は ${counted.interactions} 件、顧客は ${counted.customers} 人`,
  );
  if (counted.interactions > 0) {
    expect(analysis.customers?.findings[0]).toContain(
      `新規（この商品の対応が 1 回）の顧客は ${counted.once} 人、リピート（2 回以上）の顧客は ${counted.again} 人`,
    );
  }
  expect(analysis.trend).toHaveLength(12);
  for (const month of analysis.trend ?? []) {
    const expected = counted.months.get(month.month) ?? { n: 0, c: 0 };
    expect([month.month, month.interaction_count, month.customer_count]).toEqual([
      month.month,
      expected.n,
      expected.c,
    ]);
  }
  const inTrend = (analysis.trend ?? []).reduce((sum, month) => sum + month.interaction_count, 0);
  expect(inTrend).toBe([...counted.months.values()].reduce((sum, month) => sum + month.n, 0));
  for (const pair of analysis.pairs ?? []) {
    const together = counted.together.get(pair.product_id) ?? -1;
    expect(pair.score).toBe(Math.round((together / counted.interactions) * 1000) / 1000);
    expect(pair.reason).toContain(
      `対応 ${counted.interactions} 件のうち ${together} 件で一緒に扱われています`,
    );
  }
  return counted;
}

describe('product analysis, offline', () => {
  let server: TestServer;
  let admin: string;
  let target: string;
  let withIt: string;
  let alsoWithIt: string;

  beforeAll(async () => {
    server = await createTestServer();
    admin = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
    const owner = server.database.owner;
    // Two customers, three products, five interactions, one of them 13 months old.
    await withTenant(owner, SAKURA, async (tx) => {
      const products = await tx
        .insertInto('products')
        .values(
          ['分析 対象', '分析 相棒', '分析 ときどき'].map((name) => ({
            tenant_id: SAKURA,
            name,
            price: 1000,
          })),
        )
        .returning(['id', 'name'])
        .execute();
      const id = (name: string) => products.find((product) => product.name === name)?.id as string;
      [target, withIt, alsoWithIt] = [id('分析 対象'), id('分析 相棒'), id('分析 ときどき')];
      const customers = await tx
        .insertInto('customers')
        .values([
          {
            tenant_id: SAKURA,
            last_name: '分析',
            first_name: '一',
            last_name_kana: 'ブンセキ',
            first_name_kana: 'イチ',
            tags: ['分析タグ甲'],
            prefecture: '北海道',
          },
          {
            tenant_id: SAKURA,
            last_name: '分析',
            first_name: '二',
            last_name_kana: 'ブンセキ',
            first_name_kana: 'ニ',
            tags: ['分析タグ甲', '分析タグ乙'],
            prefecture: '沖縄県',
          },
        ])
        .returning('id')
        .execute();
      const [x, y] = customers.map((customer) => customer.id) as [string, string];
      const now = Date.now();
      const visits: Array<[string, number, string[]]> = [
        [x, 0, [target, withIt]],
        [x, 62, [target]],
        [x, 400, [target]],
        [y, 1, [target, alsoWithIt]],
        [y, 3, [withIt]],
      ];
      for (const [customerId, daysAgo, linked] of visits) {
        const at = new Date(now - daysAgo * DAY);
        const { id: interactionId } = await tx
          .insertInto('interactions')
          .values({
            tenant_id: SAKURA,
            customer_id: customerId,
            type: 'visit',
            content: '分析の確認',
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await tx
          .insertInto('interaction_products')
          .values(
            linked.map((productId) => ({
              tenant_id: SAKURA,
              interaction_id: interactionId,
              product_id: productId,
            })),
          )
          .execute();
      }
    });
  });

  afterAll(async () => {
    await server.close();
  });

  it('counts customers, interactions, pairs and months exactly as SQL does', async () => {
    const response = await analyze(server, admin, target);
    expect(response.statusCode, response.body).toBe(200);
    expectMatchesContract('analyzeProduct', 200, response.json());
    const analysis = response.json() as Analysis;
    expect(analysis).toMatchObject({ product_id: target, mode: 'offline', market: null });
    const counted = await expectMatchesRecount(server.database.owner, analysis);
    // The same figures known by construction, so the recount cannot agree by sharing a mistake.
    expect([counted.interactions, counted.customers, counted.once, counted.again]).toEqual([4, 2, 1, 1]);
    expect(analysis.pairs?.map((pair) => [pair.product_name, pair.score])).toEqual([
      ['分析 相棒', 0.25],
      ['分析 ときどき', 0.25],
    ]);
    expect(analysis.pairs?.[0]?.reason).toContain('両方を利用した顧客は 2 人');
    expect(analysis.customers?.findings).toEqual(
      expect.arrayContaining([
        '顧客のタグで多いもの: 分析タグ甲（2 人）、分析タグ乙（1 人）。',
        '顧客の都道府県で多いもの: 北海道（1 人）、沖縄県（1 人）。',
        '直近 12 か月の対応は 3 件です。',
      ]),
    );
    expect(analysis.sources[0]).toEqual({
      type: 'product',
      id: target,
      title: '分析 対象',
      excerpt: null,
      url: `/products/${target}`,
    });
    expect(analysis.sources.filter((source) => source.type === 'customer')).toHaveLength(2);
    expect(analysis.sources.filter((source) => source.type === 'interaction')).toHaveLength(3);
  });

  it('cites customers and interactions only to a member who may open them; the figures stay', async () => {
    const email = 'analysis-only@sakura-clinic.example';
    await createUser(server.database.owner, {
      email,
      memberships: [{ tenantId: SAKURA, role: 'user', permissions: ['ai.use', 'products.read'] }],
    });
    const member = (await server.signIn(email)).access_token;
    const response = await analyze(server, member, target);
    expect(response.statusCode, response.body).toBe(200);
    const analysis = response.json() as Analysis;
    expect(analysis.sources.map((source) => source.type)).toEqual(['product']);
    await expectMatchesRecount(server.database.owner, analysis);
  });

  it('recounts the demo data too (a seeded product with pairs)', async () => {
    const checkup = await withTenant(server.database.owner, SAKURA, (tx) =>
      tx.selectFrom('products').select('id').where('code', '=', 'KENSHIN-BASIC').executeTakeFirstOrThrow(),
    );
    const analysis = (await analyze(server, admin, checkup.id)).json() as Analysis;
    const counted = await expectMatchesRecount(server.database.owner, analysis);
    expect(counted.interactions).toBeGreaterThan(0);
    expect(analysis.pairs?.length).toBeGreaterThan(0);
  });

  it('leaves out what was not asked for, and says so when nothing was recorded', async () => {
    const parts = (
      await analyze(server, admin, target, {
        product_id: target,
        analyze_customers: false,
        find_pairs: false,
      })
    ).json() as Analysis;
    expect(parts).toMatchObject({ customers: null, trend: null, pairs: null, market: null, mode: 'offline' });
    expect(parts.sources).toHaveLength(1);

    const { id: lonely } = await withTenant(server.database.owner, SAKURA, (tx) =>
      tx
        .insertInto('products')
        .values({ tenant_id: SAKURA, name: '分析 記録なし', price: 1 })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    const empty = (await analyze(server, admin, lonely)).json() as Analysis;
    expect(empty.customers?.summary).toBe(
      '「分析 記録なし」を扱った対応の記録はまだありません。対応履歴に商品を記録すると、ここで顧客層を集計します。',
    );
    expect(empty.pairs).toEqual([]);
    expect(empty.trend?.every((month) => month.interaction_count === 0)).toBe(true);
  });

  it('refuses a body naming another product (422) and a deleted product (404)', async () => {
    const mismatch = await analyze(server, admin, target, { product_id: withIt });
    expect(mismatch.statusCode).toBe(422);
    // The body's shape is the contract's; it only disagrees with the URL (VAL_003, not VAL_001).
    expectErrorEnvelope(mismatch.json(), 'VAL_003');
    expect(mismatch.json().error.validation_errors).toEqual([
      expect.objectContaining({ field: 'product_id' }),
    ]);

    await server.send('DELETE', `/api/products/${alsoWithIt}`, admin);
    expect((await analyze(server, admin, alsoWithIt)).statusCode).toBe(404);
    // A deleted product leaves the pairs of the others.
    const after = (await analyze(server, admin, target)).json() as Analysis;
    expect(after.pairs?.map((pair) => pair.product_name)).toEqual(['分析 相棒']);
  });
});

describe('product analysis with the OpenAI stand-in as the provider', () => {
  let server: TestServer;
  let standIn: OpenAiStandIn;
  let ai: AiTestServer;
  let admin: string;
  let whitening: string;
  let documentId: string;

  beforeAll(async () => {
    ai = await startAiTestServer();
    ({ server, standIn } = ai);
    admin = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
    const created = await server.send('POST', '/api/products/', admin, {
      name: 'オフィスホワイトニング',
      price: 30000,
    });
    whitening = created.json().id;
    const note = [
      'オフィスホワイトニングの市場メモ',
      '近隣の歯科医院では、オフィスホワイトニングの価格は1回3万円前後が多い。',
      '結婚式の多い春と秋の前に、オフィスホワイトニングの問い合わせが増える。',
    ].join('\n');
    const { payload, contentType } = multipart(
      [{ field: 'file', name: '市場メモ.txt', bytes: new TextEncoder().encode(note), type: 'text/plain' }],
      { title: '市場メモ' },
    );
    const uploaded: LightMyRequestResponse = await server.app.inject({
      method: 'POST',
      url: '/api/knowledge/upload',
      headers: { authorization: `Bearer ${admin}`, 'content-type': contentType },
      payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    documentId = uploaded.json().id;
    const deadline = Date.now() + 30_000;
    for (;;) {
      const list = await server.get('/api/knowledge/legal_checks?limit=100', { token: admin });
      const document = list.json().documents.find((candidate: { id: string }) => candidate.id === documentId);
      if (document?.status === 'ready') break;
      if (Date.now() > deadline) throw new Error(`not indexed: ${JSON.stringify(document)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 60_000);

  afterAll(async () => {
    await ai.close();
  });

  beforeEach(() => {
    standIn.requests.length = 0;
  });

  it('writes the market from the tenant’s own document, cited, and sends no other tenant’s data', async () => {
    standIn.answer = () =>
      '```json\n{"summary": "価格は1回3万円前後が相場です [1]。", "findings": ["春と秋の前に問い合わせが増えます [1]"]}\n```';
    const response = await analyze(server, admin, whitening);
    expect(response.statusCode, response.body).toBe(200);
    expectMatchesContract('analyzeProduct', 200, response.json());
    const analysis = response.json() as Analysis;
    expect(analysis.mode).toBe('openai');
    expect(analysis.market).toEqual({
      summary: '価格は1回3万円前後が相場です [1]。',
      findings: ['春と秋の前に問い合わせが増えます [1]'],
    });
    expect(analysis.sources).toContainEqual(
      expect.objectContaining({ type: 'knowledge_document', id: documentId, title: '市場メモ' }),
    );
    const [request] = standIn.chatRequests();
    const prompt = JSON.stringify(request?.messages);
    expect(prompt).toContain('1回3万円前後');
    // みどり歯科 has an オフィスホワイトニング of its own: none of its data may reach the prompt.
    const midori = await withTenant(server.database.owner, DEMO_TENANTS.midori.id, async (tx) => ({
      products: await tx.selectFrom('products').select(['name', 'description']).execute(),
      customers: await tx.selectFrom('customers').select(['last_name', 'first_name']).execute(),
    }));
    expect(midori.products.length).toBeGreaterThan(0);
    for (const product of midori.products) {
      if (product.description) expect(prompt).not.toContain(product.description);
    }
    for (const customer of midori.customers)
      expect(prompt).not.toContain(`${customer.last_name} ${customer.first_name}`);
  });

  it('quotes no knowledge-base passage to a member who may not open the knowledge base', async () => {
    const email = 'market-only@sakura-clinic.example';
    await createUser(server.database.owner, {
      email,
      memberships: [{ tenantId: SAKURA, role: 'user', permissions: ['ai.use', 'products.read'] }],
    });
    const member = (await server.signIn(email)).access_token;
    const analysis = (await analyze(server, member, whitening)).json() as Analysis;
    expect(analysis.market).toEqual({ summary: MARKET_NOT_FOUND, findings: [] });
    expect(analysis.sources.filter((source) => source.type === 'knowledge_document')).toEqual([]);
    expect(standIn.chatRequests()).toEqual([]);
  });

  it('does not ask the model when the documents say nothing about the product', async () => {
    const created = await server.send('POST', '/api/products/', admin, { name: '骨密度測定', price: 2000 });
    const analysis = (await analyze(server, admin, created.json().id)).json() as Analysis;
    expect(analysis.market).toEqual({ summary: MARKET_NOT_FOUND, findings: [] });
    expect(standIn.chatRequests()).toEqual([]);
  });

  it('answers offline without the model when the market is not asked for', async () => {
    const analysis = (
      await analyze(server, admin, whitening, { product_id: whitening, analyze_market: false })
    ).json();
    expect(analysis).toMatchObject({ mode: 'offline', market: null });
    expect(standIn.chatRequests()).toEqual([]);
  });

  it('answers 502 when the model does not write the JSON asked for, 503 when it is down', async () => {
    standIn.answer = () => '市場は大きいです。';
    const wrong = await analyze(server, admin, whitening);
    expect(wrong.statusCode).toBe(502);
    expectErrorEnvelope(wrong.json(), 'EXT_002');

    standIn.failNext(2, { kind: 'timeout' });
    const down = await analyze(server, admin, whitening);
    expect(down.statusCode).toBe(503);
    expectErrorEnvelope(down.json(), 'EXT_001');
  });
});
