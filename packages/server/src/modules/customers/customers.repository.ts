import { type Expression, type SqlBool, sql } from 'kysely';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { userDisplayName } from '../../platform/db/user-display-name';
import { searchFold } from '../../platform/search/fold';
import { hasBigram, type SortOrder } from '../../platform/search/search-term';
import { customerInUse } from './customers.in-use';
import type { CustomerRow, NewCustomerRow } from './customers.tables';

export type CustomerSortField = 'created_at' | 'updated_at' | 'last_name_kana' | 'company_name_kana';

/** Counting a filtered list stops here; the contract reports `total_capped`. */
export const FILTERED_TOTAL_CAP = 10_000;

export interface CustomerPageQuery {
  skip: number;
  limit: number;
  /** Folded by the caller's rules (see customers.service.ts): no '|', trimmed, non-empty. */
  search?: string | undefined;
  companyFilter?: string | undefined;
  sortBy: CustomerSortField;
  sortOrder: SortOrder;
}

/** A customer row with its assignee's display name. */
export type CustomerView = CustomerRow & { assignee_name: string | null; use_stopped_by_name: string | null };

export type CustomerChanges = Partial<
  Pick<
    CustomerRow,
    | 'last_name'
    | 'first_name'
    | 'last_name_kana'
    | 'first_name_kana'
    | 'company_name'
    | 'company_name_kana'
    | 'email'
    | 'phone'
    | 'postal_code'
    | 'prefecture'
    | 'city'
    | 'address_line'
    | 'tags'
    | 'assignee_user_id'
    | 'notes'
  >
>;

const COLUMNS = [
  'c.id',
  'c.tenant_id',
  'c.last_name',
  'c.first_name',
  'c.last_name_kana',
  'c.first_name_kana',
  'c.company_name',
  'c.company_name_kana',
  'c.email',
  'c.phone',
  'c.postal_code',
  'c.prefecture',
  'c.city',
  'c.address_line',
  'c.tags',
  'c.assignee_user_id',
  'c.notes',
  'c.version',
  'c.created_by',
  'c.updated_by',
  'c.created_at',
  'c.updated_at',
  'c.deleted_at',
  'c.deleted_by',
  'c.use_stopped_at',
  'c.use_stop_reason',
  'c.use_stopped_by',
] as const;

/**
 * Customers whose terms of one scope contain every bigram of `term`: an equality lookup in a
 * btree, which PostgreSQL uses under row-level security (GIN and LIKE it would not). The
 * substring check that follows removes candidates whose bigrams are all there but apart.
 */
function matchesTerm(tx: TenantTransaction, scope: 'a' | 'c', term: string): Expression<SqlBool> {
  const folded = sql`tsumiki_search_fold(${term})`;
  const haystack =
    scope === 'a'
      ? sql`c.search_text`
      : sql`tsumiki_customer_company_fold(c.company_name, c.company_name_kana)`;
  const substring = sql<SqlBool>`strpos(${haystack}, ${folded}) > 0`;
  if (!hasBigram(term)) return substring;
  return sql<SqlBool>`c.id in (
      select t.customer_id from customer_search_terms t
      where t.tenant_id = ${tx.tenantId} and t.scope = ${scope}
        and t.term = any(tsumiki_bigrams(${folded}))
      group by t.customer_id
      having count(*) = cardinality(tsumiki_bigrams(${folded}))
    ) and ${substring}`;
}

/**
 * The one filter of a list query when it is exactly one bigram once folded (every 2-character
 * search): that bigram's postings are then the matches themselves, with nothing left to check,
 * and they sit in the terms index in the default order (created_at, id; migration 0016).
 */
function singleBigramFilter(
  query: Pick<CustomerPageQuery, 'search' | 'companyFilter'>,
): { scope: 'a' | 'c'; bigram: string } | undefined {
  if ((query.search === undefined) === (query.companyFilter === undefined)) return undefined;
  const scope = query.search !== undefined ? 'a' : 'c';
  const folded = searchFold((query.search ?? query.companyFilter) as string);
  return [...folded].length === 2 && !folded.includes('|') ? { scope, bigram: folded } : undefined;
}

function postings(tx: TenantTransaction, filter: { scope: 'a' | 'c'; bigram: string }) {
  return tx
    .selectFrom('customer_search_terms as t')
    .where('t.tenant_id', '=', tx.tenantId)
    .where('t.scope', '=', filter.scope)
    .where('t.term', '=', filter.bigram);
}

function liveCustomers(tx: TenantTransaction, query: Pick<CustomerPageQuery, 'search' | 'companyFilter'>) {
  let filtered = tx
    .selectFrom('customers as c')
    .where('c.tenant_id', '=', tx.tenantId)
    .where(customerInUse('c'));
  if (query.search !== undefined) filtered = filtered.where(matchesTerm(tx, 'a', query.search));
  if (query.companyFilter !== undefined) filtered = filtered.where(matchesTerm(tx, 'c', query.companyFilter));
  return filtered;
}

/** ORDER BY of each sort, matching its index (migration 0003); the id makes the order total. */
function orderBy(sortBy: CustomerSortField, order: SortOrder) {
  const direction = sql.raw(order);
  switch (sortBy) {
    case 'last_name_kana':
      return sql`c.last_name_kana collate "C" ${direction}, c.first_name_kana collate "C" ${direction}, c.id ${direction}`;
    case 'company_name_kana':
      // Customers without a company go last whichever the direction.
      return sql`c.company_name_kana collate "C" ${direction} nulls last, c.last_name_kana collate "C" ${direction}, c.first_name_kana collate "C" ${direction}, c.id ${direction}`;
    case 'updated_at':
      return sql`c.updated_at ${direction}, c.id ${direction}`;
    default:
      return sql`c.created_at ${direction}, c.id ${direction}`;
  }
}

function withAssignee(tx: TenantTransaction) {
  return tx
    .selectFrom('customers as c')
    .leftJoin('users as a', 'a.id', 'c.assignee_user_id')
    .leftJoin('users as s', 's.id', 'c.use_stopped_by')
    .select(COLUMNS)
    .select(sql<string | null>`coalesce(nullif(a.full_name, ''), a.email)`.as('assignee_name'))
    .select(userDisplayName('s').as('use_stopped_by_name'))
    .where('c.tenant_id', '=', tx.tenantId);
}

/**
 * One page of live customers. The page's ids are found first (for the unfiltered list an
 * index-only walk, so a deep page reads index entries, not 50,000 rows), then only those rows
 * are fetched.
 */
export async function findCustomerPage(
  tx: TenantTransaction,
  query: CustomerPageQuery,
): Promise<CustomerView[]> {
  const order = orderBy(query.sortBy, query.sortOrder);
  const filter = query.sortBy === 'created_at' ? singleBigramFilter(query) : undefined;
  const direction = sql.raw(query.sortOrder);
  // A 2-character search in the default order reads only the page's postings (a backward walk of
  // the terms key for the newest first), not every match.
  const page = filter
    ? postings(tx, filter)
        .select('t.customer_id')
        .orderBy(sql`t.created_at ${direction}, t.customer_id ${direction}`)
        .offset(query.skip)
        .limit(query.limit)
    : liveCustomers(tx, query).select('c.id').orderBy(order).offset(query.skip).limit(query.limit);
  return withAssignee(tx).where('c.id', 'in', page).orderBy(order).execute() as Promise<CustomerView[]>;
}

/** Live customers matching the filters: exact from the kept count when unfiltered, else capped. */
export async function countCustomers(
  tx: TenantTransaction,
  query: Pick<CustomerPageQuery, 'search' | 'companyFilter'>,
): Promise<{ total: number; capped: boolean }> {
  if (query.search === undefined && query.companyFilter === undefined) {
    // The kept count is of rows not deleted; the few stopped ones are taken off (a partial index).
    const { rows } = await sql<{ total: string }>`
      select coalesce((select live_rows from tenant_row_counts
                       where tenant_id = ${tx.tenantId} and table_name = 'customers'), 0)
           - (select count(*) from customers c
              where c.tenant_id = ${tx.tenantId} and c.use_stopped_at is not null and c.deleted_at is null)
        as total`.execute(tx);
    return { total: Math.max(0, Number(rows[0]?.total ?? 0)), capped: false };
  }
  // A 2-character term is counted from the terms index alone (terms exist only for live customers).
  const filter = singleBigramFilter(query);
  const matching = filter
    ? postings(tx, filter)
        .select(sql.lit(1).as('one'))
        .limit(FILTERED_TOTAL_CAP + 1)
        .as('matching')
    : liveCustomers(tx, query)
        .select(sql.lit(1).as('one'))
        .limit(FILTERED_TOTAL_CAP + 1)
        .as('matching');
  const { total } = await tx
    .selectFrom(matching)
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  return capped(Number(total));
}

function capped(counted: number): { total: number; capped: boolean } {
  return counted > FILTERED_TOTAL_CAP
    ? { total: FILTERED_TOTAL_CAP, capped: true }
    : { total: counted, capped: false };
}

/** A customer of the tenant, deleted or not. */
export async function findCustomer(tx: TenantTransaction, id: string): Promise<CustomerView | undefined> {
  return withAssignee(tx).where('c.id', '=', id).executeTakeFirst() as Promise<CustomerView | undefined>;
}

export async function insertCustomer(
  tx: TenantTransaction,
  customer: Omit<NewCustomerRow, 'tenant_id'>,
): Promise<string> {
  const { id } = await tx
    .insertInto('customers')
    .values({ ...customer, tenant_id: tx.tenantId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertCustomers(
  tx: TenantTransaction,
  customers: Array<Omit<NewCustomerRow, 'tenant_id'>>,
): Promise<string[]> {
  if (customers.length === 0) return [];
  const rows = await tx
    .insertInto('customers')
    .values(customers.map((customer) => ({ ...customer, tenant_id: tx.tenantId })))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Applies changes to a live customer only if it is still at `expectedVersion`; the version goes
 * up by one. False when the customer is gone, deleted or was changed by someone else meanwhile.
 */
export async function updateCustomerIfVersion(
  tx: TenantTransaction,
  id: string,
  expectedVersion: number,
  changes: CustomerChanges,
  actorId: string,
): Promise<boolean> {
  const result = await tx
    .updateTable('customers')
    .set({ ...changes, updated_by: actorId, version: sql`version + 1` })
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', id)
    .where(customerInUse('customers'))
    .where('version', '=', expectedVersion)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Soft delete; false when there is no live customer with that id. */
export async function markCustomerDeleted(
  tx: TenantTransaction,
  id: string,
  actorId: string,
): Promise<boolean> {
  const result = await tx
    .updateTable('customers')
    .set({ deleted_at: sql`now()`, deleted_by: actorId, updated_by: actorId, version: sql`version + 1` })
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Undoes a soft delete; false when there is no deleted customer with that id. */
export async function clearCustomerDeleted(
  tx: TenantTransaction,
  id: string,
  actorId: string,
): Promise<boolean> {
  const result = await tx
    .updateTable('customers')
    .set({ deleted_at: null, deleted_by: null, updated_by: actorId, version: sql`version + 1` })
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is not', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Every live customer matching the filters in list order, a batch at a time (CSV export). */
export async function* streamCustomers(
  tx: TenantTransaction,
  query: Omit<CustomerPageQuery, 'skip' | 'limit'>,
  batchSize = 1000,
): AsyncGenerator<CustomerView[]> {
  for (let skip = 0; ; skip += batchSize) {
    const batch = await findCustomerPage(tx, { ...query, skip, limit: batchSize });
    if (batch.length > 0) yield batch;
    if (batch.length < batchSize) return;
  }
}
