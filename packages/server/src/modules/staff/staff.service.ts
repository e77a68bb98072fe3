import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { AppError, InputMismatchError, NotFoundError } from '../../platform/errors';
import { searchTerm } from '../../platform/search/search-term';
import {
  countStaff,
  findStaff,
  findStaffLinkedTo,
  findStaffPage,
  insertStaff,
  markStaffDeleted,
  type SortOrder,
  type StaffChanges,
  type StaffSortField,
  type StaffView,
  updateStaffRow,
} from './staff.repository';
import type { NewStaffRow, StaffStatus } from './staff.tables';

export type { StaffView };

export interface StaffListRequest {
  skip?: number | undefined;
  limit?: number | undefined;
  search?: string | undefined;
  department?: string | undefined;
  status?: StaffStatus | undefined;
  sortBy?: StaffSortField | undefined;
  sortOrder?: SortOrder | undefined;
}

/** The fields a person enters (the contract's StaffInput, validated by it). */
export type StaffFields = Omit<
  NewStaffRow,
  'tenant_id' | 'id' | 'created_by' | 'updated_by' | 'created_at' | 'updated_at' | 'deleted_at' | 'deleted_by'
>;

export class StaffNotFoundError extends NotFoundError {
  constructor() {
    super('staff', {
      message: '指定されたスタッフが見つかりません。',
      suggestion: 'スタッフ一覧から選び直してください。削除された可能性があります。',
    });
  }
}

/** The user is already linked to another staff member of the tenant. */
export class StaffUserTakenError extends AppError {
  constructor(staffId: string) {
    super('RES_002', {
      message: 'このユーザーはすでにほかのスタッフに紐づいています。',
      suggestion: '別のユーザーを選ぶか、先にほかのスタッフの紐づけを外してください。',
      context: { resource: 'staff', field: 'user_id', staff_id: staffId },
    });
  }
}

function normalizeFields<T extends StaffChanges>(fields: T): T {
  const normalized = { ...fields };
  if (typeof fields.email === 'string') normalized.email = fields.email.trim();
  if (fields.qualifications) normalized.qualifications = fields.qualifications.map((item) => item.trim());
  return normalized;
}

/**
 * A linked user must be a member of this tenant (the foreign key says so too, this says it in
 * the person's words) and not already linked to another live staff member (409).
 */
async function assertLinkable(tx: TenantTransaction, userId: string | null | undefined, staffId?: string) {
  if (userId === null || userId === undefined) return;
  const member = await tx
    .selectFrom('tenant_users')
    .select('user_id')
    .where('tenant_id', '=', tx.tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!member) {
    throw new InputMismatchError([{ field: 'user_id', message: 'このテナントのユーザーから選んでください' }]);
  }
  const linked = await findStaffLinkedTo(tx, userId, staffId);
  if (linked) throw new StaffUserTakenError(linked.id);
}

export async function listStaff(tx: TenantTransaction, request: StaffListRequest) {
  const filters = {
    search: searchTerm(request.search),
    department: request.department?.trim() || undefined,
    status: request.status,
  };
  const [staff, total] = await Promise.all([
    findStaffPage(tx, {
      ...filters,
      skip: request.skip ?? 0,
      limit: request.limit ?? 20,
      sortBy: request.sortBy ?? 'last_name_kana',
      sortOrder: request.sortOrder ?? 'asc',
    }),
    countStaff(tx, filters),
  ]);
  return { total, staff };
}

/** The best matches of a term, by フリガナ (the quick search). */
export async function searchStaff(tx: TenantTransaction, query: string, limit: number | undefined) {
  return listStaff(tx, { search: query, limit: limit ?? 20 });
}

export async function getStaff(tx: TenantTransaction, id: string): Promise<StaffView> {
  const staff = await findStaff(tx, id);
  if (!staff) throw new StaffNotFoundError();
  return staff;
}

export async function createStaff(tx: TenantTransaction, actorId: string, fields: StaffFields) {
  await assertLinkable(tx, fields.user_id);
  const [id] = await insertStaff(tx, [
    { ...normalizeFields(fields), created_by: actorId, updated_by: actorId },
  ]);
  return getStaff(tx, id as string);
}

/** Changes what the caller sent; `null` clears a field. */
export async function updateStaff(tx: TenantTransaction, actorId: string, id: string, changes: StaffChanges) {
  await getStaff(tx, id);
  if ('user_id' in changes) await assertLinkable(tx, changes.user_id, id);
  if (!(await updateStaffRow(tx, id, normalizeFields(changes), actorId))) throw new StaffNotFoundError();
  return getStaff(tx, id);
}

export async function deleteStaff(tx: TenantTransaction, actorId: string, id: string): Promise<void> {
  if (!(await markStaffDeleted(tx, id, actorId))) throw new StaffNotFoundError();
}
