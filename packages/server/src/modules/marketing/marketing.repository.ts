import type { components } from '@tsumiki/api-client/schema';
import { type RawBuilder, sql } from 'kysely';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { customerInUse } from '../customers';

type Basis = components['schemas']['CustomerSegmentBasis'];

/** The tenant's local "today" minus (days - 1), as the instant the period starts. */
function periodStart(tx: TenantTransaction, days: number): RawBuilder<Date> {
  return sql<Date>`(select (((now() at time zone t.time_zone)::date - ${days - 1}::int)::timestamp at time zone t.time_zone)
    from tenants t where t.id = ${tx.tenantId})`;
}

/** A customer's age in full years on the tenant's today (null without a birth date). */
function ageOn(alias: string): RawBuilder<number | null> {
  return sql<
    number | null
  >`(select extract(year from age((now() at time zone t.time_zone)::date, ${sql.ref(`${alias}.birth_date`)}))
    from tenants t where t.id = ${sql.ref(`${alias}.tenant_id`)})`;
}

/**
 * Live customers (optionally with any of `tags`), each with its interactions in the period, its
 * first interaction ever and whether it was registered in the period.
 */
function population(tx: TenantTransaction, days: number, tags: readonly string[]) {
  const since = periodStart(tx, days);
  return sql`
    select c.id, c.prefecture, c.company_name, c.tags, c.gender,
           ${ageOn('c')}::int as age_years,
           c.created_at >= (${since}) as registered_in_period,
           (select count(*) from interactions i
             where i.tenant_id = c.tenant_id and i.customer_id = c.id and i.created_at >= (${since}))::int as recent,
           (select min(i.created_at) from interactions i
             where i.tenant_id = c.tenant_id and i.customer_id = c.id) as first_at,
           (select min(i.created_at) from interactions i
             where i.tenant_id = c.tenant_id and i.customer_id = c.id) >= (${since}) as first_in_period
    from customers c
    where c.tenant_id = ${tx.tenantId} and ${customerInUse('c')}
      ${tags.length > 0 ? sql`and c.tags && ${sql.val(tags)}::text[]` : sql``}`;
}

/** The segment key of one customer row `p` for the basis (tags is per tag, one row per tag). */
function segmentKey(basis: Exclude<Basis, 'tags'>) {
  switch (basis) {
    case 'activity':
      return sql`case when p.recent >= 3 then 'frequent' when p.recent >= 1 then 'occasional'
                      when p.first_at is not null then 'lapsed' else 'never' end`;
    case 'lifecycle':
      return sql`case when p.registered_in_period or coalesce(p.first_in_period, false) then 'new'
                      when p.recent >= 1 then 'returning' else 'inactive' end`;
    case 'company':
      return sql`case when nullif(trim(p.company_name), '') is not null then 'company' else 'individual' end`;
    case 'prefecture':
      return sql`coalesce(p.prefecture, '')`;
    // Decades by the age on the tenant's today: 0 (under 10), 10, …, 90 (90 and over).
    case 'age':
      return sql`case when p.age_years is null then '' else least(p.age_years / 10, 9)::text || '0' end`;
    case 'gender':
      return sql`coalesce(p.gender, '')`;
  }
}

export interface SegmentCount {
  key: string;
  customers: number;
  interactions: number;
}

export interface SegmentCounts {
  total: number;
  interactions: number;
  segments: SegmentCount[];
}

/** Customers and their interactions in the period, per segment, counted by SQL. */
export async function countSegments(
  tx: TenantTransaction,
  basis: Basis,
  days: number,
  tags: readonly string[],
): Promise<SegmentCounts> {
  const pop = population(tx, days, tags);
  const totals = await sql<{ total: number; interactions: number }>`
    with p as (${pop}) select count(*)::int as total, coalesce(sum(p.recent), 0)::int as interactions from p`.execute(
    tx,
  );
  const rows =
    basis === 'tags'
      ? await sql<SegmentCount>`
          with p as (${pop})
          select coalesce(tag, '') as key, count(distinct p.id)::int as customers,
                 coalesce(sum(p.recent), 0)::int as interactions
          from p left join lateral unnest(case when cardinality(p.tags) = 0 then array[null::text] else p.tags end) as tag on true
          group by 1 order by customers desc, key`.execute(tx)
      : await sql<SegmentCount>`
          with p as (${pop})
          select ${segmentKey(basis)} as key, count(*)::int as customers, coalesce(sum(p.recent), 0)::int as interactions
          from p group by 1 order by customers desc, key`.execute(tx);
  const total = totals.rows[0]?.total ?? 0;
  // Decades read in age order (the unknown last); every other basis largest first.
  const segments =
    basis === 'age'
      ? [...rows.rows].sort((a, b) => (a.key === '' ? 1 : b.key === '' ? -1 : a.key.localeCompare(b.key)))
      : rows.rows;
  return { total, interactions: totals.rows[0]?.interactions ?? 0, segments };
}

export interface ExampleCustomer {
  id: string;
  last_name: string;
  first_name: string;
}

/** Who a campaign is for; every field given must hold. Ages are on the tenant's today. */
export interface TargetCriteria {
  tag?: string;
  prefecture?: string;
  inactiveDays?: number;
  newDays?: number;
  ageFrom?: number;
  ageTo?: number;
  gender?: 'male' | 'female';
}

/** How many live customers match a target, and up to three of them (most recently registered). */
export async function countTarget(
  tx: TenantTransaction,
  target: TargetCriteria,
): Promise<{ count: number; examples: ExampleCustomer[] }> {
  const conditions = [sql`c.tenant_id = ${tx.tenantId}`, customerInUse('c')];
  if (target.tag) conditions.push(sql`${target.tag} = any(c.tags)`);
  if (target.prefecture) conditions.push(sql`c.prefecture = ${target.prefecture}`);
  if (target.inactiveDays)
    conditions.push(sql`not exists (select 1 from interactions i where i.tenant_id = c.tenant_id
      and i.customer_id = c.id and i.created_at >= (${periodStart(tx, target.inactiveDays)}))`);
  if (target.newDays) conditions.push(sql`c.created_at >= (${periodStart(tx, target.newDays)})`);
  const age = ageOn('c');
  if (target.ageFrom !== undefined) conditions.push(sql`${age} >= ${target.ageFrom}`);
  if (target.ageTo !== undefined) conditions.push(sql`${age} <= ${target.ageTo}`);
  if (target.gender) conditions.push(sql`c.gender = ${target.gender}`);
  const where = sql.join(conditions, sql` and `);
  const count = await sql<{ n: number }>`select count(*)::int as n from customers c where ${where}`.execute(
    tx,
  );
  const examples = await sql<ExampleCustomer>`
    select c.id, c.last_name, c.first_name from customers c where ${where}
    order by c.created_at desc, c.id limit 3`.execute(tx);
  return { count: count.rows[0]?.n ?? 0, examples: examples.rows };
}

/** The tenant's tags in use (for matching a typed target against them). */
export async function tagsInUse(tx: TenantTransaction): Promise<string[]> {
  const rows = await sql<{ tag: string }>`
    select distinct unnest(c.tags) as tag from customers c
    where c.tenant_id = ${tx.tenantId} and ${customerInUse('c')} order by tag`.execute(tx);
  return rows.rows.map((row) => row.tag);
}

/** The tenant's local date today (YYYY-MM-DD). */
export async function localToday(tx: TenantTransaction): Promise<string> {
  const rows = await sql<{ today: string }>`
    select to_char(now() at time zone t.time_zone, 'YYYY-MM-DD') as today from tenants t where t.id = ${tx.tenantId}`.execute(
    tx,
  );
  return rows.rows[0]?.today ?? new Date().toISOString().slice(0, 10);
}
