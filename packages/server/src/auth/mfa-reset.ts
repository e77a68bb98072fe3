import type { DbExecutor } from '../platform/db/database';
import { deleteAllFactors } from './mfa.repository';
import { reportAuthSecurityAction } from './security-events';
import { revokeUserSessions } from './sessions.repository';

/**
 * An administrator's reset of a user's second factors, in the caller's transaction: every
 * factor and recovery code goes, every session of the user ends (they sign in again and enrol
 * anew), and the user's security events say who did it. How many factors were removed.
 */
export async function resetUserFactors(
  db: DbExecutor,
  userId: string,
  actorId: string,
  at: Date,
): Promise<{ factors: number; sessions: number }> {
  const factors = await deleteAllFactors(db, userId);
  const sessions = await revokeUserSessions(db, userId, at);
  await reportAuthSecurityAction(db, {
    type: 'mfa_reset',
    userId,
    sessionId: null,
    detail: { by: actorId, factors, revoked_sessions: sessions },
    at,
  });
  return { factors, sessions };
}
