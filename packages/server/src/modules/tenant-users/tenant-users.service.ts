import { sql } from 'kysely';
import { resetUserFactors } from '../../auth/mfa-reset';
import { hashPassword } from '../../auth/passwords';
import { revokeUserSessions } from '../../auth/sessions.repository';
import { findUserByEmail, insertUser, normalizeEmail } from '../../auth/users.repository';
import type { Principal } from '../../platform/access/access';
import { rolePermissions } from '../../platform/access/permissions';
import {
  findMembership,
  insertMembership,
  listActiveAdminIds,
} from '../../platform/access/tenants.repository';
import type { Role } from '../../platform/db/schema';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { AppError, InputMismatchError, NotFoundError } from '../../platform/errors';
import type { DomainEvents } from '../../platform/events/domain-events';
import { searchTerm } from '../../platform/search/search-term';
import { notifyUserStreams } from '../notifications';
import {
  findTenantUser,
  findTenantUserPage,
  hasOtherActiveMembership,
  type TenantUserFilters,
  type TenantUserView,
  updateMembership,
} from './tenant-users.repository';

export type { TenantUserView };

export class TenantUserNotFoundError extends NotFoundError {
  constructor() {
    super('tenant_user', {
      message: '指定されたユーザーはこのテナントにいません。',
      suggestion: 'ユーザーの一覧から選び直してください。',
    });
  }
}

export async function listTenantUsers(
  tx: TenantTransaction,
  request: TenantUserFilters & { skip?: number | undefined; limit?: number | undefined },
) {
  return findTenantUserPage(tx, {
    search: searchTerm(request.search),
    role: request.role,
    status: request.status,
    skip: request.skip ?? 0,
    limit: request.limit ?? 20,
  });
}

async function getTenantUser(tx: TenantTransaction, userId: string, forUpdate = false) {
  const user = await findTenantUser(tx, userId, { forUpdate });
  if (!user) throw new TenantUserNotFoundError();
  return user;
}

/** Permissions as stored: each once, in the order given. */
function uniquePermissions(permissions: readonly string[]): string[] {
  return [...new Set(permissions)];
}

/**
 * Adds an account to the tenant: the existing account of that email, else a new one with the
 * initial password (422 on initial_password without one). 409 MEM_003 when already a member.
 */
export async function addTenantUser(
  tx: TenantTransaction,
  input: {
    email: string;
    role: Role;
    full_name?: string | null;
    permissions?: string[];
    initial_password?: string;
  },
  passwordHashCost: number | undefined,
): Promise<TenantUserView> {
  const email = normalizeEmail(input.email);
  let account = await findUserByEmail(tx, email);
  if (account && (await findMembership(tx, tx.tenantId, account.id))) {
    throw new AppError('MEM_003', { context: { email } });
  }
  if (!account) {
    if (input.initial_password === undefined) {
      throw new InputMismatchError([
        {
          field: 'initial_password',
          message: 'このメールアドレスのアカウントはまだないため、初期パスワードを入力してください',
        },
      ]);
    }
    account = await insertUser(tx, {
      email,
      password_hash: await hashPassword(input.initial_password, passwordHashCost),
      full_name: input.full_name?.trim() || null,
    });
  }
  await insertMembership(tx, {
    tenant_id: tx.tenantId,
    user_id: account.id,
    role: input.role,
    permissions: uniquePermissions(input.permissions ?? rolePermissions(input.role)),
  });
  return getTenantUser(tx, account.id);
}

/**
 * Makes a change of memberships that must leave the tenant someone who can manage its users: an
 * active admin holding tenant_users.write. Their rows are locked first and the rule is checked on
 * the result, so no change — of role, of the permission list, of status, or two at once from two
 * admins — locks the tenant out of its own administration (409 MEM_001, the change rolled back).
 */
async function keepingUserAdministration<T>(
  tx: TenantTransaction,
  userId: string,
  change: () => Promise<T>,
): Promise<T> {
  await listActiveAdminIds(tx, tx.tenantId, { lock: true, userAdministrators: true });
  const result = await change();
  const remaining = await listActiveAdminIds(tx, tx.tenantId, { userAdministrators: true });
  if (remaining.length === 0) throw new AppError('MEM_001', { context: { user_id: userId } });
  return result;
}

/**
 * Role, permissions and name. A role alone brings that role's default permissions; explicit
 * permissions are stored as given. The tenant keeps an admin who can manage users (MEM_001).
 */
export async function updateTenantUser(
  tx: TenantTransaction,
  userId: string,
  input: { role?: Role; permissions?: string[]; full_name?: string | null },
): Promise<TenantUserView> {
  return keepingUserAdministration(tx, userId, async () => {
    const current = await getTenantUser(tx, userId, true);
    const changes: { role?: Role; permissions?: string[] } = {};
    if (input.role !== undefined) changes.role = input.role;
    if (input.permissions !== undefined) changes.permissions = uniquePermissions(input.permissions);
    else if (input.role !== undefined && input.role !== current.role)
      changes.permissions = rolePermissions(input.role);
    await updateMembership(tx, userId, changes);
    if (input.full_name !== undefined) {
      await tx
        .updateTable('users')
        .set({ full_name: input.full_name?.trim() || null, updated_at: sql<Date>`now()` })
        .where('id', '=', userId)
        .execute();
    }
    return getTenantUser(tx, userId);
  });
}

/**
 * Active ↔ inactive. Nobody disables themselves (MEM_002), nor the last admin who can manage
 * users (MEM_001).
 * A disabled member can no longer work in this tenant (their next request there is refused);
 * when no other tenant remains to them, every session of theirs ends at once, so their next call
 * anywhere gets 401 and the refresh fails. Their open notification stream is told to look again
 * (it closes when the membership no longer allows it).
 */
export async function toggleTenantUserStatus(
  tx: TenantTransaction,
  principal: Principal,
  userId: string,
  now: Date,
): Promise<TenantUserView> {
  const current = await getTenantUser(tx, userId);
  if (current.status === 'inactive') {
    await updateMembership(tx, userId, { status: 'active' });
    return getTenantUser(tx, userId);
  }
  if (userId === principal.userId) throw new AppError('MEM_002', { context: { user_id: userId } });
  await keepingUserAdministration(tx, userId, async () => {
    await getTenantUser(tx, userId, true);
    await updateMembership(tx, userId, { status: 'inactive' });
  });
  if (!(await hasOtherActiveMembership(tx, userId))) await revokeUserSessions(tx, userId, now);
  // Delivered on commit: the user's streams in this tenant look again and close.
  await notifyUserStreams(tx, userId);
  return getTenantUser(tx, userId);
}

/**
 * Removes the member's second factors and recovery codes and ends their sessions (they enrol
 * again at the next sign-in); recorded as `tenant_user.factors_reset`. 404 for a user who is
 * not a member of this tenant; 409 MEM_004 for oneself.
 */
export async function resetTenantUserFactors(
  tx: TenantTransaction,
  events: DomainEvents,
  principal: Principal,
  userId: string,
  now: Date,
): Promise<void> {
  const member = await getTenantUser(tx, userId);
  // One's own factors come off on /profile from a session verified with them (GoTrue's rule);
  // here an aal1 session could otherwise shed the factor that protects it.
  if (userId === principal.userId) throw new AppError('MEM_004', { context: { user_id: userId } });
  const removed = await resetUserFactors(tx, userId, principal.userId, now);
  await events.emit(tx, {
    type: 'tenant_user.factors_reset',
    actorId: principal.userId,
    subjectId: userId,
    payload: { email: member.email, factors: removed.factors, revoked_sessions: removed.sessions },
  });
}
