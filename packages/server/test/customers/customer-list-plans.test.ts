/**
 * The customer list's search and sort paths, EXPLAINed as the app role under row-level
 * security (not as the owner, who is not held back by non-LEAKPROOF operators): a 2-character
 * search, the フリガナ sort, a deep page, a 五十音 tab, a 診察券番号 and the sorts by number and birth
 * date each use an index, over 20,000 customers.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  type CustomerPageQuery,
  countCustomers,
  findCustomerPage,
} from '../../src/modules/customers/customers.list.repository';
import { indexesOf, type PlanNode, planNodes, seqScansOf, usePlanDatabase } from '../support/query-plans';

const TENANT = '5e1d9c0a-3b2f-4c6d-8e7a-9b0c1d2e3f40';
const CUSTOMERS = 20_000;

describe('customer list plans as the app role', () => {
  const planDb = usePlanDatabase({
    tenantId: TENANT,
    tenantName: '計画確認クリニック',
    analyze: ['customers', 'customer_search_terms'],
    async seed(owner) {
      // Realistic spread: 40 surnames × 50 given names, kana to match, companies for a third.
      await owner.query(
        `insert into customers (tenant_id, last_name, first_name, last_name_kana, first_name_kana,
                                company_name, company_name_kana, phone, created_at)
         select $1::uuid,
                (array['佐藤','鈴木','高橋','田中','伊藤','渡辺','山本','中村','小林','加藤','吉田','山田','佐々木','山口','松本','井上','木村','林','斎藤','清水',
                       '山崎','森','池田','橋本','阿部','石川','山下','中島','石井','小川','前田','岡田','長谷川','藤田','後藤','近藤','村上','遠藤','青木','坂本'])[1 + n % 40],
                (array['花子','太郎','陽菜','蓮','結衣','湊','美咲','大翔','葵','悠真'])[1 + (n / 40) % 10] || n % 5,
                (array['サトウ','スズキ','タカハシ','タナカ','イトウ','ワタナベ','ヤマモト','ナカムラ','コバヤシ','カトウ','ヨシダ','ヤマダ','ササキ','ヤマグチ','マツモト','イノウエ','キムラ','ハヤシ','サイトウ','シミズ',
                       'ヤマザキ','モリ','イケダ','ハシモト','アベ','イシカワ','ヤマシタ','ナカジマ','イシイ','オガワ','マエダ','オカダ','ハセガワ','フジタ','ゴトウ','コンドウ','ムラカミ','エンドウ','アオキ','サカモト'])[1 + n % 40],
                (array['ハナコ','タロウ','ヒナ','レン','ユイ','ミナト','ミサキ','ヒロト','アオイ','ユウマ'])[1 + (n / 40) % 10],
                case when n % 3 = 0 then '株式会社' || (array['みらい','さくら','ひかり','あおば','つばさ'])[1 + n % 5] || n % 97 end,
                case when n % 3 = 0 then 'カブシキガイシャ' || (array['ミライ','サクラ','ヒカリ','アオバ','ツバサ'])[1 + n % 5] end,
                '03-' || lpad((n % 10000)::text, 4, '0') || '-' || lpad((n % 9973)::text, 4, '0'),
                now() - (n || ' minutes')::interval
         from generate_series(1, ${CUSTOMERS}) as n`,
        [TENANT],
      );
    },
  });

  /** The plan of each SELECT the repository ran for `query`, EXPLAINed in the same tenant scope. */
  async function plansOf(query: CustomerPageQuery): Promise<PlanNode[][]> {
    return planDb.plansOf(async (tx) => {
      await findCustomerPage(tx, query);
      await countCustomers(tx, query);
    });
  }

  const base = { skip: 0, limit: 20, sortBy: 'created_at', sortOrder: 'desc' } as const;

  function expectNoSeqScan(plans: PlanNode[][]) {
    for (const plan of plans) expect(seqScansOf(plan, ['customers', 'customer_search_terms'])).toEqual([]);
  }

  const indexesUsed = (plans: PlanNode[][]) => plans.flatMap(indexesOf);

  it('finds a 2-character term through the bigram index', async () => {
    const plans = await plansOf({ ...base, search: '佐藤' });
    expectNoSeqScan(plans);
    expect(indexesUsed(plans)).toContain('customer_search_terms_pkey');
  });

  it('pages a 2-character search from the terms key, reading only the page', async () => {
    const [page] = await plansOf({ ...base, search: '佐藤' });
    // The newest postings of the bigram, walked backwards on the key (created_at, customer_id);
    // customers are read by id for the page only, not through a sort index or every match.
    expect(
      page?.some(
        (node) =>
          node['Index Name'] === 'customer_search_terms_pkey' && node['Scan Direction'] === 'Backward',
      ),
    ).toBe(true);
    // The page's ids: a limit straight over that walk, with no sort of the matches under it.
    const limit = page?.find((node) => node['Node Type'] === 'Limit');
    const underLimit = limit ? planNodes(limit) : [];
    expect(underLimit.some((node) => node['Index Name'] === 'customer_search_terms_pkey')).toBe(true);
    expect(underLimit.some((node) => node['Node Type'].includes('Sort'))).toBe(false);
    expect(indexesOf(page ?? []).filter((name) => name.startsWith('customers_'))).toEqual(['customers_pkey']);
  });

  it('gives the 2-character pages the same customers in the same order as a full scan would', async () => {
    await planDb.inTenant(async (tx) => {
      for (const sortOrder of ['desc', 'asc'] as const) {
        for (const skip of [0, 20, 490]) {
          const fast = await findCustomerPage(tx, { ...base, sortOrder, skip, search: 'さと' });
          const { rows } = await sql<{ id: string }>`
            select id from customers
            where deleted_at is null and strpos(search_text, tsumiki_search_fold('さと')) > 0
            order by created_at ${sql.raw(sortOrder)}, id ${sql.raw(sortOrder)}
            offset ${skip} limit 20`.execute(tx);
          expect(fast.map((customer) => customer.id)).toEqual(rows.map((row) => row.id));
          expect(fast.length).toBe(skip === 490 ? 10 : 20);
        }
      }
    });
  });

  it('finds a company by 2 characters through the bigram index', async () => {
    const plans = await plansOf({ ...base, companyFilter: 'みら' });
    expectNoSeqScan(plans);
    expect(indexesUsed(plans)).toContain('customer_search_terms_pkey');
  });

  it('sorts by フリガナ (五十音) from its index', async () => {
    const plans = await plansOf({ ...base, sortBy: 'last_name_kana', sortOrder: 'asc' });
    expectNoSeqScan(plans);
    expect(indexesUsed(plans)).toContain('customers_live_kana_idx');
  });

  it('lists a 五十音 tab in reading order from its index (ガ, ゴ are in か)', async () => {
    const query = { ...base, kanaRow: 'ka', sortBy: 'last_name_kana', sortOrder: 'asc' } as const;
    const plans = await plansOf(query);
    expectNoSeqScan(plans);
    expect(indexesOf(plans[0] ?? [])).toContain('customers_live_kana_row_idx');
    expect(indexesOf(plans[1] ?? [])).toContain('customers_live_kana_row_idx');
    await planDb.inTenant(async (tx) => {
      // カトウ, キムラ, コバヤシ, ゴトウ, コンドウ: 5 surnames of the 40.
      expect(await countCustomers(tx, query)).toEqual({ total: (CUSTOMERS / 40) * 5, capped: false });
      const page = await findCustomerPage(tx, query);
      expect(page[0]?.last_name_kana).toBe('カトウ');
      // カトウ's 500 come first in "C" order, so the first page is theirs.
      expect(new Set(page.map((customer) => customer.last_name_kana))).toEqual(new Set(['カトウ']));
    });
  });

  it('finds a 診察券番号 exactly through its unique index, full-width digits too', async () => {
    const plans = await plansOf({ ...base, search: '012345' });
    expectNoSeqScan(plans);
    expect(indexesUsed(plans)).toContain('customers_patient_number_idx');
    await planDb.inTenant(async (tx) => {
      const found = await findCustomerPage(tx, { ...base, search: '０１２３４５' });
      expect(found.map((customer) => customer.patient_number)).toEqual(['012345']);
    });
  });

  it('sorts by 診察券番号 and by 生年月日 from their indexes', async () => {
    const byNumber = await plansOf({ ...base, sortBy: 'patient_number', sortOrder: 'asc' });
    expectNoSeqScan(byNumber);
    expect(indexesOf(byNumber[0] ?? [])).toContain('customers_patient_number_idx');
    const byBirth = await plansOf({ ...base, sortBy: 'birth_date', sortOrder: 'asc' });
    expectNoSeqScan(byBirth);
    expect(indexesOf(byBirth[0] ?? [])).toContain('customers_live_birth_date_idx');
  });

  it('walks a deep page on the index (only the page is fetched)', async () => {
    const plans = await plansOf({ ...base, skip: 15_000 });
    expectNoSeqScan(plans);
    expect(
      plans[0]?.some(
        (node) =>
          node['Node Type'] === 'Index Only Scan' && node['Index Name'] === 'customers_live_created_idx',
      ),
    ).toBe(true);
  });

  it('keeps the unfiltered total exact without counting rows', async () => {
    await planDb.inTenant(async (tx) => {
      expect(await countCustomers(tx, {})).toEqual({ total: CUSTOMERS, capped: false });
      expect(await countCustomers(tx, { search: '佐藤' })).toEqual({ total: CUSTOMERS / 40, capped: false });
      // One distinct bigram but four characters: ササキ has ささ, not ささささ.
      expect(await countCustomers(tx, { search: 'ささささ' })).toEqual({ total: 0, capped: false });
      expect(await countCustomers(tx, { search: 'ササ' })).toEqual({ total: CUSTOMERS / 40, capped: false });
    });
  });
});
