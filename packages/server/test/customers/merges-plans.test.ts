import { describe, expect, it } from 'vitest';
import { listRecentMerges } from '../../src/modules/customers/customers.merge-list';
import { indexesOf, seqScansOf, usePlanDatabase } from '../support/query-plans';

const TENANT = '7a2e4c6b-1d3f-4a5b-8c9d-0e1f2a3b4c62';
const PAIRS = 10_000;

/**
 * 最近の統合 reads a month of a clinic's merges: as the app role, under row-level security, it
 * finds them through migration 0038's index of the merges still pending (not undone, not final),
 * newest first, and reads the two customers of each by their keys — never a year of merges whole.
 */
describe('the recent merges plan as the app role', () => {
  const planDb = usePlanDatabase({
    tenantId: TENANT,
    tenantName: '統合計画医院',
    analyze: ['customers', 'customer_merges'],
    customerSearchTerms: false,
    async seed(owner) {
      await owner.query(
        `insert into customers (tenant_id, last_name, first_name, last_name_kana, first_name_kana)
         select $1::uuid, '統合' || n, '花子', 'トウゴウ', 'ハナコ' from generate_series(1, ${PAIRS * 2}) as n`,
        [TENANT],
      );
      // Pairs in registration order: the second of each went into the first, one merge a day or so
      // over a year (a tenth of them undone).
      await owner.query(
        `with numbered as (
           select id, row_number() over (order by created_at, id) as n from customers where tenant_id = $1
         ), pairs as (
           select k.id as kept_id, m.id as merged_id, k.n / 2 as p
           from numbered k join numbered m on m.n = k.n + 1 where k.n % 2 = 1
         ), merged as (
           update customers c set deleted_at = now(), merged_into_id = pairs.kept_id
           from pairs where c.tenant_id = $1 and c.id = pairs.merged_id and pairs.p % 10 <> 0
         )
         insert into customer_merges (tenant_id, kept_id, merged_id, kept_before, merged_at, undone_at)
         select $1, kept_id, merged_id, '{}'::jsonb, now() - make_interval(mins => (p * 53)::int),
                case when p % 10 = 0 then now() end
         from pairs`,
        [TENANT],
      );
    },
  });

  it('pages the pending merges newest first through their index', async () => {
    const plans = await planDb.plansOf(async (tx) => {
      const page = await listRecentMerges(tx, { skip: 0, limit: 20 }, new Date());
      expect(page.merges).toHaveLength(20);
      // About 30 days of merges 53 minutes apart, less the undone tenth.
      expect(page.total).toBeGreaterThan(600);
      expect(page.total).toBeLessThan(800);
    });
    expect(plans).toHaveLength(1);
    for (const plan of plans) expect(seqScansOf(plan, ['customer_merges', 'customers'])).toEqual([]);
    expect(plans.flatMap(indexesOf)).toContain('customer_merges_pending_idx');
  });
});
