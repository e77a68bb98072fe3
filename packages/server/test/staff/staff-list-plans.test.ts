import { describe, expect, it } from 'vitest';
import { countStaff, findStaffPage, type StaffPageQuery } from '../../src/modules/staff/staff.repository';
import { indexesOf, type PlanNode, seqScansOf, usePlanDatabase } from '../support/query-plans';

const TENANT = '5e1d9c0a-3b2f-4c6d-8e7a-9b0c1d2e3f41';
const STAFF = 5_000;

describe('staff list plans as the app role', () => {
  const planDb = usePlanDatabase({
    tenantId: TENANT,
    tenantName: '計画確認病院',
    analyze: ['staff', 'staff_search_terms'],
    async seed(owner) {
      await owner.query(
        `insert into staff (tenant_id, last_name, first_name, last_name_kana, first_name_kana,
                            department, position, qualifications, hire_date)
         select $1::uuid,
                (array['佐藤','鈴木','高橋','田中','伊藤','渡辺','山本','中村','小林','加藤'])[1 + n % 10],
                (array['花子','太郎','陽菜','蓮','結衣'])[1 + (n / 10) % 5] || n,
                (array['サトウ','スズキ','タカハシ','タナカ','イトウ','ワタナベ','ヤマモト','ナカムラ','コバヤシ','カトウ'])[1 + n % 10],
                (array['ハナコ','タロウ','ヒナ','レン','ユイ'])[1 + (n / 10) % 5],
                (array['診療部','看護部','受付','事務部','検査室'])[1 + n % 5] || (n % 50),
                (array['医師','看護師','受付','医療事務','臨床検査技師'])[1 + n % 5],
                array[(array['医師免許','看護師免許','医療事務','検査技師免許','保健師免許'])[1 + n % 5]],
                date '2000-01-01' + n
         from generate_series(1, ${STAFF}) as n`,
        [TENANT],
      );
    },
  });

  async function plansOf(query: StaffPageQuery): Promise<PlanNode[][]> {
    return planDb.plansOf(async (tx) => {
      await findStaffPage(tx, query);
      await countStaff(tx, query);
    });
  }

  const base = { skip: 0, limit: 20, sortBy: 'last_name_kana', sortOrder: 'asc' } as const;
  const expectNoSeqScan = (plans: PlanNode[][]) => {
    for (const plan of plans) expect(seqScansOf(plan, ['staff', 'staff_search_terms'])).toEqual([]);
  };

  it('finds a 2-character term through the bigram index', async () => {
    const plans = await plansOf({ ...base, search: '佐藤' });
    expectNoSeqScan(plans);
    expect(plans.flatMap(indexesOf)).toContain('staff_search_terms_pkey');
  });

  it('sorts by フリガナ from its index', async () => {
    const plans = await plansOf(base);
    expectNoSeqScan(plans);
    expect(plans.flatMap(indexesOf)).toContain('staff_live_kana_idx');
  });

  it('counts what it finds', async () => {
    await planDb.inTenant(async (tx) => {
      expect(await countStaff(tx, {})).toBe(STAFF);
      expect(await countStaff(tx, { search: 'さとう' })).toBe(STAFF / 10);
      expect(await countStaff(tx, { search: '看護' })).toBe(STAFF / 5);
      expect(await countStaff(tx, { search: 'ｶﾝｺﾞ' })).toBe(0);
      expect(await countStaff(tx, { search: 'ﾀﾅｶ' })).toBe(STAFF / 10);
    });
  });
});
