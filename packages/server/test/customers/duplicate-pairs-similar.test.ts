import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { findDuplicatePairs, keysOf, reasonsBetween } from '../../src/modules/customers/customers.duplicates';
import { customerInUse } from '../../src/modules/customers/customers.in-use';
import { usePlanDatabase } from '../support/query-plans';

const TENANT = '5c1d7e2a-9b3f-4e6d-8a1c-2f3e4d5a6b71';

/**
 * One customer: the reading is split between セイ and メイ (the rules read them joined); `key`
 * names it in the assertions (it is the 名), the order of the list is the order of registration.
 */
interface Person {
  key: string;
  reading: string;
  birth?: string | null;
  phone?: string | null;
  email?: string | null;
  state?: 'deleted' | 'stopped';
}

const BIRTH = '1970-05-05';

/**
 * Pairs by every rule, the similar readings edited at the start, the middle and the end, by a
 * letter replaced, added and dropped, around the 4-letter boundary (3, 4, 5 letters), each on a
 * birth date of its own; then what must not pair. Earlier first in each pair.
 */
const CRAFTED: Array<[string, Person[]]> = [
  [
    '1971-01-01',
    [
      { key: 'sub-start-a', reading: 'アイウエオ' },
      { key: 'sub-start-b', reading: 'カイウエオ' },
    ],
  ],
  [
    '1971-01-02',
    [
      { key: 'sub-mid-a', reading: 'アイウエオ' },
      { key: 'sub-mid-b', reading: 'アイカエオ' },
    ],
  ],
  [
    '1971-01-03',
    [
      { key: 'sub-end-a', reading: 'アイウエオ' },
      { key: 'sub-end-b', reading: 'アイウエカ' },
    ],
  ],
  [
    '1971-01-04',
    [
      { key: 'ins-start-a', reading: 'アイウエ' },
      { key: 'ins-start-b', reading: 'カアイウエ' },
    ],
  ],
  [
    '1971-01-05',
    [
      { key: 'ins-mid-a', reading: 'アイウエ' },
      { key: 'ins-mid-b', reading: 'アイカウエ' },
    ],
  ],
  [
    '1971-01-06',
    [
      { key: 'ins-end-a', reading: 'アイウエ' },
      { key: 'ins-end-b', reading: 'アイウエカ' },
    ],
  ],
  [
    '1971-01-07',
    [
      { key: 'del-start-a', reading: 'アイウエオ' },
      { key: 'del-start-b', reading: 'イウエオ' },
    ],
  ],
  [
    '1971-01-08',
    [
      { key: 'del-mid-a', reading: 'アイウエオ' },
      { key: 'del-mid-b', reading: 'アイエオ' },
    ],
  ],
  [
    '1971-01-09',
    [
      { key: 'del-end-a', reading: 'アイウエオ' },
      { key: 'del-end-b', reading: 'アイウエ' },
    ],
  ],
  // 4 letters to 3: the later reading is below the rule's length but the earlier one is not.
  [
    '1971-01-10',
    [
      { key: 'four-three-start-a', reading: 'アイウエ' },
      { key: 'four-three-start-b', reading: 'イウエ' },
    ],
  ],
  [
    '1971-01-11',
    [
      { key: 'four-three-mid-a', reading: 'アイウエ' },
      { key: 'four-three-mid-b', reading: 'アウエ' },
    ],
  ],
  [
    '1971-01-12',
    [
      { key: 'four-three-end-a', reading: 'アイウエ' },
      { key: 'four-three-end-b', reading: 'アイウ' },
    ],
  ],
  // 4 letters, one replaced at each position (the 2nd keeps only the tail, the 3rd only the head).
  [
    '1971-01-13',
    [
      { key: 'four-a', reading: 'サシスセ' },
      { key: 'four-sub-1', reading: 'カシスセ' },
      { key: 'four-sub-2', reading: 'サキスセ' },
      { key: 'four-sub-3', reading: 'サシクセ' },
      { key: 'four-sub-4', reading: 'サシスケ' },
    ],
  ],
  [
    '1971-01-14',
    [
      { key: 'four-five-a', reading: 'サシスセ' },
      { key: 'four-five-b', reading: 'サシカスセ' },
    ],
  ],
  // Folded first: ショーコ is しよこ, ショウコ is しようこ (one letter more).
  [
    '1971-01-15',
    [
      { key: 'folded-a', reading: 'ショウコ' },
      { key: 'folded-b', reading: 'しょーこ' },
    ],
  ],
  // Not pairs: 3 letters then 4 (the earlier is below the rule's length), 3 and 3, two edits apart,
  // the same reading on another day, and a crowd born on one day with readings far apart.
  [
    '1971-02-01',
    [
      { key: 'three-four-a', reading: 'アイウ' },
      { key: 'three-four-b', reading: 'アイウエ' },
    ],
  ],
  [
    '1971-02-02',
    [
      { key: 'three-three-a', reading: 'アイウ' },
      { key: 'three-three-b', reading: 'アイカ' },
    ],
  ],
  [
    '1971-02-03',
    [
      { key: 'two-edits-a', reading: 'アイウエオ' },
      { key: 'two-edits-b', reading: 'カイウエコ' },
    ],
  ],
  ['1971-02-04', [{ key: 'other-day-a', reading: 'タチツテト' }]],
  ['1971-02-05', [{ key: 'other-day-b', reading: 'タチツテ' }]],
  [
    BIRTH,
    ['ヤマダハナコ', 'スズキイチロウ', 'タカハシユミ', 'サトウケンタ', 'イトウアイ', 'ワタナベマコト'].map(
      (reading, i) => ({
        key: `crowd-${i}`,
        reading,
      }),
    ),
  ],
];

/** The other rules, and customers the list passes by. */
const OTHERS: Person[] = [
  { key: 'same-a', reading: 'ナカムラミホ', birth: '1980-04-01' },
  { key: 'same-b', reading: 'ナカムラ　ミホ', birth: '1980-04-01' },
  { key: 'phone-a', reading: 'コバヤシサトル', phone: '03-1234-5678' },
  { key: 'phone-b', reading: 'ハヤシノボル', phone: '０３（１２３４）５６７８' },
  { key: 'email-a', reading: 'カトウナオキ', email: 'naoki@example.jp' },
  { key: 'email-b', reading: 'ヨシダナオミ', email: 'NAOKI@example.jp' },
  // Similar readings on other birth dates but with the same phone.
  { key: 'phone-similar-a', reading: 'マツモトユイ', birth: '1990-01-01', phone: '090-1111-2222' },
  { key: 'phone-similar-b', reading: 'マツモトユウイ', birth: '1991-01-01', phone: '09011112222' },
  // Similar to sub-start-a, but in the trash, stopped, or dismissed.
  { key: 'deleted', reading: 'アイウエコ', birth: '1971-01-01', state: 'deleted' },
  { key: 'stopped', reading: 'アイウエキ', birth: '1971-01-01', state: 'stopped' },
];

/** A seeded generator of short readings over three kana: many of them one edit apart. */
function randomPeople(count: number): Person[] {
  let state = 20261128;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const letters = ['ア', 'イ', 'ウ'];
  const dates = ['1985-04-01', '1985-04-02', '1985-04-03'];
  return Array.from({ length: count }, (_, i) => {
    const length = 2 + Math.floor(next() * 5);
    const reading = Array.from({ length }, () => letters[Math.floor(next() * letters.length)]).join('');
    return {
      key: `random-${i}`,
      reading,
      birth: next() < 0.1 ? null : dates[Math.floor(next() * dates.length)],
      phone: next() < 0.05 ? `06-5555-000${Math.floor(next() * 3)}` : null,
    };
  });
}

const PEOPLE: Person[] = [
  ...CRAFTED.flatMap(([birth, people]) => people.map((person) => ({ birth, ...person }))),
  ...OTHERS,
  ...randomPeople(360),
];

/**
 * 重複の候補 finds the similar readings by the birth date with the reading's first or last two
 * letters (migration 0041), not by the birth date alone: the same pairs must come out as when every
 * two customers are compared by the rules, for every kind of edit and around the 4-letter boundary.
 */
describe('the pairs of 重複の候補 are those of the rules', () => {
  const planDb = usePlanDatabase({
    tenantId: TENANT,
    tenantName: '重複照合医院',
    analyze: ['customers'],
    async seed(owner) {
      await owner.query(
        `insert into customers (tenant_id, last_name, first_name, last_name_kana, first_name_kana,
                                birth_date, phone, email, created_at, deleted_at, use_stopped_at,
                                use_stop_reason)
         select $1::uuid, '照合', p.key, left(p.reading, length(p.reading) / 2),
                substr(p.reading, length(p.reading) / 2 + 1), p.birth, p.phone, p.email,
                timestamptz '2026-01-01' + p.position * interval '1 minute',
                case when p.state = 'deleted' then now() end,
                case when p.state = 'stopped' then now() end,
                case when p.state = 'stopped' then '本人の求め' end
         from jsonb_to_recordset($2::jsonb) as p(key text, reading text, birth date, phone text,
                                                 email text, state text, position integer)`,
        [TENANT, JSON.stringify(PEOPLE.map((person, position) => ({ ...person, position })))],
      );
      // A pair a person said were two people.
      await owner.query(
        `insert into customer_duplicate_dismissals (tenant_id, first_id, second_id)
         select $1::uuid, least(a.id, b.id), greatest(a.id, b.id) from customers a, customers b
         where a.first_name = 'four-a' and b.first_name = 'four-sub-4'`,
        [TENANT],
      );
    },
  });

  /** Every pair of customers in use compared by the rules, without an index or a candidate. */
  const everyPair = () =>
    planDb.inTenant(async (tx) => {
      const { rows } = await sql<{ pair: string; reasons: string[] }>`
        select a.first_name || ' ' || b.first_name as pair, ${reasonsBetween(keysOf('a'), keysOf('b'))} as reasons
        from customers a join customers b on (a.created_at, a.id) < (b.created_at, b.id)
        where ${customerInUse('a')} and ${customerInUse('b')}
          and not exists (
            select 1 from customer_duplicate_dismissals d
            where d.first_id = least(a.id, b.id) and d.second_id = greatest(a.id, b.id))`.execute(tx);
      return rows.filter((row) => row.reasons.length > 0);
    });

  const listed = () =>
    planDb.inTenant(async (tx) => {
      const page = await findDuplicatePairs(tx, { skip: 0, limit: 100_000 });
      return {
        total: page.total,
        pairs: page.pairs.map((pair) => ({
          pair: `${pair.first.first_name} ${pair.second.first_name}`,
          reasons: pair.reasons,
        })),
      };
    });

  const byPair = (rows: Array<{ pair: string; reasons: string[] }>) =>
    Object.fromEntries(rows.map((row) => [row.pair, row.reasons]));

  it('lists exactly the pairs the rules find among all pairs, with the same reasons', async () => {
    const expected = await everyPair();
    const { total, pairs } = await listed();
    expect(new Set(pairs.map((row) => row.pair)).size).toBe(pairs.length);
    expect(byPair(pairs)).toEqual(byPair(expected));
    expect(total).toBe(expected.length);
    // The random readings over three kana pair in their hundreds, mostly as similar readings.
    const similar = pairs.filter(
      (row) => row.pair.startsWith('random-') && row.reasons.includes('similar_reading'),
    );
    expect(similar.length).toBeGreaterThan(200);
  });

  it('finds similar readings edited anywhere, by any edit, from 4 letters to 3', async () => {
    const found = byPair((await listed()).pairs);
    for (const edit of ['sub', 'ins', 'del']) {
      for (const at of ['start', 'mid', 'end']) {
        expect(found[`${edit}-${at}-a ${edit}-${at}-b`], `${edit} at ${at}`).toEqual(['similar_reading']);
      }
    }
    for (const at of ['start', 'mid', 'end']) {
      expect(found[`four-three-${at}-a four-three-${at}-b`], `4 to 3 at ${at}`).toEqual(['similar_reading']);
    }
    for (const position of [1, 2, 3]) {
      expect(found[`four-a four-sub-${position}`], `4 letters, letter ${position}`).toEqual([
        'similar_reading',
      ]);
    }
    expect(found['four-five-a four-five-b']).toEqual(['similar_reading']);
    expect(found['folded-a folded-b']).toEqual(['similar_reading']);
    expect(found['same-a same-b']).toEqual(['reading_and_birth_date']);
    expect(found['phone-a phone-b']).toEqual(['phone']);
    expect(found['email-a email-b']).toEqual(['email']);
    expect(found['phone-similar-a phone-similar-b']).toEqual(['phone', 'similar_reading']);
  });

  it('leaves out what the rules do not pair, and what is not in use or was dismissed', async () => {
    const listedPairs = (await listed()).pairs.map((row) => row.pair);
    const keysIn = (pair: string) => pair.split(' ');
    for (const key of [
      'three-four-a',
      'three-three-a',
      'two-edits-a',
      'other-day-a',
      'crowd-0',
      'deleted',
      'stopped',
    ]) {
      expect(
        listedPairs.filter((pair) => keysIn(pair).includes(key)),
        key,
      ).toEqual([]);
    }
    expect(listedPairs).not.toContain('four-a four-sub-4');
  });
});
