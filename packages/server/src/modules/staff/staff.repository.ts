import { sql } from 'kysely';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { matchesSearchTerms, type SortOrder } from '../../platform/search/search-term';
import type { EmploymentType, NewStaffRow, StaffRow, StaffStatus } from './staff.tables';

export type StaffSortField = 'last_name_kana' | 'department' | 'hire_date' | 'created_at';
export type { SortOrder };

export interface StaffFilters {
  /** Folded by the customers' rules (searchTerm): no '|', trimmed, non-empty. */
  search?: string | undefined;
  department?: string | undefined;
  status?: StaffStatus | undefined;
}

export interface StaffPageQuery extends StaffFilters {
  skip: number;
  limit: number;
  sortBy: StaffSortField;
  sortOrder: SortOrder;
}

/** A staff member with the email of the linked user. */
export type StaffView = StaffRow & { user_email: string | null };

export type StaffChanges = Partial<
  Pick<
    NewStaffRow,
    | 'last_name'
    | 'first_name'
    | 'last_name_kana'
    | 'first_name_kana'
    | 'email'
    | 'phone'
    | 'department'
    | 'position'
    | 'hire_date'
    | 'qualifications'
    | 'user_id'
    | 'notes'
  > & { employment_type: EmploymentType; status: StaffStatus }
>;

const COLUMNS = [
  's.id',
  's.tenant_id',
  's.last_name',
  's.first_name',
  's.last_name_kana',
  's.first_name_kana',
  's.email',
  's.phone',
  's.department',
  's.position',
  's.employment_type',
  's.status',
  's.qualifications',
  's.user_id',
  's.notes',
  's.created_by',
  's.updated_by',
  's.created_at',
  's.updated_at',
  's.deleted_at',
  's.deleted_by',
] as const;

const SEARCH_TERMS = { alias: 's', terms: 'staff_search_terms', key: 'staff_id' } as const;

function liveStaff(tx: TenantTransaction, filters: StaffFilters) {
  let filtered = tx
    .selectFrom('staff as s')
    .where('s.tenant_id', '=', tx.tenantId)
    .where('s.deleted_at', 'is', null);
  if (filters.search !== undefined)
    filtered = filtered.where(matchesSearchTerms(tx, filters.search, SEARCH_TERMS));
  if (filters.department !== undefined) filtered = filtered.where('s.department', '=', filters.department);
  if (filters.status !== undefined) filtered = filtered.where('s.status', '=', filters.status);
  return filtered;
}

/** ORDER BY of each sort, matching its index (migration 0009); empty values last either way. */
function orderBy(sortBy: StaffSortField, order: SortOrder) {
  const direction = sql.raw(order);
  const byName = sql`s.last_name_kana collate "C" ${direction}, s.first_name_kana collate "C" ${direction}, s.id ${direction}`;
  switch (sortBy) {
    case 'department':
      return sql`s.department ${direction} nulls last, ${byName}`;
    case 'hire_date':
      return sql`s.hire_date ${direction} nulls last, ${byName}`;
    case 'created_at':
      return sql`s.created_at ${direction}, s.id ${direction}`;
    default:
      return byName;
  }
}

function withUser(tx: TenantTransaction) {
  return tx
    .selectFrom('staff as s')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .select(COLUMNS)
    .select([sql<string | null>`s.hire_date::text`.as('hire_date'), 'u.email as user_email'])
    .where('s.tenant_id', '=', tx.tenantId);
}

/** One page of live staff members: the page's ids first, then only those rows. */
export async function findStaffPage(tx: TenantTransaction, query: StaffPageQuery): Promise<StaffView[]> {
  const order = orderBy(query.sortBy, query.sortOrder);
  const page = liveStaff(tx, query).select('s.id').orderBy(order).offset(query.skip).limit(query.limit);
  return withUser(tx).where('s.id', 'in', page).orderBy(order).execute() as Promise<StaffView[]>;
}

/** Live staff members matching the filters: the kept count when unfiltered. */
export async function countStaff(tx: TenantTransaction, filters: StaffFilters): Promise<number> {
  if (filters.search === undefined && filters.department === undefined && filters.status === undefined) {
    const row = await tx
      .selectFrom('tenant_row_counts')
      .select('live_rows')
      .where('tenant_id', '=', tx.tenantId)
      .where('table_name', '=', 'staff')
      .executeTakeFirst();
    return Number(row?.live_rows ?? 0);
  }
  const { total } = await liveStaff(tx, filters)
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** A live staff member of the tenant. */
export async function findStaff(tx: TenantTransaction, id: string): Promise<StaffView | undefined> {
  return withUser(tx).where('s.id', '=', id).where('s.deleted_at', 'is', null).executeTakeFirst() as Promise<
    StaffView | undefined
  >;
}

/** The live staff member linked to `userId`, other than `exceptId`. */
export async function findStaffLinkedTo(
  tx: TenantTransaction,
  userId: string,
  exceptId?: string,
): Promise<{ id: string } | undefined> {
  let query = tx
    .selectFrom('staff')
    .select('id')
    .where('tenant_id', '=', tx.tenantId)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
}

export async function insertStaff(
  tx: TenantTransaction,
  rows: Array<Omit<NewStaffRow, 'tenant_id'>>,
): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await tx
    .insertInto('staff')
    .values(rows.map((row) => ({ ...row, tenant_id: tx.tenantId })))
    .returning('id')
    .execute();
  return inserted.map((row) => row.id);
}

/** False when there is no live staff member with that id. */
export async function updateStaffRow(
  tx: TenantTransaction,
  id: string,
  changes: StaffChanges,
  actorId: string,
): Promise<boolean> {
  const result = await tx
    .updateTable('staff')
    .set({ ...changes, updated_by: actorId })
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Soft delete (the user it was linked to is free again: the unique index holds live rows); false when none. */
export async function markStaffDeleted(tx: TenantTransaction, id: string, actorId: string): Promise<boolean> {
  const result = await tx
    .updateTable('staff')
    .set({ deleted_at: sql`now()`, deleted_by: actorId, updated_by: actorId })
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
