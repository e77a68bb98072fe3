/**
 * The assistant's birthday list (customer_birthdays): who has a birthday today, this week, this
 * month or next month, in day order, with the age they turn; 29 February in common and leap
 * years; customers in the trash or stopped at their own request never listed; another tenant's
 * never. Real PostgreSQL as the app role (row-level security on), with a fixed today, then once
 * through HTTP for the question a receptionist types.
 */
import { todayIn } from '@tsumiki/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BIRTHDAY_LIST_LIMIT,
  type BirthdayPeriod,
  customerBirthdays,
} from '../../src/modules/assistant/assistant.tools.birthdays';
import { withTenant } from '../../src/platform/db/tenant-scope';
import { DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { expectMatchesContract } from '../support/contract';
import { createTestServer, type TestServer } from '../support/server';

type Person = [
  last: string,
  first: string,
  kana: string,
  birth: string | null,
  state?: 'deleted' | 'stopped',
];

/** Birthdays around a Wednesday, 2027-02-10 (a common year) and 2028-02-09 (a leap year). */
const PEOPLE: Person[] = [
  ['春日', '一郎', 'カスガ イチロウ', '1980-02-10'],
  ['青木', '花子', 'アオキ ハナコ', '1955-02-10'],
  ['閏', '誠', 'ウルウ マコト', '1984-02-29'],
  ['週末', '愛', 'シュウマツ アイ', '1990-02-14'],
  ['月曜', '守', 'ゲツヨウ マモル', '1975-02-08'],
  ['三月', '桜', 'サンガツ サクラ', '2001-03-01'],
  ['一月', '雪', 'イチガツ ユキ', '1999-01-31'],
  ['削除', '済', 'サクジョ スミ', '1980-02-10', 'deleted'],
  ['停止', '中', 'テイシ チュウ', '1980-02-10', 'stopped'],
  ['未登録', '太郎', 'ミトウロク タロウ', null],
];

let server: TestServer;
let tenantId = '';
let otherTenantId = '';
const ids: Record<string, string> = {};

async function seed(tenant: string, people: Person[]) {
  await withTenant(server.database.owner, tenant, async (tx) => {
    for (const [last_name, first_name, kana, birth, state] of people) {
      const [last_name_kana, first_name_kana] = kana.split(' ') as [string, string];
      const { id } = await tx
        .insertInto('customers')
        .values({
          tenant_id: tenant,
          last_name,
          first_name,
          last_name_kana,
          first_name_kana,
          birth_date: birth,
          deleted_at: state === 'deleted' ? new Date() : null,
          use_stopped_at: state === 'stopped' ? new Date() : null,
          use_stop_reason: state === 'stopped' ? '本人からの利用停止の請求' : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (tenant === tenantId) ids[`${last_name} ${first_name}`] = id;
    }
  });
}

beforeAll(async () => {
  server = await createTestServer();
  for (const name of ['誕生日 一', '誕生日 二']) {
    const tenant = await server.database.owner
      .insertInto('tenants')
      .values({ name, plan: 'standard', time_zone: 'Asia/Tokyo' })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!tenantId) tenantId = tenant.id;
    else otherTenantId = tenant.id;
  }
  await seed(tenantId, PEOPLE);
  // The other tenant's customer shares a birthday: it must never show.
  await seed(otherTenantId, [['他院', '患者', 'タイン カンジャ', '1980-02-10']]);
});

afterAll(async () => {
  await server.close();
});

/** `name (turning) birthday` per listed customer, in the order listed, and the total. */
async function listed(period: BirthdayPeriod, today: string) {
  const result = await withTenant(server.database.db, tenantId, (tx) =>
    customerBirthdays(tx, { period }, today),
  );
  const data = result.data as {
    total: number;
    listed: { name: string; turning: number; birthday: string }[];
  };
  return {
    total: data.total,
    rows: data.listed.map((row) => `${row.name} (${row.turning}) ${row.birthday}`),
    markdown: result.markdown,
    sources: result.sources,
  };
}

describe('customer_birthdays', () => {
  it('lists today’s birthdays in 五十音 order with the age they turn, and links each', async () => {
    const today = await listed('today', '2027-02-10');
    expect(today.rows).toEqual(['青木 花子 (72) 2027-02-10', '春日 一郎 (47) 2027-02-10']);
    expect(today.total).toBe(2);
    expect(today.markdown).toContain('今日誕生日の顧客は **2 名** です。');
    expect(today.markdown).toContain(
      `- 2月10日 [青木 花子](/customers/${ids['青木 花子']})（72歳の誕生日）昭和30年2月10日生まれ`,
    );
    expect(today.sources.map((source) => source.url)).toEqual([
      `/customers/${ids['青木 花子']}`,
      `/customers/${ids['春日 一郎']}`,
    ]);
  });

  it('covers Monday to Sunday for this week, in day order', async () => {
    // 2027-02-10 is a Wednesday: the week is 8–14 February.
    expect((await listed('this_week', '2027-02-10')).rows).toEqual([
      '月曜 守 (52) 2027-02-08',
      '青木 花子 (72) 2027-02-10',
      '春日 一郎 (47) 2027-02-10',
      '週末 愛 (37) 2027-02-14',
    ]);
  });

  it('keeps 29 February in February: on the 28th in a common year, on the 29th in a leap year', async () => {
    const common = await listed('this_month', '2027-02-10');
    expect(common.rows).toContain('閏 誠 (43) 2027-02-28');
    expect(common.total).toBe(5);
    const leap = await listed('this_month', '2028-02-09');
    expect(leap.rows).toContain('閏 誠 (44) 2028-02-29');
    expect(leap.rows).not.toContain('閏 誠 (44) 2028-02-28');
    // March's list does not take them in either year.
    expect((await listed('this_month', '2027-03-05')).rows).toEqual(['三月 桜 (26) 2027-03-01']);
  });

  it('lists next month’s, across the turn of the year', async () => {
    expect((await listed('next_month', '2026-12-15')).rows).toEqual(['一月 雪 (28) 2027-01-31']);
    expect((await listed('next_month', '2027-01-20')).total).toBe(5);
  });

  it('never lists the trash, people stopped at their request, or another tenant', async () => {
    const names = (await listed('this_month', '2027-02-10')).rows.join('\n');
    expect(names).not.toMatch(/削除|停止|他院/u);
  });

  it('says none when nobody has a birthday, and points to the customer list', async () => {
    const none = await listed('today', '2027-07-08');
    expect(none.total).toBe(0);
    expect(none.markdown).toBe('今日誕生日の顧客はいません（生年月日が登録されている顧客のうち）。');
    expect(none.sources).toEqual([
      { type: 'customer', id: null, title: '顧客一覧', excerpt: null, url: '/customers' },
    ]);
  });

  it(`counts everyone but lists at most ${BIRTHDAY_LIST_LIMIT}`, async () => {
    const many: Person[] = Array.from({ length: BIRTHDAY_LIST_LIMIT + 5 }, (_, index) => [
      '七夕',
      `${index + 1}号`,
      `タナバタ ${String.fromCodePoint(0x30a2 + index)}`,
      '1970-07-07',
    ]);
    await seed(tenantId, many);
    const result = await listed('today', '2027-07-07');
    expect(result.total).toBe(BIRTHDAY_LIST_LIMIT + 5);
    expect(result.rows).toHaveLength(BIRTHDAY_LIST_LIMIT);
    expect(result.markdown).toContain(`誕生日の早い順に ${BIRTHDAY_LIST_LIMIT} 名を表示しています。`);
  });

  it('answers 「今日が誕生日の患者さんは？」 through the assistant, with the tenant’s today', async () => {
    const today = todayIn('Asia/Tokyo');
    const [year, month, day] = today.split('-') as [string, string, string];
    // 29 February in a leap year stays itself; 1980 is a leap year.
    const birth = `1980-${month}-${day}`;
    const customer = await withTenant(server.database.owner, DEMO_TENANTS.sakura.id, (tx) =>
      tx
        .insertInto('customers')
        .values({
          tenant_id: DEMO_TENANTS.sakura.id,
          last_name: '本日',
          first_name: '誕生',
          last_name_kana: 'ホンジツ',
          first_name_kana: 'タンジョウ',
          birth_date: birth,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    const token = (await server.signIn(DEMO_USERS.sakuraStaff.email)).access_token;
    const response = await server.send('POST', '/api/aiassistant/', token, {
      message: '今日が誕生日の患者さんは？',
    });
    expect(response.statusCode, response.body).toBe(200);
    const reply = response.json() as { content: string; mode: string; sources: { url: string | null }[] };
    expectMatchesContract('askAssistant', 200, reply);
    expect(reply.mode).toBe('offline');
    expect(reply.content).toContain(
      `[本日 誕生](/customers/${customer.id})（${Number(year) - 1980}歳の誕生日）`,
    );
    expect(reply.sources.map((source) => source.url)).toContain(`/customers/${customer.id}`);
    // Another tenant's admin asking the same never sees her.
    const midori = (await server.signIn(DEMO_USERS.midoriAdmin.email)).access_token;
    const other = await server.send('POST', '/api/aiassistant/', midori, {
      message: '今日が誕生日の患者さんは？',
    });
    expect(other.statusCode).toBe(200);
    expect(other.body).not.toContain('本日 誕生');
  });
});
