import { describe, expect, it } from 'vitest';
import {
  countProducts,
  findProductPage,
  type ProductPageQuery,
} from '../../src/modules/products/products.repository';
import { indexesOf, type PlanNode, seqScansOf, usePlanDatabase } from '../support/query-plans';

const TENANT = '5e1d9c0a-3b2f-4c6d-8e7a-9b0c1d2e3f42';
const PRODUCTS = 5_000;

describe('product list plans as the app role', () => {
  const planDb = usePlanDatabase({
    tenantId: TENANT,
    tenantName: '計画確認歯科',
    analyze: ['products', 'product_search_terms'],
    async seed(owner) {
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
    },
  });

  async function plansOf(query: ProductPageQuery): Promise<PlanNode[][]> {
    return planDb.plansOf(async (tx) => {
      await findProductPage(tx, query);
      await countProducts(tx, query);
    });
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
    await planDb.inTenant(async (tx) => {
      expect(await countProducts(tx, {})).toBe(PRODUCTS);
      expect(await countProducts(tx, { search: 'しかけんしん' })).toBe(PRODUCTS / 5);
      expect(await countProducts(tx, { search: 'ﾎﾜｲﾄﾆﾝｸﾞ' })).toBe(PRODUCTS / 5);
    });
  });
});
