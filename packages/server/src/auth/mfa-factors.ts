import type { DbExecutor } from '../platform/db/database';
import type { GoTrueFactor } from './gotrue-user';
import { findRecoveryCodeSet, listFactors } from './mfa.repository';

/** The name of the recovery-code set in the user's factor list. */
export const RECOVERY_CODES_NAME = 'リカバリーコード';

/**
 * The user's factors as GoTrue lists them: the TOTP factors, and the set of recovery codes as a
 * verified factor of type `recovery_code` (what auth-js's experimental recovery-code API expects).
 */
export async function listGoTrueFactors(db: DbExecutor, userId: string): Promise<GoTrueFactor[]> {
  const [factors, recovery] = await Promise.all([listFactors(db, userId), findRecoveryCodeSet(db, userId)]);
  const listed: GoTrueFactor[] = factors.map((factor) => ({
    id: factor.id,
    friendly_name: factor.friendly_name,
    factor_type: factor.factor_type,
    status: factor.status,
    created_at: factor.created_at.toISOString(),
    updated_at: factor.updated_at.toISOString(),
    ...(factor.last_challenged_at ? { last_challenged_at: factor.last_challenged_at.toISOString() } : {}),
  }));
  if (recovery) {
    const createdAt = recovery.created_at.toISOString();
    listed.push({
      id: recovery.set_id,
      friendly_name: RECOVERY_CODES_NAME,
      factor_type: 'recovery_code',
      status: 'verified',
      created_at: createdAt,
      updated_at: createdAt,
    });
  }
  return listed;
}
