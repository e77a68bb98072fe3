import { describe, expect, it } from 'vitest';
import { findDraftDuplicates, findDuplicatePairs } from '../../src/modules/customers/customers.duplicates';
import { indexesOf, seqScansOf, usePlanDatabase } from '../support/query-plans';

const TENANT = '7a2e4c6b-1d3f-4a5b-8c9d-0e1f2a3b4c61';
const CUSTOMERS = 20_000;

/**
 * The registration form's duplicate check runs on every new patient: as the app role, under
 * row-level security, it must find its candidates through migration 0030's indexes (phone digits,
 * e-mail) and the birth date's, never by reading a clinic's customers whole.
 */
describe('the duplicate check plans as the app role', () => {
  const planDb = usePlanDatabase({
    tenantId: TENANT,
    tenantName: '名寄せ計画医院',
    analyze: ['customers'],
    customerSearchTerms: false,
    async seed(owner) {
      await owner.query(
        `insert into customers (tenant_id, last_name, first_name, last_name_kana, first_name_kana, birth_date, phone, email)
         select $1::uuid, '計画' || n, '花子', 'ケイカク' || chr(12450 + (n % 80)), 'ハナコ',
                date '1940-01-01' + (n % 25000), '03-' || lpad((n % 10000)::text, 4, '0') || '-' || lpad((n / 10000)::text, 4, '0'),
                'patient' || n || '@example.jp'
         from generate_series(1, ${CUSTOMERS}) as n`,
        [TENANT],
      );
      // Ten pairs one letter apart (タロウ, ジロウ), each pair born on a day of its own.
      await owner.query(
        `insert into customers (tenant_id, last_name, first_name, last_name_kana, first_name_kana, birth_date)
         select $1::uuid, '計画', '太郎', 'ニタク' || chr(12450 + n), given, date '2010-01-01' + n
         from generate_series(1, 10) as n cross join unnest(array['タロウ', 'ジロウ']) as given`,
        [TENANT],
      );
    },
  });

  it('finds candidates by birth date, phone and e-mail through indexes', async () => {
    const plans = await planDb.plansOf(async (tx) => {
      const found = await findDraftDuplicates(tx, {
        last_name_kana: `ケイカク${String.fromCharCode(12450 + 7)}`,
        first_name_kana: 'ハナコ',
        birth_date: '1940-01-08',
        phone: '03-0007-0000',
        email: 'PATIENT7@example.jp',
      });
      expect(found[0]?.reasons).toEqual(['reading_and_birth_date', 'phone', 'email']);
    });
    for (const plan of plans) expect(seqScansOf(plan, ['customers'])).toEqual([]);
    const indexes = plans.flatMap(indexesOf);
    expect(indexes).toEqual(
      expect.arrayContaining([
        'customers_live_birth_date_idx',
        'customers_live_phone_idx',
        'customers_live_email_idx',
      ]),
    );
  });

  it('finds candidates by phone alone through the phone index', async () => {
    const plans = await planDb.plansOf(async (tx) => {
      const found = await findDraftDuplicates(tx, { phone: '０３ー００４２ー０００１' });
      expect(found.map((candidate) => candidate.reasons)).toEqual([['phone']]);
    });
    for (const plan of plans) expect(seqScansOf(plan, ['customers'])).toEqual([]);
    expect(plans.flatMap(indexesOf)).toContain('customers_live_phone_idx');
  });

  // 重複の候補 pairs the whole tenant; similar readings are joined by the birth date with the
  // reading's first or last two letters (migration 0041), never by the birth date alone.
  it('pairs similar readings through the birth date with the first or last two letters of the reading', async () => {
    const plans = await planDb.plansOf(async (tx) => {
      const page = await findDuplicatePairs(tx, { skip: 0, limit: 20 });
      expect(page.total).toBe(10);
      expect(page.pairs.map((pair) => pair.reasons)).toEqual(Array(10).fill(['similar_reading']));
    });
    // Both sides of each join read its index alone (the rows of 20,000 customers stay unread there).
    const plan = plans.flat();
    for (const index of ['customers_live_birth_reading_head_idx', 'customers_live_birth_reading_tail_idx']) {
      const scans = plan.filter((node) => node['Index Name'] === index);
      expect(
        scans.map((node) => node['Node Type']),
        index,
      ).toEqual(['Index Only Scan', 'Index Only Scan']);
    }
  });
});
