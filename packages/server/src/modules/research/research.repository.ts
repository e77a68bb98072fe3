import { sql } from 'kysely';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { customerInUse } from '../customers';
import type { InteractionType } from '../interactions';
import type { NewResearchReportRow, ResearchReportRow } from './research.tables';

// ── saved reports ────────────────────────────────────────────────────────────────────────

export type ResearchReportView = ResearchReportRow & { created_by_name: string | null };

export async function insertResearchReport(
  tx: TenantTransaction,
  report: Omit<NewResearchReportRow, 'tenant_id'>,
): Promise<ResearchReportRow> {
  return tx
    .insertInto('research_reports')
    .values({ ...report, tenant_id: tx.tenantId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findResearchReport(
  tx: TenantTransaction,
  id: string,
): Promise<ResearchReportRow | undefined> {
  return tx
    .selectFrom('research_reports')
    .selectAll()
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findResearchReportPage(
  tx: TenantTransaction,
  query: { skip: number; limit: number; kind?: 'customer' | 'competitor'; customerId?: string },
): Promise<{ total: number; reports: ResearchReportView[] }> {
  let filtered = tx.selectFrom('research_reports as r').where('r.tenant_id', '=', tx.tenantId);
  if (query.kind) filtered = filtered.where('r.kind', '=', query.kind);
  if (query.customerId) filtered = filtered.where('r.customer_id', '=', query.customerId);
  const { total } = await filtered
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  const reports = await filtered
    .leftJoin('users as u', 'u.id', 'r.created_by')
    .selectAll('r')
    .select(sql<string | null>`coalesce(nullif(u.full_name, ''), u.email)`.as('created_by_name'))
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .offset(query.skip)
    .limit(query.limit)
    .execute();
  return { total: Number(total), reports };
}

export async function deleteResearchReport(tx: TenantTransaction, id: string): Promise<boolean> {
  const deleted = await tx
    .deleteFrom('research_reports')
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

// ── what a report is compiled from ──────────────────────────────────────────────────────

export interface CustomerFacts {
  id: string;
  last_name: string;
  first_name: string;
  company_name: string | null;
  email: string | null;
  phone: string | null;
  prefecture: string | null;
  city: string | null;
  tags: string[];
  notes: string | null;
  assignee_name: string | null;
  /** YYYY-MM-DD in the tenant's time zone. */
  registered_on: string;
}

export async function findCustomerFacts(
  tx: TenantTransaction,
  id: string,
): Promise<CustomerFacts | undefined> {
  const rows = await sql<CustomerFacts>`
    select c.id, c.last_name, c.first_name, c.company_name, c.email, c.phone, c.prefecture, c.city,
           c.tags, c.notes, coalesce(nullif(a.full_name, ''), a.email) as assignee_name,
           to_char(c.created_at at time zone t.time_zone, 'YYYY-MM-DD') as registered_on
    from customers c
    join tenants t on t.id = c.tenant_id
    left join users a on a.id = c.assignee_user_id
    where c.tenant_id = ${tx.tenantId} and c.id = ${id} and ${customerInUse('c')}`.execute(tx);
  return rows.rows[0];
}

export interface InteractionFact {
  id: string;
  type: InteractionType;
  summary: string | null;
  content: string;
  /** YYYY-MM-DD in the tenant's time zone. */
  day: string;
}

/** Live interactions of the customer since `periodDays` days ago: counts by type and the latest few. */
export async function findInteractionFacts(
  tx: TenantTransaction,
  customerId: string,
  periodDays: number,
  latest: number,
): Promise<{
  total: number;
  byType: { type: InteractionType; count: number }[];
  first: string | null;
  last: string | null;
  daysSinceLast: number | null;
  recent: InteractionFact[];
}> {
  const since = sql`now() - make_interval(days => ${periodDays})`;
  const counts = await sql<{ type: InteractionType; count: string }>`
    select i.type, count(*) as count from interactions i
    where i.tenant_id = ${tx.tenantId} and i.customer_id = ${customerId} and i.created_at >= ${since}
    group by i.type order by count(*) desc, i.type`.execute(tx);
  const span = await sql<{ first: string | null; last: string | null; days_since_last: number | null }>`
    select to_char(min(i.created_at) at time zone t.time_zone, 'YYYY-MM-DD') as first,
           to_char(max(i.created_at) at time zone t.time_zone, 'YYYY-MM-DD') as last,
           ((now() at time zone t.time_zone)::date - (max(i.created_at) at time zone t.time_zone)::date)::int as days_since_last
    from tenants t
    left join interactions i on i.tenant_id = t.id and i.customer_id = ${customerId} and i.created_at >= ${since}
    where t.id = ${tx.tenantId}
    group by t.time_zone`.execute(tx);
  const recent = await sql<InteractionFact>`
    select i.id, i.type, i.summary, i.content,
           to_char(i.created_at at time zone t.time_zone, 'YYYY-MM-DD') as day
    from interactions i join tenants t on t.id = i.tenant_id
    where i.tenant_id = ${tx.tenantId} and i.customer_id = ${customerId} and i.created_at >= ${since}
    order by i.created_at desc, i.id desc limit ${latest}`.execute(tx);
  const byType = counts.rows.map((row) => ({ type: row.type, count: Number(row.count) }));
  const found = span.rows[0];
  return {
    total: byType.reduce((sum, row) => sum + row.count, 0),
    byType,
    first: found?.first ?? null,
    last: found?.last ?? null,
    daysSinceLast: found?.days_since_last ?? null,
    recent: recent.rows,
  };
}

/** Live products named in the customer's interactions of the period, most often first. */
export async function findCustomerProducts(
  tx: TenantTransaction,
  customerId: string,
  periodDays: number,
): Promise<{ id: string; name: string; interaction_count: number }[]> {
  const rows = await sql<{ id: string; name: string; interaction_count: string }>`
    select p.id, p.name, count(distinct ip.interaction_id) as interaction_count
    from interaction_products ip
    join interactions i on i.tenant_id = ip.tenant_id and i.id = ip.interaction_id
    join products p on p.tenant_id = ip.tenant_id and p.id = ip.product_id and p.deleted_at is null
    where ip.tenant_id = ${tx.tenantId} and i.customer_id = ${customerId}
      and i.created_at >= now() - make_interval(days => ${periodDays})
    group by p.id, p.name order by count(distinct ip.interaction_id) desc, p.name limit 10`.execute(tx);
  return rows.rows.map((row) => ({ ...row, interaction_count: Number(row.interaction_count) }));
}

/** Live customers whose name or company contains the text (a new name may already be registered). */
export async function findCustomersNamed(
  tx: TenantTransaction,
  name: string,
): Promise<{ id: string; last_name: string; first_name: string; company_name: string | null }[]> {
  const folded = name.replace(/[\s\u3000]+/g, '');
  const rows = await sql<{ id: string; last_name: string; first_name: string; company_name: string | null }>`
    select c.id, c.last_name, c.first_name, c.company_name from customers c
    where c.tenant_id = ${tx.tenantId} and ${customerInUse('c')}
      and (strpos(tsumiki_search_fold(c.last_name || c.first_name), tsumiki_search_fold(${folded})) > 0
        or strpos(tsumiki_search_fold(coalesce(c.company_name, '')), tsumiki_search_fold(${folded})) > 0)
    order by c.created_at desc limit 5`.execute(tx);
  return rows.rows;
}

/** The tenant's live products' count and price range (what a pricing comparison can start from). */
export async function findProductPriceRange(
  tx: TenantTransaction,
): Promise<{ count: number; min: number | null; max: number | null }> {
  const rows = await sql<{ count: string; min: number | null; max: number | null }>`
    select count(*) as count, min(price) as min, max(price) as max from products
    where tenant_id = ${tx.tenantId} and deleted_at is null and status = 'active'`.execute(tx);
  const row = rows.rows[0];
  return { count: Number(row?.count ?? 0), min: row?.min ?? null, max: row?.max ?? null };
}
