import { sql } from 'kysely';
import type { Role } from '../../platform/db/schema';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { INVITATION_STATUS_SQL } from './invitation-codes';
import type { InvitationRow, InvitationStatus } from './invitations.tables';

/** An invitation as listed: its columns (not the hash) and its computed status. */
export type InvitationView = Omit<InvitationRow, 'code_hash' | 'hidden_at' | 'revoked_by'> & {
  status: InvitationStatus;
};

const COLUMNS = [
  'i.tenant_id',
  'i.id',
  'i.email',
  'i.role',
  'i.message',
  'i.expires_at',
  'i.created_by',
  'i.created_at',
  'i.updated_at',
  'i.used_at',
  'i.used_by',
  'i.revoked_at',
  'i.emailed_at',
] as const;

function visibleInvitations(tx: TenantTransaction, status: InvitationStatus | undefined) {
  let query = tx
    .selectFrom('invitations as i')
    .where('i.tenant_id', '=', tx.tenantId)
    .where('i.hidden_at', 'is', null);
  if (status !== undefined) query = query.where(sql<boolean>`${INVITATION_STATUS_SQL} = ${status}`);
  return query;
}

/** One page of the list, newest first, and the total of the same filter. */
export async function findInvitationPage(
  tx: TenantTransaction,
  query: { skip: number; limit: number; status?: InvitationStatus | undefined },
): Promise<{ total: number; invitations: InvitationView[] }> {
  const [invitations, count] = await Promise.all([
    visibleInvitations(tx, query.status)
      .select(COLUMNS)
      .select(INVITATION_STATUS_SQL.as('status'))
      .orderBy('i.created_at', 'desc')
      .orderBy('i.id', 'desc')
      .offset(query.skip)
      .limit(query.limit)
      .execute(),
    visibleInvitations(tx, query.status)
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { total: Number(count.total), invitations };
}

export async function findInvitation(tx: TenantTransaction, id: string): Promise<InvitationView | undefined> {
  return tx
    .selectFrom('invitations as i')
    .select(COLUMNS)
    .select(INVITATION_STATUS_SQL.as('status'))
    .where('i.tenant_id', '=', tx.tenantId)
    .where('i.id', '=', id)
    .where('i.hidden_at', 'is', null)
    .executeTakeFirst();
}

export async function insertInvitation(
  tx: TenantTransaction,
  invitation: {
    codeHash: string;
    email: string | null;
    role: Role;
    message: string | null;
    expiresInDays: number;
    createdBy: string | null;
  },
): Promise<string> {
  const row = await tx
    .insertInto('invitations')
    .values({
      tenant_id: tx.tenantId,
      code_hash: invitation.codeHash,
      email: invitation.email,
      role: invitation.role,
      message: invitation.message,
      expires_at: sql<Date>`now() + make_interval(days => ${invitation.expiresInDays})`,
      created_by: invitation.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Pending → revoked. False when the invitation is not pending (or not there). */
export async function revokePendingInvitation(
  tx: TenantTransaction,
  id: string,
  actorId: string | null,
): Promise<boolean> {
  const result = await tx
    .updateTable('invitations')
    .set({ revoked_at: sql<Date>`now()`, revoked_by: actorId })
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', id)
    .where('hidden_at', 'is', null)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Takes a used, expired or revoked invitation off the list. False when there was none to hide. */
export async function hideInvitation(tx: TenantTransaction, id: string): Promise<boolean> {
  const result = await tx
    .updateTable('invitations')
    .set({ hidden_at: sql<Date>`now()` })
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', id)
    .where('hidden_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Consumes a pending invitation: one conditional UPDATE, so of two concurrent redemptions the
 * second waits for the first's row lock, then finds used_at set and changes nothing. True when
 * this call consumed it.
 */
export async function consumeInvitation(tx: TenantTransaction, id: string): Promise<boolean> {
  const row = await tx
    .updateTable('invitations')
    .set({ used_at: sql<Date>`now()` })
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Who used it, once their membership exists (the column refers to it). */
export async function recordInvitationUser(tx: TenantTransaction, id: string, userId: string): Promise<void> {
  await tx
    .updateTable('invitations')
    .set({ used_by: userId })
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', id)
    .execute();
}

/** Records that the invitation was mailed to its address now. */
export async function markInvitationEmailed(tx: TenantTransaction, id: string): Promise<Date> {
  const { emailed_at } = await tx
    .updateTable('invitations')
    .set({ emailed_at: new Date() })
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', id)
    .returning('emailed_at')
    .executeTakeFirstOrThrow();
  return emailed_at as Date;
}
