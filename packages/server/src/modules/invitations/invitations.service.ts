import { normalizeEmail } from '../../auth/users.repository';
import type { Principal } from '../../platform/access/access';
import { rolePermissions } from '../../platform/access/permissions';
import {
  findMembership,
  insertMembership,
  isMemberByEmail,
  listActiveAdminIds,
} from '../../platform/access/tenants.repository';
import type { Db } from '../../platform/db/database';
import type { Role } from '../../platform/db/schema';
import { scopeToTenant, type TenantTransaction } from '../../platform/db/tenant-scope';
import { AppError, InputMismatchError, NotFoundError } from '../../platform/errors';
import type { DomainEvents } from '../../platform/events/domain-events';
import {
  findInvitationByCode,
  generateInvitationCode,
  hashInvitationCode,
  INVITATION_STATUS_ERRORS,
  type InvitationByCode,
  UNKNOWN_INVITATION_MESSAGE,
  withInvitationCode,
} from './invitation-codes';
import {
  consumeInvitation,
  findInvitation,
  findInvitationPage,
  hideInvitation,
  type InvitationView,
  insertInvitation,
  recordInvitationUser,
  revokePendingInvitation,
} from './invitations.repository';
import type { InvitationStatus } from './invitations.tables';

export type { InvitationView };

export class InvitationNotFoundError extends NotFoundError {
  constructor() {
    super('invitation', {
      message: '指定された招待が見つかりません。',
      suggestion: '招待の一覧から選び直してください。',
    });
  }
}

/** An unknown code: the same answer whether it never existed or belongs to nobody we know. */
export class UnknownInvitationCodeError extends NotFoundError {
  constructor() {
    super('invitation', {
      message: UNKNOWN_INVITATION_MESSAGE,
      suggestion: '招待のリンクをもう一度確かめるか、招待した人に新しい招待を依頼してください。',
    });
  }
}

/** Why a code cannot be used (INV_001..INV_006). */
export class InvitationUnusableError extends AppError {}

export async function listInvitations(
  tx: TenantTransaction,
  request: { skip?: number | undefined; limit?: number | undefined; status?: InvitationStatus | undefined },
) {
  return findInvitationPage(tx, {
    skip: request.skip ?? 0,
    limit: request.limit ?? 20,
    status: request.status,
  });
}

/**
 * A new invitation and its code, which exists only in this answer (the table keeps its hash).
 * 409 INV_007 when the address already belongs to a member of the tenant.
 */
export async function createInvitation(
  tx: TenantTransaction,
  actorId: string | null,
  input: { email?: string | null; role: Role; expires_in_days?: number; message?: string | null },
): Promise<{ invitation: InvitationView; code: string }> {
  const email = input.email ? normalizeEmail(input.email) : null;
  if (email !== null && (await isMemberByEmail(tx, tx.tenantId, email))) {
    throw new AppError('INV_007', { context: { email } });
  }
  const code = generateInvitationCode();
  const id = await insertInvitation(tx, {
    codeHash: hashInvitationCode(code),
    email,
    role: input.role,
    message: input.message?.trim() || null,
    expiresInDays: input.expires_in_days ?? 7,
    createdBy: actorId,
  });
  const invitation = await findInvitation(tx, id);
  if (!invitation) throw new InvitationNotFoundError();
  return { invitation, code };
}

/** A pending invitation is revoked (and stays listed); any other leaves the list. */
export async function deleteInvitation(tx: TenantTransaction, actorId: string | null, id: string) {
  if (await revokePendingInvitation(tx, id, actorId)) return;
  if (!(await hideInvitation(tx, id))) throw new InvitationNotFoundError();
}

/** What /invite shows before anybody signs in. */
export async function previewInvitation(db: Db, code: string) {
  const invitation = await withInvitationCode(db, code, (tx, hash) => findInvitationByCode(tx, hash));
  if (!invitation) throw new UnknownInvitationCodeError();
  return invitation;
}

function unusable(invitation: Pick<InvitationByCode, 'status'>): InvitationUnusableError | null {
  if (invitation.status === 'pending') return null;
  return new InvitationUnusableError(INVITATION_STATUS_ERRORS[invitation.status]);
}

/**
 * The signed-in caller joins the invitation's tenant with its role (and that role's default
 * permissions). The code is consumed by one conditional UPDATE in the same transaction as the
 * new membership, so it is used once however many redeem it at the same moment.
 */
export async function useInvitation(
  db: Db,
  events: DomainEvents,
  principal: Principal,
  input: { code: string; email: string },
): Promise<{ tenant_id: string; tenant_name: string; role: Role }> {
  const callerEmail = normalizeEmail(principal.email);
  if (normalizeEmail(input.email) !== callerEmail) {
    throw new InputMismatchError([
      { field: 'email', message: 'ログイン中のアカウントのメールアドレスと一致しません' },
    ]);
  }
  return withInvitationCode(db, input.code, async (tx, hash) => {
    const invitation = await findInvitationByCode(tx, hash);
    if (!invitation) throw new UnknownInvitationCodeError();
    const refused = unusable(invitation);
    if (refused) throw refused;
    if (invitation.email !== null && invitation.email !== callerEmail) {
      throw new InvitationUnusableError('INV_004');
    }
    const membership = await findMembership(tx, invitation.tenant_id, principal.userId);
    if (membership) throw new InvitationUnusableError(membership.status === 'active' ? 'INV_005' : 'INV_006');

    const scoped = await scopeToTenant(tx, invitation.tenant_id);
    if (!(await consumeInvitation(scoped, invitation.id))) {
      // Someone else was first (or it expired or was revoked meanwhile).
      const now = await findInvitationByCode(tx, hash);
      throw (now && unusable(now)) ?? new InvitationUnusableError('INV_001');
    }
    await insertMembership(tx, {
      tenant_id: invitation.tenant_id,
      user_id: principal.userId,
      role: invitation.role,
      permissions: rolePermissions(invitation.role),
    });
    await recordInvitationUser(scoped, invitation.id, principal.userId);
    await events.emit(scoped, {
      type: 'invitation.used',
      actorId: principal.userId,
      subjectId: invitation.id,
      payload: { role: invitation.role, admin_user_ids: await listActiveAdminIds(scoped, scoped.tenantId) },
    });
    return { tenant_id: invitation.tenant_id, tenant_name: invitation.tenant_name, role: invitation.role };
  });
}
