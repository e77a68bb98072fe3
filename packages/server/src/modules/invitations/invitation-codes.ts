import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, DbTransaction } from '../../platform/db/database';
import type { Role } from '../../platform/db/schema';
import { ERROR_CATALOGUE } from '../../platform/errors';
import type { InvitationRow, InvitationStatus } from './invitations.tables';

/** A new code: 32 random bytes, base64url (43 characters). Shown once; only its hash is stored. */
export function generateInvitationCode(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of the code, hex: what the invitations table stores and looks codes up by. */
export function hashInvitationCode(code: string): string {
  return createHash('sha256').update(code, 'utf8').digest('hex');
}

/** Revoked, used, expired (expires_at <= now), else pending — the same order as the SQL below. */
export const INVITATION_STATUS_SQL = sql<InvitationStatus>`case
  when i.revoked_at is not null then 'revoked'
  when i.used_at is not null then 'used'
  when i.expires_at <= now() then 'expired'
  else 'pending' end`;

export interface InvitationByCode
  extends Pick<InvitationRow, 'tenant_id' | 'id' | 'email' | 'role' | 'expires_at'> {
  tenant_name: string;
  status: InvitationStatus;
  role: Role;
}

/**
 * Runs `work` in a transaction that may see the one invitation whose code the caller holds,
 * whatever its tenant: the invitations policy admits the row whose hash is declared in
 * app.invitation_code_hash (migration 0008). Nothing else of any tenant becomes visible.
 */
export async function withInvitationCode<T>(
  db: Db,
  code: string,
  work: (tx: DbTransaction, codeHash: string) => Promise<T>,
): Promise<T> {
  const codeHash = hashInvitationCode(code);
  return db.transaction().execute(async (tx) => {
    await sql`select set_config('app.invitation_code_hash', ${codeHash}, true)`.execute(tx);
    return work(tx, codeHash);
  });
}

/** The invitation of the declared code (see withInvitationCode), or undefined. */
export async function findInvitationByCode(
  tx: DbTransaction,
  codeHash: string,
): Promise<InvitationByCode | undefined> {
  return tx
    .selectFrom('invitations as i')
    .innerJoin('tenants as t', 't.id', 'i.tenant_id')
    .select(['i.tenant_id', 'i.id', 'i.email', 'i.role', 'i.expires_at', 't.name as tenant_name'])
    .select(INVITATION_STATUS_SQL.as('status'))
    .where('i.code_hash', '=', codeHash)
    .executeTakeFirst();
}

/** The message for each reason a code cannot be used (the INV_* entries of the catalogue). */
export const INVITATION_STATUS_ERRORS = {
  used: 'INV_001',
  expired: 'INV_002',
  revoked: 'INV_003',
} as const satisfies Partial<Record<InvitationStatus, keyof typeof ERROR_CATALOGUE>>;

export const UNKNOWN_INVITATION_MESSAGE = '招待コードが見つかりません。';

/**
 * For the auth service's sign-up: whether `code` is a usable invitation for `email` (pending
 * and, when bound to an address, that address, case-insensitively). The message is Japanese and
 * meant for the person signing up.
 */
export async function checkInvitationForSignUp(
  db: Db,
  code: string,
  email: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  if (code.length === 0 || code.length > 100) return { ok: false, message: UNKNOWN_INVITATION_MESSAGE };
  const invitation = await withInvitationCode(db, code, (tx, hash) => findInvitationByCode(tx, hash));
  if (!invitation) return { ok: false, message: UNKNOWN_INVITATION_MESSAGE };
  if (invitation.status !== 'pending') {
    return { ok: false, message: ERROR_CATALOGUE[INVITATION_STATUS_ERRORS[invitation.status]].message };
  }
  if (invitation.email !== null && invitation.email !== email.trim().toLowerCase()) {
    return { ok: false, message: ERROR_CATALOGUE.INV_004.message };
  }
  return { ok: true };
}
