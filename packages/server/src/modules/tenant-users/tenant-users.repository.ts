import { sql } from 'kysely';
import type { MembershipStatus, Role } from '../../platform/db/schema';
import type { TenantTransaction } from '../../platform/db/tenant-scope';

/** A member of the tenant: the account's name, email and last sign-in with the membership. */
export interface TenantUserView {
  user_id: string;
  email: string;
  full_name: string | null;
  role: Role;
  permissions: string[];
  status: MembershipStatus;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface TenantUserFilters {
  /** Trimmed, non-empty; matched on the folded name and email (kana either way). */
  search?: string | undefined;
  role?: Role | undefined;
  status?: MembershipStatus | undefined;
}

function members(tx: TenantTransaction, filters: TenantUserFilters) {
  let query = tx
    .selectFrom('tenant_users as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .where('m.tenant_id', '=', tx.tenantId);
  if (filters.search !== undefined) {
    query = query.where(
      sql<boolean>`strpos(tsumiki_search_fold(coalesce(u.full_name, '') || '|' || u.email), tsumiki_search_fold(${filters.search})) > 0`,
    );
  }
  if (filters.role !== undefined) query = query.where('m.role', '=', filters.role);
  if (filters.status !== undefined) query = query.where('m.status', '=', filters.status);
  return query;
}

const COLUMNS = [
  'm.user_id',
  'u.email',
  'u.full_name',
  'm.role',
  'm.permissions',
  'm.status',
  'u.last_sign_in_at',
  'm.created_at',
  'm.updated_at',
] as const;

/** One page in the order people joined, and the total of the same filters. */
export async function findTenantUserPage(
  tx: TenantTransaction,
  query: TenantUserFilters & { skip: number; limit: number },
): Promise<{ total: number; users: TenantUserView[] }> {
  const [users, count] = await Promise.all([
    members(tx, query)
      .select(COLUMNS)
      .orderBy('m.created_at')
      .orderBy('m.user_id')
      .offset(query.skip)
      .limit(query.limit)
      .execute(),
    members(tx, query)
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { total: Number(count.total), users };
}

/** One member, locked for the rest of the transaction when `forUpdate`. */
export async function findTenantUser(
  tx: TenantTransaction,
  userId: string,
  options: { forUpdate?: boolean } = {},
): Promise<TenantUserView | undefined> {
  let query = members(tx, {}).select(COLUMNS).where('m.user_id', '=', userId);
  if (options.forUpdate) query = query.forUpdate('m');
  return query.executeTakeFirst();
}

export async function updateMembership(
  tx: TenantTransaction,
  userId: string,
  changes: { role?: Role; permissions?: string[]; status?: MembershipStatus },
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await tx
    .updateTable('tenant_users')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('tenant_id', '=', tx.tenantId)
    .where('user_id', '=', userId)
    .execute();
}

/** Whether the user still has an active membership in another tenant. */
export async function hasOtherActiveMembership(tx: TenantTransaction, userId: string): Promise<boolean> {
  const row = await tx
    .selectFrom('tenant_users')
    .select('tenant_id')
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .where('tenant_id', '<>', tx.tenantId)
    .executeTakeFirst();
  return row !== undefined;
}
