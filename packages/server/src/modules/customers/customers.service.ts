import { EARLIEST_DATE, todayIn } from '@tsumiki/api-client';
import { tenantTimeZone } from '../../platform/access/time-zone';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { AppError, InputMismatchError, NotFoundError } from '../../platform/errors';
import {
  type CustomerChanges,
  type CustomerView,
  clearCustomerDeleted,
  findCustomer,
  insertCustomer,
  markCustomerDeleted,
  updateCustomerIfVersion,
} from './customers.repository';
import type { NewCustomerRow } from './customers.tables';

/**
 * One customer: the rules of its input, its errors, and reading, creating, changing, deleting and
 * restoring it. The list is in customers.list.service.ts, the CSV import's rows in customers.csv-rows.ts.
 */

export type { CustomerView };

/** The fields a person enters (the contract's CustomerInput, validated by it). */
export type CustomerFields = Omit<
  NewCustomerRow,
  | 'tenant_id'
  | 'id'
  | 'version'
  | 'created_by'
  | 'updated_by'
  | 'created_at'
  | 'updated_at'
  | 'deleted_at'
  | 'deleted_by'
  | 'use_stopped_at'
  | 'use_stop_reason'
  | 'use_stopped_by'
>;

/** The 診察券番号 is the tenant's: only admins (settings.manage) may choose or change it. */
export const PATIENT_NUMBER_PERMISSION = 'settings.manage';

/** Someone typed a 診察券番号 another customer of the tenant has (deleted ones keep theirs). */
export class PatientNumberTakenError extends AppError {
  constructor() {
    super('RES_002', {
      context: { resource: 'customer', field: 'patient_number' },
      message: 'この診察券番号はほかの顧客に使われています。',
      suggestion: '別の番号を入力するか、空のまま登録して自動で付けてください。',
    });
  }
}

export class CustomerNotFoundError extends NotFoundError {
  constructor() {
    super('customer', {
      message: '指定された顧客が見つかりません。',
      suggestion: '顧客一覧から選び直してください。削除された可能性があります。',
    });
  }
}

/**
 * The customer was erased at the person's request: only its tombstone is left. A 404 like any
 * unknown id (RES_001), with its own wording and `context.erased` for screens that say so.
 */
export class CustomerErasedError extends AppError {
  constructor() {
    super('RES_001', {
      context: { resource: 'customer', erased: true },
      message: 'この顧客の情報は本人の請求により消去されました。',
      suggestion: '消去した日時・理由・実施者の記録だけが残っています。顧客一覧から選び直してください。',
    });
  }
}

/** 404 for an id the tenant does not know: with the erasure's wording when it was erased. */
export async function customerGone(tx: TenantTransaction, id: string): Promise<AppError> {
  const tombstone = await tx
    .selectFrom('customer_erasures')
    .select('customer_id')
    .where('tenant_id', '=', tx.tenantId)
    .where('customer_id', '=', id)
    .executeTakeFirst();
  return tombstone ? new CustomerErasedError() : new CustomerNotFoundError();
}

/** Someone saved the customer after it was loaded: nothing was changed. */
export class CustomerEditConflictError extends AppError {
  constructor(current: unknown) {
    super('RES_003', { context: { resource: 'customer', current } });
  }
}

/** A postal code as stored: 7 digits with the hyphen, e.g. 150-0001. */
function postalCode(value: string | null | undefined): string | null | undefined {
  if (value === null || value === undefined) return value;
  const digits = value.replace('-', '');
  return `${digits.slice(0, 3)}-${digits.slice(3)}`;
}

export function normalizeFields<T extends Partial<CustomerFields>>(fields: T): T {
  const normalized = { ...fields };
  if ('postal_code' in fields) normalized.postal_code = postalCode(fields.postal_code);
  if ('email' in fields && typeof fields.email === 'string') normalized.email = fields.email.trim();
  return normalized;
}

/** The assignee must be an active user of the tenant (the foreign key only knows memberships). */
export async function assertAssignable(
  tx: TenantTransaction,
  userId: string | null | undefined,
): Promise<void> {
  if (userId === null || userId === undefined) return;
  const member = await tx
    .selectFrom('tenant_users')
    .select('user_id')
    .where('tenant_id', '=', tx.tenantId)
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (!member) {
    throw new InputMismatchError([
      { field: 'assignee_user_id', message: 'このテナントの有効なユーザーから選んでください' },
    ]);
  }
}

/**
 * A customer of the tenant by id, in the trash or not. A customer whose use is stopped is not
 * found unless `withStopped` (those who manage people's requests open the record to lift it);
 * an erased one is not found, with the erasure's wording.
 */
export async function getCustomer(
  tx: TenantTransaction,
  id: string,
  options: { withStopped?: boolean } = {},
): Promise<CustomerView> {
  const customer = await findCustomer(tx, id);
  if (!customer) throw await customerGone(tx, id);
  if (customer.use_stopped_at !== null && options.withStopped !== true) throw new CustomerNotFoundError();
  return customer;
}

async function getLiveCustomer(tx: TenantTransaction, id: string): Promise<CustomerView> {
  const customer = await getCustomer(tx, id);
  if (customer.deleted_at !== null) throw new CustomerNotFoundError();
  return customer;
}

/** Why a birth date of the right shape cannot be stored (the contract's range: 1873-01-01 to today), or null. */
export function birthDateProblem(date: string | null | undefined, today: string): string | null {
  if (typeof date !== 'string') return null;
  if (date > today) return '未来の日付は入力できません';
  if (date < EARLIEST_DATE) return '1873年（明治6年）より前の日付は扱えません';
  return null;
}

/**
 * What a person's input must also be beyond its shape: a birth date not after today in the
 * tenant's zone, and a 診察券番号 nobody else has (checked first for its own wording; the unique
 * index stays the guarantee).
 */
async function assertPatientCard(
  tx: TenantTransaction,
  fields: Pick<Partial<CustomerFields>, 'birth_date' | 'patient_number'>,
  id?: string,
): Promise<void> {
  const problem = birthDateProblem(fields.birth_date, todayIn(await tenantTimeZone(tx)));
  if (problem) throw new InputMismatchError([{ field: 'birth_date', message: problem }]);
  if (fields.patient_number !== undefined) {
    let taken = tx
      .selectFrom('customers')
      .select('id')
      .where('tenant_id', '=', tx.tenantId)
      .where('patient_number', '=', fields.patient_number);
    if (id !== undefined) taken = taken.where('id', '<>', id);
    if (await taken.executeTakeFirst()) throw new PatientNumberTakenError();
  }
}

export async function createCustomer(
  tx: TenantTransaction,
  actorId: string,
  fields: CustomerFields,
): Promise<CustomerView> {
  await assertAssignable(tx, fields.assignee_user_id);
  await assertPatientCard(tx, fields);
  const id = await insertCustomer(tx, {
    ...normalizeFields(fields),
    created_by: actorId,
    updated_by: actorId,
  });
  return getCustomer(tx, id);
}

/**
 * Changes what the caller sent, only if nobody saved the customer since the caller loaded
 * `version`; otherwise RES_003 with the customer as it is now, and nothing changes.
 */
export async function updateCustomer(
  tx: TenantTransaction,
  actorId: string,
  id: string,
  version: number,
  changes: CustomerChanges,
  present: (customer: CustomerView) => unknown,
): Promise<CustomerView> {
  if ('assignee_user_id' in changes) await assertAssignable(tx, changes.assignee_user_id);
  await assertPatientCard(tx, changes, id);
  const updated = await updateCustomerIfVersion(tx, id, version, normalizeFields(changes), actorId);
  if (!updated) {
    const current = await getLiveCustomer(tx, id);
    throw new CustomerEditConflictError(present(current));
  }
  return getCustomer(tx, id);
}

export async function deleteCustomer(tx: TenantTransaction, actorId: string, id: string): Promise<void> {
  if (!(await markCustomerDeleted(tx, id, actorId))) throw new CustomerNotFoundError();
}

/** Idempotent: a customer that is not deleted comes back as it is. */
export async function restoreCustomer(
  tx: TenantTransaction,
  actorId: string,
  id: string,
): Promise<CustomerView> {
  await clearCustomerDeleted(tx, id, actorId);
  return getCustomer(tx, id);
}
