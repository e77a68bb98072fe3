import { sql } from 'kysely';
import type { DbExecutor } from '../platform/db/database';

/**
 * The two-factor tables through the owner's functions of migration 0022: the app role has no
 * privilege on the tables themselves.
 */

export interface StoredFactor {
  id: string;
  friendly_name: string;
  factor_type: 'totp';
  status: 'unverified' | 'verified';
  created_at: Date;
  updated_at: Date;
  last_challenged_at: Date | null;
}

export async function listFactors(db: DbExecutor, userId: string): Promise<StoredFactor[]> {
  const { rows } = await sql<StoredFactor>`select * from tsumiki_mfa_list_factors(${userId}::uuid)`.execute(
    db,
  );
  return rows;
}

export async function insertFactor(
  db: DbExecutor,
  userId: string,
  friendlyName: string,
  secretCiphertext: string,
): Promise<StoredFactor> {
  const { rows } = await sql<StoredFactor>`
    select * from tsumiki_mfa_enrol(${userId}::uuid, ${friendlyName}, ${secretCiphertext})
  `.execute(db);
  const factor = rows[0];
  if (!factor) throw new Error('factor not inserted');
  return factor;
}

export async function insertChallenge(
  db: DbExecutor,
  userId: string,
  factorId: string,
  ip: string | null,
  expiresAt: Date,
): Promise<{ id: string; expires_at: Date } | undefined> {
  const { rows } = await sql<{ id: string; expires_at: Date }>`
    select * from tsumiki_mfa_challenge(${userId}::uuid, ${factorId}::uuid, ${ip}, ${expiresAt}::timestamptz)
  `.execute(db);
  return rows[0];
}

export interface ChallengeForVerify {
  status: 'unverified' | 'verified';
  secret_ciphertext: string;
  last_used_step: string | null;
  challenge_expires_at: Date;
  challenge_verified_at: Date | null;
}

export async function findChallengeForVerify(
  db: DbExecutor,
  userId: string,
  factorId: string,
  challengeId: string,
): Promise<ChallengeForVerify | undefined> {
  const { rows } = await sql<ChallengeForVerify>`
    select * from tsumiki_mfa_challenge_for_verify(${userId}::uuid, ${factorId}::uuid, ${challengeId}::uuid)
  `.execute(db);
  return rows[0];
}

export type CodeAcceptance = 'accepted' | 'code_used' | 'challenge_closed';

export async function acceptCode(
  db: DbExecutor,
  userId: string,
  factorId: string,
  challengeId: string,
  step: number,
): Promise<CodeAcceptance> {
  const { rows } = await sql<{ outcome: CodeAcceptance }>`
    select tsumiki_mfa_accept_code(${userId}::uuid, ${factorId}::uuid, ${challengeId}::uuid, ${step}::bigint) as outcome
  `.execute(db);
  return rows[0]?.outcome ?? 'challenge_closed';
}

export async function deleteFactor(db: DbExecutor, userId: string, factorId: string): Promise<boolean> {
  const { rows } = await sql<{ removed: boolean }>`
    select tsumiki_mfa_unenrol(${userId}::uuid, ${factorId}::uuid) as removed
  `.execute(db);
  return rows[0]?.removed === true;
}

/** Every factor and recovery code of the user; how many factors there were. */
export async function deleteAllFactors(db: DbExecutor, userId: string): Promise<number> {
  const { rows } = await sql<{
    removed: number;
  }>`select tsumiki_mfa_reset(${userId}::uuid) as removed`.execute(db);
  return rows[0]?.removed ?? 0;
}

export async function storeRecoveryCodes(
  db: DbExecutor,
  userId: string,
  setId: string,
  hashes: string[],
): Promise<void> {
  await sql`select tsumiki_mfa_store_recovery_codes(${userId}::uuid, ${setId}::uuid, ${hashes}::text[])`.execute(
    db,
  );
}

export async function useRecoveryCode(db: DbExecutor, userId: string, hash: string): Promise<boolean> {
  const { rows } = await sql<{ used: boolean }>`
    select tsumiki_mfa_use_recovery_code(${userId}::uuid, ${hash}) as used
  `.execute(db);
  return rows[0]?.used === true;
}

export interface RecoveryCodeSet {
  set_id: string;
  total: number;
  remaining: number;
  created_at: Date;
}

export async function findRecoveryCodeSet(
  db: DbExecutor,
  userId: string,
): Promise<RecoveryCodeSet | undefined> {
  const { rows } =
    await sql<RecoveryCodeSet>`select * from tsumiki_mfa_recovery_status(${userId}::uuid)`.execute(db);
  return rows[0];
}

/** Whether the user has a verified factor. */
export async function isEnrolled(db: DbExecutor, userId: string): Promise<boolean> {
  const { rows } = await sql<{
    enrolled: boolean;
  }>`select tsumiki_mfa_enrolled(${userId}::uuid) as enrolled`.execute(db);
  return rows[0]?.enrolled === true;
}
