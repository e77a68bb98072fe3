import { formatBirthDate, GENDER_LABELS, todayIn } from '@tsumiki/api-client';
import { sql } from 'kysely';
import { tenantTimeZone } from '../../platform/access/time-zone';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { searchTerm } from '../../platform/search/search-term';
import { rowName } from '../../platform/text/person-name';
import { customerInUse, findCustomerPage } from '../customers';
import {
  md,
  PERIOD_LABELS,
  type Period,
  periodBounds,
  RECENT_LIMIT,
  type ToolResult,
} from './assistant.tools.common';

/**
 * Live customers whose name, kana, company, e-mail or phone contain the query, or whose 診察券番号
 * it is (the list's search); each with the patient card: number, birth date in 和暦 with the age on
 * the tenant's today, gender.
 */
export async function searchCustomers(tx: TenantTransaction, args: { query: string }): Promise<ToolResult> {
  const search = searchTerm(args.query);
  const today = todayIn(await tenantTimeZone(tx));
  const card = (row: {
    patient_number: string;
    birth_date: string | null;
    gender: keyof typeof GENDER_LABELS | null;
  }) =>
    [
      `診察券番号 ${row.patient_number}`,
      row.birth_date ? `生年月日 ${formatBirthDate(row.birth_date, today)}` : null,
      row.gender ? `性別 ${GENDER_LABELS[row.gender]}` : null,
    ]
      .filter(Boolean)
      .join(' ');
  const rows = search
    ? await findCustomerPage(tx, {
        skip: 0,
        limit: RECENT_LIMIT,
        search,
        sortBy: 'last_name_kana',
        sortOrder: 'asc',
      })
    : [];
  const markdown =
    rows.length === 0
      ? `「${md(args.query)}」に当てはまる顧客は見つかりませんでした。`
      : [
          `「${md(args.query)}」に当てはまる顧客（${rows.length} 名${rows.length === RECENT_LIMIT ? '以上' : ''}）:`,
          ...rows.map(
            (row) =>
              `- [${md(rowName(row))}](/customers/${row.id})${row.company_name ? `（${md(row.company_name)}）` : ''} ${md(card(row))}${row.phone ? ` 電話 ${md(row.phone)}` : ''}`,
          ),
        ].join('\n');
  return {
    markdown,
    data: rows.map((row) => ({
      id: row.id,
      name: rowName(row),
      kana: `${row.last_name_kana} ${row.first_name_kana}`,
      patient_number: row.patient_number,
      birth_date: row.birth_date,
      age_label: row.birth_date ? formatBirthDate(row.birth_date, today) : null,
      gender: row.gender ? GENDER_LABELS[row.gender] : null,
      company: row.company_name,
      phone: row.phone,
      email: row.email,
      tags: row.tags,
    })),
    sources: rows.map((row) => ({
      type: 'customer',
      id: row.id,
      title: rowName(row),
      excerpt: [row.company_name, row.phone, row.email].filter(Boolean).join(' / ') || null,
      url: `/customers/${row.id}`,
    })),
  };
}

/** Live customers: all of them, or those registered in a period. */
export async function countCustomers(tx: TenantTransaction, args: { period: Period }): Promise<ToolResult> {
  const bounds = periodBounds(tx, args.period);
  const where = sql`c.tenant_id = ${tx.tenantId} and ${customerInUse('c')}
    and (b.starts is null or c.created_at >= b.starts) and (b.ends is null or c.created_at < b.ends)`;
  const counted = await sql<{ count: string }>`
    select count(*) as count from customers c, ${bounds} b where ${where}`.execute(tx);
  const latest = await sql<{ id: string; last_name: string; first_name: string; local_date: string }>`
    select c.id, c.last_name, c.first_name,
      to_char(c.created_at at time zone (select time_zone from tenants where id = c.tenant_id), 'YYYY-MM-DD') as local_date
    from customers c, ${bounds} b where ${where} order by c.created_at desc, c.id desc limit ${RECENT_LIMIT}`.execute(
    tx,
  );
  const total = Number(counted.rows[0]?.count ?? 0);
  const heading =
    args.period === 'all'
      ? `登録されている顧客は **${total} 名** です。`
      : `${PERIOD_LABELS[args.period]}登録された新規顧客は **${total} 名** です。`;
  const lines = [heading];
  if (latest.rows.length > 0) {
    lines.push(
      '',
      '最近登録された顧客:',
      ...latest.rows.map((row) => `- ${row.local_date} [${md(rowName(row))}](/customers/${row.id})`),
    );
  }
  return {
    markdown: lines.join('\n'),
    data: {
      period: args.period,
      total,
      latest: latest.rows.map((row) => ({ id: row.id, name: rowName(row), registered: row.local_date })),
    },
    sources:
      latest.rows.length > 0
        ? latest.rows.map((row) => ({
            type: 'customer' as const,
            id: row.id,
            title: rowName(row),
            excerpt: `${row.local_date} 登録`,
            url: `/customers/${row.id}`,
          }))
        : [{ type: 'customer', id: null, title: '顧客一覧', excerpt: null, url: '/customers' }],
  };
}
