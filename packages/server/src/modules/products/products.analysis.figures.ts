/**
 * A product's figures, counted in SQL over the tenant's data, and the wording over them
 * (templates, nothing invented).
 */
import type { components } from '@tsumiki/api-client/schema';
import { sql } from 'kysely';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { personName } from '../../platform/text/person-name';
import { customerInUse } from '../customers';
import type { ProductRow } from './products.tables';

type Schemas = components['schemas'];

/** How many pairs, tags, prefectures and example records an analysis shows. */
const TOP = 5;

// ── SQL over the tenant's data (interactions of live customers, live products) ───────────────

/** The interactions of live customers that were about the product. */
function productInteractions(tx: TenantTransaction, productId: string) {
  return sql`
    select i.id, i.customer_id, i.created_at
    from interaction_products ip
    join interactions i on i.tenant_id = ip.tenant_id and i.id = ip.interaction_id
    join customers c on c.tenant_id = i.tenant_id and c.id = i.customer_id and ${customerInUse('c')}
    where ip.tenant_id = ${tx.tenantId} and ip.product_id = ${productId}`;
}

export interface CustomerFigures {
  interactionCount: number;
  customerCount: number;
  /** Customers with exactly one interaction about the product. */
  newCustomers: number;
  /** Customers with two or more. */
  returningCustomers: number;
  topTags: Array<{ tag: string; customers: number }>;
  topPrefectures: Array<{ prefecture: string; customers: number }>;
  examples: Array<{ id: string; name: string; interactions: number }>;
  recent: Array<{ id: string; customerId: string; customerName: string; summary: string; at: Date }>;
}

export async function customerFigures(tx: TenantTransaction, productId: string): Promise<CustomerFigures> {
  const involved = productInteractions(tx, productId);
  const totals = await sql<{ interactions: string; customers: string; once: string; again: string }>`
    with pi as (${involved}), per as (select customer_id, count(*) as n from pi group by customer_id)
    select (select count(*) from pi) as interactions, count(*) as customers,
           count(*) filter (where n = 1) as once, count(*) filter (where n >= 2) as again
    from per`.execute(tx);
  const tags = await sql<{ tag: string; customers: string }>`
    with pi as (${involved})
    select tag, count(distinct c.id) as customers
    from customers c cross join lateral unnest(c.tags) as tag
    where c.tenant_id = ${tx.tenantId} and c.id in (select customer_id from pi)
    group by tag order by customers desc, tag limit ${TOP}`.execute(tx);
  const prefectures = await sql<{ prefecture: string; customers: string }>`
    with pi as (${involved})
    select c.prefecture, count(*) as customers
    from customers c
    where c.tenant_id = ${tx.tenantId} and c.id in (select customer_id from pi) and c.prefecture is not null
    group by c.prefecture order by customers desc, c.prefecture limit ${TOP}`.execute(tx);
  const examples = await sql<{ id: string; last_name: string; first_name: string; n: string }>`
    with pi as (${involved})
    select c.id, c.last_name, c.first_name, count(*) as n
    from pi join customers c on c.tenant_id = ${tx.tenantId} and c.id = pi.customer_id
    group by c.id, c.last_name, c.first_name
    order by n desc, max(pi.created_at) desc limit ${TOP}`.execute(tx);
  const recent = await sql<{
    id: string;
    customer_id: string;
    last_name: string;
    first_name: string;
    summary: string | null;
    content: string;
    created_at: Date;
  }>`
    with pi as (${involved})
    select i.id, i.customer_id, c.last_name, c.first_name, i.summary, i.content, i.created_at
    from pi join interactions i on i.tenant_id = ${tx.tenantId} and i.id = pi.id
    join customers c on c.tenant_id = i.tenant_id and c.id = i.customer_id
    order by i.created_at desc, i.id desc limit 3`.execute(tx);
  const row = totals.rows[0];
  return {
    interactionCount: Number(row?.interactions ?? 0),
    customerCount: Number(row?.customers ?? 0),
    newCustomers: Number(row?.once ?? 0),
    returningCustomers: Number(row?.again ?? 0),
    topTags: tags.rows.map((tag) => ({ tag: tag.tag, customers: Number(tag.customers) })),
    topPrefectures: prefectures.rows.map((p) => ({
      prefecture: p.prefecture,
      customers: Number(p.customers),
    })),
    examples: examples.rows.map((e) => ({
      id: e.id,
      name: personName(e.last_name, e.first_name),
      interactions: Number(e.n),
    })),
    recent: recent.rows.map((r) => ({
      id: r.id,
      customerId: r.customer_id,
      customerName: personName(r.last_name, r.first_name),
      summary: r.summary ?? r.content,
      at: r.created_at,
    })),
  };
}

export interface PairFigures {
  productId: string;
  productName: string;
  /** Interactions about both products. */
  together: number;
  /** Customers who had both products, in the same interaction or not. */
  sharedCustomers: number;
}

/** Products in the same interactions as the product, most often first; the base count too. */
export async function pairFigures(
  tx: TenantTransaction,
  productId: string,
): Promise<{ base: number; pairs: PairFigures[] }> {
  const involved = productInteractions(tx, productId);
  const { rows } = await sql<{ id: string; name: string; together: string; shared: string }>`
    with pi as (${involved})
    select p.id, p.name, count(*) as together,
           (select count(distinct i2.customer_id)
              from interaction_products ip2
              join interactions i2 on i2.tenant_id = ip2.tenant_id and i2.id = ip2.interaction_id
              where ip2.tenant_id = ${tx.tenantId} and ip2.product_id = p.id
                and i2.customer_id in (select customer_id from pi)) as shared
    from pi
    join interaction_products other on other.tenant_id = ${tx.tenantId} and other.interaction_id = pi.id
    join products p on p.tenant_id = other.tenant_id and p.id = other.product_id and p.deleted_at is null
    where other.product_id <> ${productId}
    group by p.id, p.name
    order by together desc, shared desc, p.name limit ${TOP}`.execute(tx);
  const base = await sql<{ n: string }>`with pi as (${involved}) select count(*) as n from pi`.execute(tx);
  return {
    base: Number(base.rows[0]?.n ?? 0),
    pairs: rows.map((row) => ({
      productId: row.id,
      productName: row.name,
      together: Number(row.together),
      sharedCustomers: Number(row.shared),
    })),
  };
}

/** The last 12 months (the tenant's time zone), oldest first, months without any included. */
export async function monthlyTrend(
  tx: TenantTransaction,
  productId: string,
): Promise<Schemas['ProductMonthlyCount'][]> {
  const involved = productInteractions(tx, productId);
  const { rows } = await sql<{ month: string; interactions: string; customers: string }>`
    with zone as (select time_zone from tenants where id = ${tx.tenantId}),
    months as (
      select to_char(m, 'YYYY-MM') as month
      from zone, generate_series(
        date_trunc('month', now() at time zone zone.time_zone) - interval '11 months',
        date_trunc('month', now() at time zone zone.time_zone),
        interval '1 month') as m
    ),
    pi as (
      select to_char(pi.created_at at time zone zone.time_zone, 'YYYY-MM') as month, pi.id, pi.customer_id
      from (${involved}) as pi, zone
    )
    select months.month, count(pi.id) as interactions, count(distinct pi.customer_id) as customers
    from months left join pi on pi.month = months.month
    group by months.month order by months.month`.execute(tx);
  return rows.map((row) => ({
    month: row.month,
    interaction_count: Number(row.interactions),
    customer_count: Number(row.customers),
  }));
}

// ── wording (templates over the figures; nothing invented) ──────────────────────────────────

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));

export function customersSection(
  product: ProductRow,
  figures: CustomerFigures,
  trend: Schemas['ProductMonthlyCount'][],
): Schemas['AnalysisSection'] {
  if (figures.interactionCount === 0) {
    return {
      summary: `「${product.name}」を扱った対応の記録はまだありません。対応履歴に商品を記録すると、ここで顧客層を集計します。`,
      findings: [],
    };
  }
  const lastYear = trend.reduce((sum, month) => sum + month.interaction_count, 0);
  const busiest = [...trend].sort(
    (a, b) => b.interaction_count - a.interaction_count || a.month.localeCompare(b.month),
  )[0];
  const findings = [
    `新規（この商品の対応が 1 回）の顧客は ${figures.newCustomers} 人、リピート（2 回以上）の顧客は ${figures.returningCustomers} 人です（リピート率 ${percent(figures.returningCustomers, figures.customerCount)}%）。`,
    `直近 12 か月の対応は ${lastYear} 件です。`,
  ];
  if (busiest && busiest.interaction_count > 0) {
    findings.push(`最も多かった月は ${monthLabel(busiest.month)}（${busiest.interaction_count} 件）です。`);
  }
  if (figures.topTags.length > 0) {
    findings.push(
      `顧客のタグで多いもの: ${figures.topTags.map((tag) => `${tag.tag}（${tag.customers} 人）`).join('、')}。`,
    );
  }
  if (figures.topPrefectures.length > 0) {
    findings.push(
      `顧客の都道府県で多いもの: ${figures.topPrefectures.map((p) => `${p.prefecture}（${p.customers} 人）`).join('、')}。`,
    );
  }
  return {
    summary: `「${product.name}」を扱った対応は ${figures.interactionCount} 件、顧客は ${figures.customerCount} 人です。`,
    findings,
  };
}

function monthLabel(month: string): string {
  const [year, number] = month.split('-');
  return `${year}年${Number(number)}月`;
}

export function pairOf(product: ProductRow, base: number, pair: PairFigures): Schemas['ProductPair'] {
  return {
    product_id: pair.productId,
    product_name: pair.productName,
    score: base === 0 ? 0 : Math.round((pair.together / base) * 1000) / 1000,
    reason: `「${product.name}」を扱った対応 ${base} 件のうち ${pair.together} 件で一緒に扱われています（${percent(pair.together, base)}%）。両方を利用した顧客は ${pair.sharedCustomers} 人です。`,
  };
}
