import type { DbTransaction } from '../platform/db/database';
import type { AmrEntry, AuthSession, User } from '../platform/db/schema';

/** What an access token says of its session. */
export interface GrantedSession {
  id: string;
  aal: AuthSession['aal'];
  amr: AmrEntry[];
}

import type { ClientInfo } from './auth-service';
import { hashRefreshToken, successorOf } from './session-tokens';
import {
  findRefreshTokenForUpdate,
  hasChild,
  insertRefreshToken,
  insertSessionEvent,
  markRefreshTokenRotated,
  markSessionRefreshed,
  revokeSession,
} from './sessions.repository';
import { findUserById, isUserDisabled } from './users.repository';

export type Rotation =
  | { kind: 'not_found' | 'expired' | 'reused' | 'disabled' }
  | { kind: 'rotated'; session: GrantedSession; user: User; token: string };

/**
 * One refresh-token exchange, in the caller's transaction. Every token is used once: it is
 * rotated on use. Presenting an already rotated token again within a short grace (two tabs
 * refreshing at the same moment) returns the same successor it was rotated to, so no second
 * live token ever exists; after the grace it signals a stolen token, and the whole session (the
 * token's family) is revoked.
 */
export async function rotateRefreshToken(
  tx: DbTransaction,
  refreshToken: string,
  {
    successorKey,
    graceMs,
    now,
    client,
  }: { successorKey: Buffer; graceMs: number; now: Date; client: ClientInfo },
): Promise<Rotation> {
  const stored = await findRefreshTokenForUpdate(tx, hashRefreshToken(refreshToken));
  if (!stored) return { kind: 'not_found' };
  if (stored.session_revoked_at !== null) {
    // Disabling a user ends their sessions: the tab that renews learns why (only the holder of
    // the session's own token asks), not merely that the session is gone.
    const owner = await findUserById(tx, stored.user_id);
    return owner && (await isUserDisabled(tx, owner)) ? { kind: 'disabled' } : { kind: 'not_found' };
  }
  if (stored.session_not_after.getTime() <= now.getTime()) return { kind: 'expired' };

  const next = successorOf(successorKey, refreshToken);
  if (stored.revoked) {
    const rotatedAt = stored.revoked_at?.getTime() ?? 0;
    if (now.getTime() - rotatedAt >= graceMs || !(await hasChild(tx, stored.id, next.hash))) {
      await revokeSession(tx, stored.session_id, now);
      await insertSessionEvent(tx, {
        user_id: stored.user_id,
        session_id: stored.session_id,
        type: 'refresh_token_reused',
        occurred_at: now,
        ip: client.ip,
        user_agent: client.userAgent?.slice(0, 500) ?? null,
      });
      return { kind: 'reused' };
    }
  }
  // Before the token turns: a user enabled again can go on with the session they had.
  const user = await findUserById(tx, stored.user_id);
  if (!user) return { kind: 'not_found' };
  if (await isUserDisabled(tx, user)) return { kind: 'disabled' };
  if (!stored.revoked) {
    await markRefreshTokenRotated(tx, stored.id, now);
    await insertRefreshToken(tx, {
      token_hash: next.hash,
      session_id: stored.session_id,
      parent_id: stored.id,
    });
  }
  await markSessionRefreshed(tx, stored.session_id, now);
  const session = { id: stored.session_id, aal: stored.session_aal, amr: stored.session_amr };
  return { kind: 'rotated' as const, session, user, token: next.token };
}
