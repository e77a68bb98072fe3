import { INTERACTION_TYPE_LABELS } from '@tsumiki/api-client';
import type { components } from '@tsumiki/api-client/schema';
import { sql } from 'kysely';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { searchTerm } from '../../platform/search/search-term';
import type { TextIndex } from '../../platform/search/text-index';
import { findCustomerPage } from '../customers';

export type AiSource = components['schemas']['AiSource'];
export type InteractionType = keyof typeof INTERACTION_TYPE_LABELS;
export type AssistantScope = components['schemas']['AssistantScope'];

/**
 * The read-only, tenant-scoped queries behind the assistant: the offline intents call them
 * directly, and with a provider the model calls the same functions as tools (one code path).
 * Each answers with Markdown for the offline answer, JSON for the model and the records it used.
 */
export interface ToolResult {
  markdown: string;
  data: unknown;
  sources: AiSource[];
}

export const PERIODS = [
  'today',
  'yesterday',
  'this_week',
  'last_week',
  'this_month',
  'last_month',
  'this_year',
  'all',
] as const;
export type Period = (typeof PERIODS)[number];

export const PERIOD_LABELS: Record<Period, string> = {
  today: '今日',
  yesterday: '昨日',
  this_week: '今週',
  last_week: '先週',
  this_month: '今月',
  last_month: '先月',
  this_year: '今年',
  all: 'これまで',
};

export const INTERACTION_TYPES = Object.keys(INTERACTION_TYPE_LABELS) as InteractionType[];

const RECENT_LIMIT = 5;

/**
 * The period's bounds as timestamps, computed in the tenant's time zone (weeks start on Monday).
 * `all` has no bounds.
 */
function periodBounds(tx: TenantTransaction, period: Period) {
  const local = sql`(now() at time zone z.time_zone)`;
  const start = {
    today: sql`date_trunc('day', ${local})`,
    yesterday: sql`date_trunc('day', ${local}) - interval '1 day'`,
    this_week: sql`date_trunc('week', ${local})`,
    last_week: sql`date_trunc('week', ${local}) - interval '1 week'`,
    this_month: sql`date_trunc('month', ${local})`,
    last_month: sql`date_trunc('month', ${local}) - interval '1 month'`,
    this_year: sql`date_trunc('year', ${local})`,
    all: sql`null::timestamp`,
  }[period];
  const end = {
    yesterday: sql`date_trunc('day', ${local})`,
    last_week: sql`date_trunc('week', ${local})`,
    last_month: sql`date_trunc('month', ${local})`,
  }[period as 'yesterday' | 'last_week' | 'last_month'];
  return sql`(select (${start}) at time zone z.time_zone as starts, ${end ? sql`(${end}) at time zone z.time_zone` : sql`null::timestamptz`} as ends
    from tenants z where z.id = ${tx.tenantId})`;
}

function customerName(row: { last_name: string; first_name: string }): string {
  return `${row.last_name} ${row.first_name}`;
}

function oneLine(text: string | null, max = 80): string {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** Escapes what Markdown would read as markup in a record's text. */
export function md(text: string): string {
  return text.replace(/([\\`*_[\]#<>|])/g, '\\$1');
}

interface InteractionLine {
  id: string;
  customer_id: string;
  last_name: string;
  first_name: string;
  type: InteractionType;
  summary: string | null;
  content: string;
  created_at: Date;
  local_date: string;
}

function interactionSource(row: InteractionLine): AiSource {
  return {
    type: 'interaction',
    id: row.id,
    title: `${customerName(row)}（${row.local_date} ${INTERACTION_TYPE_LABELS[row.type]}）`,
    excerpt: oneLine(row.summary ?? row.content, 200),
    url: `/customers/${row.customer_id}`,
  };
}

function interactionBullet(row: InteractionLine): string {
  return `- ${row.local_date} ${INTERACTION_TYPE_LABELS[row.type]}：[${md(customerName(row))}](/customers/${row.customer_id}) ${md(oneLine(row.summary ?? row.content))}`;
}

const interactionColumns = sql`i.id, i.customer_id, c.last_name, c.first_name, i.type, i.summary, i.content, i.created_at,
  to_char(i.created_at at time zone (select time_zone from tenants where id = i.tenant_id), 'YYYY-MM-DD') as local_date`;

/** Interactions of live customers in a period, by type, and the latest few of them. */
export async function countInteractions(
  tx: TenantTransaction,
  args: { period: Period; type?: InteractionType | undefined },
): Promise<ToolResult> {
  const bounds = periodBounds(tx, args.period);
  const typeFilter = args.type ? sql`and i.type = ${args.type}` : sql``;
  const where = sql`i.tenant_id = ${tx.tenantId} and c.deleted_at is null ${typeFilter}
    and (b.starts is null or i.created_at >= b.starts) and (b.ends is null or i.created_at < b.ends)`;
  const byType = await sql<{ type: InteractionType; count: string }>`
    select i.type, count(*) as count
    from interactions i join customers c on c.tenant_id = i.tenant_id and c.id = i.customer_id, ${bounds} b
    where ${where} group by i.type`.execute(tx);
  const latest = await sql<InteractionLine>`
    select ${interactionColumns}
    from interactions i join customers c on c.tenant_id = i.tenant_id and c.id = i.customer_id, ${bounds} b
    where ${where} order by i.created_at desc, i.id desc limit ${RECENT_LIMIT}`.execute(tx);
  const counts = Object.fromEntries(byType.rows.map((row) => [row.type, Number(row.count)])) as Partial<
    Record<InteractionType, number>
  >;
  const total = Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0);
  const what = args.type ? `${INTERACTION_TYPE_LABELS[args.type]}の対応` : '対応';
  const lines = [`${PERIOD_LABELS[args.period]}の${what}は **${total} 件** です。`];
  if (!args.type && total > 0) {
    lines.push(
      '',
      '| 種類 | 件数 |',
      '| --- | ---: |',
      ...INTERACTION_TYPES.filter((type) => counts[type]).map(
        (type) => `| ${INTERACTION_TYPE_LABELS[type]} | ${counts[type]} 件 |`,
      ),
    );
  }
  if (latest.rows.length > 0) lines.push('', '最近のもの:', ...latest.rows.map(interactionBullet));
  return {
    markdown: lines.join('\n'),
    data: {
      period: args.period,
      type: args.type ?? null,
      total,
      by_type: counts,
      latest: latest.rows.map((row) => ({
        date: row.local_date,
        type: row.type,
        customer: customerName(row),
        summary: oneLine(row.summary ?? row.content),
      })),
    },
    sources: latest.rows.map(interactionSource),
  };
}

/** Live customers whose name, kana, company, e-mail or phone contain the query (the list's search). */
export async function searchCustomers(tx: TenantTransaction, args: { query: string }): Promise<ToolResult> {
  const search = searchTerm(args.query);
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
              `- [${md(customerName(row))}](/customers/${row.id})${row.company_name ? `（${md(row.company_name)}）` : ''}${row.phone ? ` 電話 ${md(row.phone)}` : ''}`,
          ),
        ].join('\n');
  return {
    markdown,
    data: rows.map((row) => ({
      id: row.id,
      name: customerName(row),
      kana: `${row.last_name_kana} ${row.first_name_kana}`,
      company: row.company_name,
      phone: row.phone,
      email: row.email,
      tags: row.tags,
    })),
    sources: rows.map((row) => ({
      type: 'customer',
      id: row.id,
      title: customerName(row),
      excerpt: [row.company_name, row.phone, row.email].filter(Boolean).join(' / ') || null,
      url: `/customers/${row.id}`,
    })),
  };
}

/** The latest interactions of one live customer (or of several: a company's), or of the whole tenant. */
export async function recentInteractions(
  tx: TenantTransaction,
  args: { customer_id?: string | undefined; customer_ids?: string[] | undefined; limit?: number | undefined },
): Promise<ToolResult> {
  const limit = Math.min(Math.max(args.limit ?? RECENT_LIMIT, 1), 20);
  const customerFilter = args.customer_id
    ? sql`and i.customer_id = ${args.customer_id}`
    : args.customer_ids
      ? sql`and i.customer_id = any(${args.customer_ids}::uuid[])`
      : sql``;
  const { rows } = await sql<InteractionLine>`
    select ${interactionColumns}
    from interactions i join customers c on c.tenant_id = i.tenant_id and c.id = i.customer_id
    where i.tenant_id = ${tx.tenantId} and c.deleted_at is null ${customerFilter}
    order by i.created_at desc, i.id desc limit ${limit}`.execute(tx);
  const markdown =
    rows.length === 0
      ? '対応の記録はまだありません。'
      : [`最近の対応（新しい順に ${rows.length} 件）:`, ...rows.map(interactionBullet)].join('\n');
  return {
    markdown,
    data: rows.map((row) => ({
      date: row.local_date,
      type: row.type,
      customer_id: row.customer_id,
      customer: customerName(row),
      summary: row.summary,
      content: oneLine(row.content, 400),
    })),
    sources: rows.map(interactionSource),
  };
}

/** Live customers: all of them, or those registered in a period. */
export async function countCustomers(tx: TenantTransaction, args: { period: Period }): Promise<ToolResult> {
  const bounds = periodBounds(tx, args.period);
  const where = sql`c.tenant_id = ${tx.tenantId} and c.deleted_at is null
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
      ...latest.rows.map((row) => `- ${row.local_date} [${md(customerName(row))}](/customers/${row.id})`),
    );
  }
  return {
    markdown: lines.join('\n'),
    data: {
      period: args.period,
      total,
      latest: latest.rows.map((row) => ({ id: row.id, name: customerName(row), registered: row.local_date })),
    },
    sources:
      latest.rows.length > 0
        ? latest.rows.map((row) => ({
            type: 'customer' as const,
            id: row.id,
            title: customerName(row),
            excerpt: `${row.local_date} 登録`,
            url: `/customers/${row.id}`,
          }))
        : [{ type: 'customer', id: null, title: '顧客一覧', excerpt: null, url: '/customers' }],
  };
}

/** Live products matching the query, with how many interactions were about each. */
export async function searchProducts(tx: TenantTransaction, args: { query: string }): Promise<ToolResult> {
  const term = searchTerm(args.query);
  if (!term) return { markdown: '商品名を指定してください。', data: [], sources: [] };
  const { rows } = await sql<{
    id: string;
    name: string;
    category: string | null;
    price: number;
    status: string;
    interaction_count: string;
    customer_count: string;
  }>`
    select p.id, p.name, p.category, p.price, p.status,
      (select count(*) from interaction_products ip
         join interactions i on i.tenant_id = ip.tenant_id and i.id = ip.interaction_id
         join customers c on c.tenant_id = i.tenant_id and c.id = i.customer_id and c.deleted_at is null
       where ip.tenant_id = p.tenant_id and ip.product_id = p.id) as interaction_count,
      (select count(distinct i.customer_id) from interaction_products ip
         join interactions i on i.tenant_id = ip.tenant_id and i.id = ip.interaction_id
         join customers c on c.tenant_id = i.tenant_id and c.id = i.customer_id and c.deleted_at is null
       where ip.tenant_id = p.tenant_id and ip.product_id = p.id) as customer_count
    from products p
    where p.tenant_id = ${tx.tenantId} and p.deleted_at is null
      and strpos(p.search_text, tsumiki_search_fold(${term})) > 0
    order by p.name_kana collate "C" nulls last, p.id limit ${RECENT_LIMIT}`.execute(tx);
  const markdown =
    rows.length === 0
      ? `「${md(args.query)}」に当てはまる商品は見つかりませんでした。`
      : [
          `「${md(args.query)}」に当てはまる商品:`,
          ...rows.map(
            (row) =>
              `- [${md(row.name)}](/products/${row.id})：対応 **${Number(row.interaction_count)} 件**（顧客 ${Number(row.customer_count)} 名）、税抜 ${row.price.toLocaleString('ja-JP')} 円`,
          ),
        ].join('\n');
  return {
    markdown,
    data: rows.map((row) => ({
      id: row.id,
      name: row.name,
      category: row.category,
      price_yen: row.price,
      status: row.status,
      interaction_count: Number(row.interaction_count),
      customer_count: Number(row.customer_count),
    })),
    sources: rows.map((row) => ({
      type: 'product',
      id: row.id,
      title: row.name,
      excerpt: row.category,
      url: `/products/${row.id}`,
    })),
  };
}

/** Staff members (not retired) matching the query, or all of them, with their contact. */
export async function listStaff(
  tx: TenantTransaction,
  args: { query?: string | undefined },
): Promise<ToolResult> {
  const term = searchTerm(args.query);
  const filter = term ? sql`and strpos(s.search_text, tsumiki_search_fold(${term})) > 0` : sql``;
  const { rows } = await sql<{
    id: string;
    last_name: string;
    first_name: string;
    department: string | null;
    position: string | null;
    phone: string | null;
    email: string | null;
    status: string;
  }>`
    select s.id, s.last_name, s.first_name, s.department, s.position, s.phone, s.email, s.status
    from staff s
    where s.tenant_id = ${tx.tenantId} and s.deleted_at is null and s.status <> 'retired' ${filter}
    order by s.last_name_kana collate "C", s.first_name_kana collate "C", s.id limit 20`.execute(tx);
  const name = (row: (typeof rows)[number]) => `${row.last_name} ${row.first_name}`;
  const markdown =
    rows.length === 0
      ? term
        ? `「${md(term)}」に当てはまるスタッフは見つかりませんでした。`
        : '登録されているスタッフはいません。'
      : [
          term ? `「${md(term)}」に当てはまるスタッフ:` : `スタッフ（${rows.length} 名）:`,
          ...rows.map(
            (row) =>
              `- [${md(name(row))}](/staff?q=${encodeURIComponent(row.last_name)})${[row.department, row.position].filter(Boolean).length ? `（${md([row.department, row.position].filter(Boolean).join('・'))}）` : ''}${row.phone ? ` 電話 ${md(row.phone)}` : ''}${row.email ? ` メール ${md(row.email)}` : ''}`,
          ),
        ].join('\n');
  return {
    markdown,
    data: rows.map((row) => ({
      name: name(row),
      department: row.department,
      position: row.position,
      phone: row.phone,
      email: row.email,
      status: row.status,
    })),
    sources:
      rows.length > 0
        ? rows.map((row) => ({
            type: 'staff' as const,
            id: row.id,
            title: name(row),
            excerpt: [row.department, row.position].filter(Boolean).join('・') || null,
            url: `/staff?q=${encodeURIComponent(row.last_name)}`,
          }))
        : [{ type: 'staff', id: null, title: 'スタッフ一覧', excerpt: null, url: '/staff' }],
  };
}

/** Documents whose text, name or description contain every term (the documents' keyword search). */
export async function searchDocuments(
  tx: TenantTransaction,
  textIndex: TextIndex,
  args: { query: string },
): Promise<ToolResult> {
  const query = args.query.trim();
  const { total, hits } = query
    ? await textIndex.keyword(tx, { kind: 'document', query, skip: 0, limit: RECENT_LIMIT })
    : { total: 0, hits: [] };
  const names = hits.length
    ? await tx
        .selectFrom('documents')
        .select(['id', 'file_name'])
        .where('tenant_id', '=', tx.tenantId)
        .where(
          'id',
          'in',
          hits.map((hit) => hit.sourceId),
        )
        .execute()
    : [];
  const fileName = new Map(names.map((row) => [row.id, row.file_name]));
  const found = hits.filter((hit) => fileName.has(hit.sourceId));
  const link = `/documents?q=${encodeURIComponent(query)}`;
  const markdown =
    found.length === 0
      ? `「${md(query)}」を含む文書は見つかりませんでした。`
      : [
          `「${md(query)}」を含む文書は ${total} 件です${total > found.length ? `（上位 ${found.length} 件）` : ''}:`,
          ...found.map(
            (hit) =>
              `- [${md(fileName.get(hit.sourceId) ?? '')}](${link})${hit.page ? `（${hit.page} ページ）` : ''}：${md(oneLine(hit.snippet, 100))}`,
          ),
        ].join('\n');
  return {
    markdown,
    data: {
      total,
      documents: found.map((hit) => ({
        file_name: fileName.get(hit.sourceId),
        page: hit.page,
        excerpt: oneLine(hit.snippet, 200),
      })),
    },
    sources: found.map((hit) => ({
      type: 'document',
      id: hit.sourceId,
      title: fileName.get(hit.sourceId) ?? '',
      excerpt: oneLine(hit.snippet, 200),
      url: link,
    })),
  };
}
