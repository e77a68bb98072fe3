import { formatWareki, todayIn } from '@tsumiki/api-client';
import { sql } from 'kysely';
import { tenantTimeZone } from '../../platform/access/time-zone';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { rowName } from '../../platform/text/person-name';
import { customerInUse } from '../customers';
import { md, type ToolResult } from './assistant.tools.common';

/** The periods a birthday list covers: days around today, in the tenant's time zone. */
export const BIRTHDAY_PERIODS = ['today', 'this_week', 'this_month', 'next_month'] as const;
export type BirthdayPeriod = (typeof BIRTHDAY_PERIODS)[number];

const BIRTHDAY_PERIOD_LABELS: Record<BirthdayPeriod, string> = {
  today: '今日',
  this_week: '今週',
  this_month: '今月',
  next_month: '来月',
};

/** Listed by name; the count covers everyone (a big clinic has hundreds of birthdays a month). */
export const BIRTHDAY_LIST_LIMIT = 30;

interface BirthdayRow {
  id: string;
  last_name: string;
  first_name: string;
  patient_number: string;
  birth_date: string;
  /** The day of the birthday within the period (ISO). */
  day: string;
  total: string;
}

/**
 * Live customers whose birthday falls in the period, in day order then 五十音: for birthday cards
 * and greetings at the desk. Days are the tenant's (weeks start on Monday); someone born on
 * 29 February has the birthday on the 28th in a common year, so they stay in February's list.
 * `today` (ISO) is the tenant's today unless given.
 */
export async function customerBirthdays(
  tx: TenantTransaction,
  args: { period: BirthdayPeriod },
  today?: string,
): Promise<ToolResult> {
  const day0 = today ?? todayIn(await tenantTimeZone(tx));
  const start = {
    today: sql`t.today`,
    this_week: sql`date_trunc('week', t.today)::date`,
    this_month: sql`date_trunc('month', t.today)::date`,
    next_month: sql`(date_trunc('month', t.today) + interval '1 month')::date`,
  }[args.period];
  const end = {
    today: sql`t.today`,
    this_week: sql`(date_trunc('week', t.today) + interval '6 days')::date`,
    this_month: sql`(date_trunc('month', t.today) + interval '1 month' - interval '1 day')::date`,
    next_month: sql`(date_trunc('month', t.today) + interval '2 months' - interval '1 day')::date`,
  }[args.period];
  const { rows } = await sql<BirthdayRow>`
    with t as (select ${day0}::date as today), days as (
      select g::date as day, to_char(g, 'MM-DD') as md,
        extract(day from make_date(extract(year from g)::int, 3, 1) - 1) = 29 as leap
      from t, generate_series(${start}, ${end}, interval '1 day') g
    )
    select c.id, c.last_name, c.first_name, c.patient_number,
      to_char(c.birth_date, 'YYYY-MM-DD') as birth_date, to_char(days.day, 'YYYY-MM-DD') as day,
      count(*) over () as total
    from customers c
    join days on to_char(c.birth_date, 'MM-DD') = days.md
      or (to_char(c.birth_date, 'MM-DD') = '02-29' and days.md = '02-28' and not days.leap)
    where c.tenant_id = ${tx.tenantId} and ${customerInUse('c')}
      and c.birth_date is not null and c.birth_date < days.day
    order by days.day, c.last_name_kana, c.first_name_kana, c.id
    limit ${BIRTHDAY_LIST_LIMIT}`.execute(tx);
  const total = Number(rows[0]?.total ?? 0);
  const when = BIRTHDAY_PERIOD_LABELS[args.period];
  const turning = (row: BirthdayRow) => Number(row.day.slice(0, 4)) - Number(row.birth_date.slice(0, 4));
  const monthDay = (iso: string) => `${Number(iso.slice(5, 7))}月${Number(iso.slice(8, 10))}日`;
  const lines =
    total === 0
      ? [`${when}誕生日の顧客はいません（生年月日が登録されている顧客のうち）。`]
      : [
          `${when}誕生日の顧客は **${total} 名** です。`,
          '',
          ...rows.map(
            (row) =>
              `- ${monthDay(row.day)} [${md(rowName(row))}](/customers/${row.id})（${turning(row)}歳の誕生日）${formatWareki(row.birth_date)}生まれ 診察券番号 ${md(row.patient_number)}`,
          ),
          ...(total > rows.length ? ['', `誕生日の早い順に ${rows.length} 名を表示しています。`] : []),
        ];
  return {
    markdown: lines.join('\n'),
    data: {
      period: args.period,
      total,
      listed: rows.map((row) => ({
        id: row.id,
        name: rowName(row),
        patient_number: row.patient_number,
        birth_date: row.birth_date,
        birthday: row.day,
        turning: turning(row),
      })),
    },
    sources:
      rows.length > 0
        ? rows.map((row) => ({
            type: 'customer' as const,
            id: row.id,
            title: rowName(row),
            excerpt: `${monthDay(row.day)}に${turning(row)}歳（診察券番号 ${row.patient_number}）`,
            url: `/customers/${row.id}`,
          }))
        : [{ type: 'customer', id: null, title: '顧客一覧', excerpt: null, url: '/customers' }],
  };
}
