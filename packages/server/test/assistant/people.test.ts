/**
 * resolvePerson, the assistant's one way from a name to people, over a table of the cases a
 * reception desk meets: a surname inside a company name (佐藤 vs 有限会社佐藤工務店), namesakes,
 * a given name alone, kana and width variants, honorifics, full names with and without a space,
 * staff against customers, and a company named on purpose. Real PostgreSQL, as the app role
 * (row-level security on), in two tenants of its own: ONE has a single 佐藤, TWO has namesakes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PersonResolution,
  parsePersonQuery,
  resolvePerson,
} from '../../src/modules/assistant/assistant.people';
import { withTenant } from '../../src/platform/db/tenant-scope';
import { createTestDatabase, type TestDatabase } from '../support/database';

type Person = [last: string, first: string, lastKana: string, firstKana: string, company?: string];

const CUSTOMERS: Person[] = [
  ['佐藤', '彩', 'サトウ', 'アヤ'],
  ['木村', '明美', 'キムラ', 'アケミ', '有限会社佐藤工務店'],
  ['吉田', '誠', 'ヨシダ', 'マコト', '有限会社佐藤工務店'],
  ['木村', '拓也', 'キムラ', 'タクヤ'],
  ['田中', 'のぞみ', 'タナカ', 'ノゾミ'],
];
const NAMESAKES: Person[] = [
  ['佐藤', '健一', 'サトウ', 'ケンイチ', '株式会社青葉商事'],
  ['佐東', '綾', 'サトウ', 'アヤ'],
];
const STAFF: Person[] = [
  ['佐藤', '美咲', 'サトウ', 'ミサキ'],
  ['高橋', '誠', 'タカハシ', 'マコト'],
];

const COMPANY_KANA: Record<string, string> = {
  有限会社佐藤工務店: 'サトウコウムテン',
  株式会社青葉商事: 'アオバショウジ',
};

let database: TestDatabase;
const tenants = { one: '', two: '' };

async function seed(tenantId: string, customers: Person[]) {
  await withTenant(database.owner, tenantId, async (tx) => {
    for (const [last_name, first_name, last_name_kana, first_name_kana, company_name] of customers) {
      const { id } = await tx
        .insertInto('customers')
        .values({
          tenant_id: tenantId,
          last_name,
          first_name,
          last_name_kana,
          first_name_kana,
          company_name: company_name ?? null,
          company_name_kana: company_name ? (COMPANY_KANA[company_name] ?? null) : null,
          city: '世田谷区',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('interactions')
        .values({ tenant_id: tenantId, customer_id: id, type: 'visit', content: `${last_name}さん来院` })
        .execute();
    }
    for (const [last_name, first_name, last_name_kana, first_name_kana] of STAFF) {
      await tx
        .insertInto('staff')
        .values({ tenant_id: tenantId, last_name, first_name, last_name_kana, first_name_kana })
        .execute();
    }
  });
}

beforeAll(async () => {
  database = await createTestDatabase({ seeded: false });
  for (const key of ['one', 'two'] as const) {
    const tenant = await database.owner
      .insertInto('tenants')
      .values({ name: `名前解決 ${key}`, plan: 'standard' })
      .returning('id')
      .executeTakeFirstOrThrow();
    tenants[key] = tenant.id;
  }
  await seed(tenants.one, CUSTOMERS);
  await seed(tenants.two, [...CUSTOMERS, ...NAMESAKES]);
});

afterAll(async () => {
  await database.drop();
});

function resolve(tenant: 'one' | 'two', phrase: string, staff = true): Promise<PersonResolution | null> {
  return withTenant(database.db, tenants[tenant], (tx) =>
    resolvePerson(tx, phrase, { want: 'customer', staff, interactions: true }),
  );
}

/** A verdict in a line: `one 佐藤 彩 last_name`, `ambiguous same_name 佐藤 彩/佐藤 健一`, … */
function summary(resolution: PersonResolution | null): string {
  const verdict = resolution?.verdict ?? { kind: 'none' as const };
  const name = (person: { last_name: string; first_name: string; kind: string }) =>
    `${person.kind === 'staff' ? 'スタッフ ' : ''}${person.last_name} ${person.first_name}`;
  switch (verdict.kind) {
    case 'one':
      return `one ${name(verdict.match)} ${verdict.match.reason}`;
    case 'ambiguous':
      return `ambiguous ${verdict.why} ${verdict.matches.map(name).sort().join('/')}`;
    case 'company':
      return `company ${verdict.company} ${verdict.matches.map(name).sort().join('/')}`;
    case 'none':
      return 'none';
  }
}

describe('resolvePerson', () => {
  it.each([
    // The receptionist's finding: a surname beats a company name that contains it.
    ['one', '佐藤さん', 'one 佐藤 彩 last_name'],
    ['one', '佐藤', 'one 佐藤 彩 last_name'],
    // Kana, katakana, half-width kana and every honorific are the same surname.
    ['one', 'さとうさん', 'one 佐藤 彩 reading'],
    ['one', 'サトウ様', 'one 佐藤 彩 reading'],
    ['one', 'ｻﾄｳさま', 'one 佐藤 彩 reading'],
    ['one', '佐藤くん', 'one 佐藤 彩 last_name'],
    ['one', '佐藤ちゃん', 'one 佐藤 彩 last_name'],
    // Full names with and without a (full-width) space, in kanji, kana or both.
    ['one', '佐藤彩', 'one 佐藤 彩 full_name'],
    ['one', '佐藤 彩さん', 'one 佐藤 彩 full_name'],
    ['one', '佐藤\u3000彩様', 'one 佐藤 彩 full_name'],
    ['one', 'さとう あや', 'one 佐藤 彩 reading'],
    ['one', '佐藤 あや', 'one 佐藤 彩 reading'],
    // A given name alone.
    ['one', '彩さん', 'one 佐藤 彩 first_name'],
    ['one', '誠さん', 'one 吉田 誠 first_name'],
    // A full name nobody has: those with the surname are offered, none is picked.
    ['one', '佐藤 綾さん', 'ambiguous surname_only 佐藤 彩'],
    // The same surname twice: ask.
    ['one', '木村さん', 'ambiguous same_name 木村 拓也/木村 明美'],
    ['two', '佐藤さん', 'ambiguous same_name 佐藤 健一/佐藤 彩'],
    ['two', 'さとうさん', 'ambiguous same_name 佐東 綾/佐藤 健一/佐藤 彩'],
    ['two', 'サトウ アヤさん', 'ambiguous same_name 佐東 綾/佐藤 彩'],
    ['two', '佐藤 彩さん', 'one 佐藤 彩 full_name'],
    ['two', '健一さん', 'one 佐藤 健一 first_name'],
    // A company asked for on purpose.
    ['one', '佐藤工務店の木村さん', 'one 木村 明美 last_name'],
    ['two', '青葉商事の佐藤さん', 'one 佐藤 健一 last_name'],
    ['one', '青葉商事の木村さん', 'ambiguous not_at_company 木村 拓也/木村 明美'],
    ['one', '佐藤工務店', 'company 有限会社佐藤工務店 吉田 誠/木村 明美'],
    ['one', '有限会社佐藤工務店', 'company 有限会社佐藤工務店 吉田 誠/木村 明美'],
    ['one', 'サトウコウムテン', 'company 有限会社佐藤工務店 吉田 誠/木村 明美'],
    // Only part of a company name: never sure.
    ['one', '工務店さん', 'ambiguous company_only 吉田 誠/木村 明美'],
    // Staff against customers: a customer question ranks customers, 先生 and スタッフの staff.
    ['one', '美咲さん', 'one スタッフ 佐藤 美咲 first_name'],
    ['one', '佐藤先生', 'one スタッフ 佐藤 美咲 last_name'],
    ['one', 'スタッフの佐藤さん', 'one スタッフ 佐藤 美咲 last_name'],
    ['one', '患者の佐藤さん', 'one 佐藤 彩 last_name'],
    // の inside a name is not a company.
    ['one', '田中のぞみさん', 'one 田中 のぞみ full_name'],
    ['one', '山田さん', 'none'],
  ] as const)('%s: %s → %s', async (tenant, phrase, expected) => {
    expect(summary(await resolve(tenant, phrase))).toBe(expected);
  });

  it('lists what tells people apart and keeps other kinds as “others”, not as the answer', async () => {
    const found = await resolve('one', '佐藤さん');
    if (found?.verdict.kind !== 'one') throw new Error(summary(found));
    expect(found.verdict.match).toMatchObject({
      kind: 'customer',
      last_name_kana: 'サトウ',
      first_name_kana: 'アヤ',
      city: '世田谷区',
      last_interaction: { date: expect.stringMatching(/^\d{4}\/\d{2}\/\d{2}$/), type: 'visit' },
    });
    // The staff namesake is mentioned; the company's people are not candidates at all.
    expect(
      found.verdict.others.map((person) => `${person.kind} ${person.last_name} ${person.first_name}`),
    ).toEqual(['staff 佐藤 美咲']);
  });

  it('reads no staff without the permission', async () => {
    expect(summary(await resolve('one', '美咲さん', false))).toBe('none');
    const found = await resolve('one', '佐藤先生', false);
    expect(summary(found)).toBe('one 佐藤 彩 last_name');
    expect(found?.verdict.kind === 'one' && found.verdict.others).toEqual([]);
  });

  it('stays in its tenant', async () => {
    // 佐藤 健一 lives in tenant TWO only.
    expect(summary(await resolve('one', '健一さん'))).toBe('none');
  });
});

describe('parsePersonQuery', () => {
  it.each([
    ['佐藤さん', { asked: '佐藤', honorific: 'さん', role: null, company: null, name: '佐藤', parts: null }],
    ['ｻﾄｳ 様', { asked: 'サトウ', honorific: '様', name: 'さとう' }],
    ['佐藤　彩', { asked: '佐藤 彩', name: '佐藤彩', parts: ['佐藤', '彩'] }],
    ['佐藤先生', { asked: '佐藤', honorific: '先生', role: 'staff' }],
    ['患者の佐藤さん', { asked: '佐藤', role: 'customer', company: null }],
    ['「佐藤工務店の木村さん」', { asked: '木村', company: '佐藤工務店', name: '木村' }],
    ['今月の佐藤さん', { asked: '佐藤', company: null }],
  ] as const)('%s', (phrase, expected) => {
    expect(parsePersonQuery(phrase)).toMatchObject(expected);
  });

  it('names nobody with only an honorific or a generic word', () => {
    expect(parsePersonQuery('さん')).toBeNull();
    expect(parsePersonQuery('皆さん')).toBeNull();
    expect(parsePersonQuery('患者様')).toBeNull();
  });
});
