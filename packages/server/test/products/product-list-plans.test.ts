/**
 * The product list's search and sorts, EXPLAINed as the app role under row-level security (like
 * the customers' and staff plan tests): a 2-character term goes through the bigram index, the
 * フリガナ and price sorts through their indexes, over a catalogue large enough for the planner
 * to prefer them.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countProducts,
  findProductPage,
  type ProductPageQuery,
} from '../../src/modules/products/products.repository';
import { insertTenant } from '../../src/platform/access/tenants.repository';
import { withTenant } from '../../src/platform/db/tenant-scope';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { indexesOf, type PlanNode, queryPlanTracer, seqScansOf } from '../support/query-plans';

const TENANT = '5e1d9c0a-3b2f-4c6d-8e7a-9b0c1d2e3f42';
const PRODUCTS = 5_000;

describe('product list plans as the app role', () => {
  let database: TestDatabase;
  let tracer: ReturnType<typeof queryPlanTracer>;

  beforeAll(async () => {
    database = await createTestDatabase({ seeded: false });
    await insertTenant(database.owner, { id: TENANT, name: '計画確認歯科', plan: 'standard' });
    const owner = new pg.Client({ connectionString: database.ownerUrl });
    await owner.connect();
    await owner.query(
      `insert into products (tenant_id, code, name, name_kana, category, price)
       select $1::uuid, 'P-' || n,
              (array['ホワイトニング','歯科検診','電動歯ブラシ','歯間ブラシ','フッ素ジェル'])[1 + n % 5] || n,
              (array['ホワイトニング','シカケンシン','デンドウハブラシ','シカンブラシ','フッソジェル'])[1 + n % 5],
              (array['自費診療','物販'])[1 + n % 2] || (n % 50),
              (n * 37) % 100000
       from generate_series(1, ${PRODUCTS}) as n`,
      [TENANT],
    );
    await owner.query('vacuum analyze products');
    await owner.query('vacuum analyze product_search_terms');
    await owner.end();
    tracer = queryPlanTracer(database.appUrl);
  }, 120_000);

  afterAll(async () => {
    await tracer.destroy();
    await database.drop();
  });

  async function plansOf(query: ProductPageQuery): Promise<PlanNode[][]> {
    const plans = await tracer.explain(TENANT, () =>
      withTenant(tracer.db, TENANT, async (tx) => {
        await findProductPage(tx, query);
        await countProducts(tx, query);
      }),
    );
    return plans.map(({ plan }) => plan);
  }

  const base = { skip: 0, limit: 20, sortBy: 'name_kana', sortOrder: 'asc' } as const;
  const expectNoSeqScan = (plans: PlanNode[][]) => {
    for (const plan of plans) expect(seqScansOf(plan, ['products', 'product_search_terms'])).toEqual([]);
  };

  it('finds a 2-character term through the bigram index', async () => {
    const plans = await plansOf({ ...base, search: '検診' });
    expectNoSeqScan(plans);
    expect(plans.flatMap(indexesOf)).toContain('product_search_terms_pkey');
  });

  it('sorts by フリガナ and by price from their indexes', async () => {
    const byKana = await plansOf(base);
    expectNoSeqScan(byKana);
    expect(byKana.flatMap(indexesOf)).toContain('products_live_kana_idx');
    const byPrice = await plansOf({ ...base, sortBy: 'price' });
    expectNoSeqScan(byPrice);
    expect(byPrice.flatMap(indexesOf)).toContain('products_live_price_idx');
  });

  it('counts what it finds', async () => {
    await withTenant(tracer.db, TENANT, async (tx) => {
      expect(await countProducts(tx, {})).toBe(PRODUCTS);
      expect(await countProducts(tx, { search: 'しかけんしん' })).toBe(PRODUCTS / 5);
      expect(await countProducts(tx, { search: 'ﾎﾜｲﾄﾆﾝｸﾞ' })).toBe(PRODUCTS / 5);
    });
  });
});
