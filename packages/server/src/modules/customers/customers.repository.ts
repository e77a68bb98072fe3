import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { userDisplayName } from '../../platform/db/user-display-name';
import { customerInUse } from './customers.in-use';
import type { CustomerRow, NewCustomerRow } from './customers.tables';

/** One customer's reads and writes; the list's queries are in customers.list.repository.ts. */

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
    | 'patient_number'
    | 'birth_date'
    | 'gender'
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
  'c.patient_number',
  'c.gender',
  'c.merged_into_id',
] as const;

/** Customers of the tenant with the names of their assignee and of who stopped their use. */
export function withAssignee(db: Kysely<Database>, tenantId: string) {
  return db
    .selectFrom('customers as c')
    .leftJoin('users as a', 'a.id', 'c.assignee_user_id')
    .leftJoin('users as s', 's.id', 'c.use_stopped_by')
    .select(COLUMNS)
    .select(sql<string | null>`to_char(c.birth_date, 'YYYY-MM-DD')`.as('birth_date'))
    .select(sql<string | null>`coalesce(nullif(a.full_name, ''), a.email)`.as('assignee_name'))
    .select(userDisplayName('s').as('use_stopped_by_name'))
    .where('c.tenant_id', '=', tenantId);
}

/** A customer of the tenant, deleted or not. */
export async function findCustomer(tx: TenantTransaction, id: string): Promise<CustomerView | undefined> {
  return withAssignee(tx, tx.tenantId).where('c.id', '=', id).executeTakeFirst() as Promise<
    CustomerView | undefined
  >;
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

/**
 * Moves a live customer into the trash (`toTrash`) or a deleted one back out of it; false when
 * there is no customer with that id on the side it would leave.
 */
async function moveTrash(
  tx: TenantTransaction,
  id: string,
  actorId: string,
  toTrash: boolean,
): Promise<boolean> {
  let update = tx
    .updateTable('customers')
    .set(toTrash ? { deleted_at: sql`now()`, deleted_by: actorId } : { deleted_at: null, deleted_by: null })
    .set({ updated_by: actorId, version: sql`version + 1` })
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', id)
    .where('deleted_at', toTrash ? 'is' : 'is not', null);
  // A merged customer comes back only by undoing the merge.
  if (!toTrash) update = update.where('merged_into_id', 'is', null);
  const result = await update.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Soft delete; false when there is no live customer with that id. */
export function markCustomerDeleted(tx: TenantTransaction, id: string, actorId: string): Promise<boolean> {
  return moveTrash(tx, id, actorId, true);
}

/** Undoes a soft delete; false when there is no deleted customer with that id. */
export function clearCustomerDeleted(tx: TenantTransaction, id: string, actorId: string): Promise<boolean> {
  return moveTrash(tx, id, actorId, false);
}
