import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { fileDuplicatesQuery, storedFileKeys } from '../../src/modules/customers/customers.duplicates-import';
import { indexesOf, type PlanNode, planNodes, usePlanDatabase } from '../support/query-plans';

const TENANT = '7a2e4c6b-1d3f-4a5b-8c9d-0e1f2a3b4c62';
const IMPORT = '0d5e3c1a-7b2f-4c6d-9e8a-1f2b3c4d5e62';
/** A kana per digit, so that every customer and row has a reading of its own. */
const DIGITS = `'{ア,イ,ウ,エ,オ,カ,キ,ク,ケ,コ}'::text[]`;
const readingOf = (n: string) =>
  `(select string_agg((${DIGITS})[substr(lpad(${n}::text, 5, '0'), p, 1)::int + 1], '' order by p)
      from generate_series(1, 5) p)`;

/**
 * The background import's check (customers.duplicates-import.ts) looks up each row's phone and
 * e-mail among the customers, newest first. Right after a new clinic's first big import,
 * customers has no statistics yet, and the check must not then read every customer once per row
 * (customers_live_created_idx in registration order, filtered by the key: 80 s for a 30,000-row
 * file against 3,000 customers): migration 0042's indexes give a key's customers in that order.
 */
describe('the import check plans by its keys whatever the statistics say', () => {
  const planDb = usePlanDatabase({
    tenantId: TENANT,
    tenantName: '取込計画医院',
    analyze: [],
    async seed(owner) {
      // A new clinic's first big import: autovacuum has not analysed customers yet (and is kept
      // from doing so before the plan is read).
      await owner.query('alter table customers set (autovacuum_enabled = off)');
      await owner.query(
        `insert into customers (tenant_id, last_name, first_name, last_name_kana, first_name_kana, birth_date, phone, email)
         select $1::uuid, '取込', '花子' || n, 'トリコミ', ${readingOf('n')}, date '1960-04-01' + (n % 21) * 365,
                '010-' || lpad((n / 10000)::text, 4, '0') || '-' || lpad((n % 10000)::text, 4, '0'),
                'torikomi' || n || '@example.jp'
         from generate_series(1, 3000) as n`,
        [TENANT],
      );
      await owner.query(
        `insert into customer_imports (tenant_id, id, file_name, storage_key, size_bytes, status)
         values ($1, $2, '名簿.csv', 'imports/plan', 1, 'scanning')`,
        [TENANT, IMPORT],
      );
      await owner.query(
        `insert into customer_import_keys (tenant_id, import_id, row_number, last_name, first_name,
           last_name_kana, first_name_kana, birth_date, phone, email)
         select $1, $2, n + 2, '中止', '花子' || n, 'チュウシ', ${readingOf('n')}, date '1960-04-01' + (n % 21) * 365,
                '011-' || lpad((n / 10000)::text, 4, '0') || '-' || lpad((n % 10000)::text, 4, '0'),
                'chushi' || n || '@example.jp'
         from generate_series(0, 4999) as n`,
        [TENANT, IMPORT],
      );
    },
  });

  it('looks up the phone and the e-mail through their own indexes, never the registration order', async () => {
    const plan = await planDb.inTenant(async (tx) => {
      // As withHashJoins runs it.
      await sql`set local enable_nestloop = off`.execute(tx);
      const query = fileDuplicatesQuery(
        TENANT,
        storedFileKeys(TENANT, IMPORT),
        sql`select * from duplicates`,
      );
      const { rows } = await sql<{
        'QUERY PLAN': Array<{ Plan: PlanNode }>;
      }>`explain (format json) ${query}`.execute(tx);
      return planNodes(rows[0]?.['QUERY PLAN'][0]?.Plan as PlanNode);
    });
    const indexes = indexesOf(plan);
    expect(indexes).toEqual(expect.arrayContaining(['customers_live_phone_idx', 'customers_live_email_idx']));
    expect(indexes).not.toContain('customers_live_created_idx');
  });
});
