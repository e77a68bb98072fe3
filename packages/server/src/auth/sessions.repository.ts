import { sql } from 'kysely';
import type { DbExecutor, DbTransaction } from '../platform/db/database';
import type {
  AmrEntry,
  AuthSession,
  AuthSessionEvent,
  NewAuthSessionEvent,
  User,
} from '../platform/db/schema';

export async function insertSession(
  db: DbExecutor,
  session: {
    user_id: string;
    not_after: Date;
    user_agent: string | null;
    ip: string | null;
    amr: AmrEntry[];
  },
): Promise<AuthSession> {
  return db
    .insertInto('auth_sessions')
    .values({ ...session, amr: JSON.stringify(session.amr) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A second factor verified in the session: aal2, the method first in its amr (once). The
 * session as it is now, or undefined when it was revoked meanwhile.
 */
export async function elevateSession(
  db: DbExecutor,
  sessionId: string,
  method: AmrEntry,
): Promise<AuthSession | undefined> {
  return db
    .updateTable('auth_sessions')
    .set({
      aal: 'aal2',
      amr: sql<string>`jsonb_build_array(${JSON.stringify(method)}::jsonb) || (
        select coalesce(jsonb_agg(entry), '[]'::jsonb) from jsonb_array_elements(amr) as entry
        where entry->>'method' <> ${method.method}
      )`,
    })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** The user's sessions fall back to aal1 (their last second factor is gone). */
export async function lowerUserSessions(db: DbExecutor, userId: string): Promise<void> {
  await db
    .updateTable('auth_sessions')
    .set({ aal: 'aal1' })
    .where('user_id', '=', userId)
    .where('aal', '=', 'aal2')
    .execute();
}

/** The session if it is neither revoked nor past its end, together with its user. */
export async function findLiveSessionWithUser(
  db: DbExecutor,
  sessionId: string,
  userId: string,
): Promise<{ session: AuthSession; user: User } | undefined> {
  const row = await db
    .selectFrom('auth_sessions')
    .innerJoin('users', 'users.id', 'auth_sessions.user_id')
    .selectAll('users')
    .select([
      'auth_sessions.id as session_id',
      'auth_sessions.created_at as session_created_at',
      'auth_sessions.refreshed_at as session_refreshed_at',
      'auth_sessions.not_after as session_not_after',
      'auth_sessions.user_agent as session_user_agent',
      'auth_sessions.ip as session_ip',
      'auth_sessions.revoked_at as session_revoked_at',
      'auth_sessions.aal as session_aal',
      'auth_sessions.amr as session_amr',
    ])
    .where('auth_sessions.id', '=', sessionId)
    .where('auth_sessions.user_id', '=', userId)
    .where('auth_sessions.revoked_at', 'is', null)
    .where('auth_sessions.not_after', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) return undefined;
  const {
    session_id,
    session_created_at,
    session_refreshed_at,
    session_not_after,
    session_user_agent,
    session_ip,
    session_revoked_at,
    session_aal,
    session_amr,
    ...user
  } = row;
  return {
    user,
    session: {
      id: session_id,
      user_id: user.id,
      created_at: session_created_at,
      refreshed_at: session_refreshed_at,
      not_after: session_not_after,
      user_agent: session_user_agent,
      ip: session_ip,
      revoked_at: session_revoked_at,
      aal: session_aal,
      amr: session_amr,
    },
  };
}

export async function markSessionRefreshed(tx: DbTransaction, sessionId: string, at: Date): Promise<void> {
  await tx.updateTable('auth_sessions').set({ refreshed_at: at }).where('id', '=', sessionId).execute();
}

/** Revokes one session; its access tokens stop working at once and its refresh tokens with it. */
export async function revokeSession(db: DbExecutor, sessionId: string, at: Date): Promise<void> {
  await db
    .updateTable('auth_sessions')
    .set({ revoked_at: at })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every live session of the user, optionally keeping one; how many it revoked. */
export async function revokeUserSessions(
  db: DbExecutor,
  userId: string,
  at: Date,
  keepSessionId?: string,
): Promise<number> {
  let update = db
    .updateTable('auth_sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId) update = update.where('id', '<>', keepSessionId);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface StoredRefreshToken {
  id: string;
  session_id: string;
  revoked: boolean;
  revoked_at: Date | null;
  user_id: string;
  session_revoked_at: Date | null;
  session_not_after: Date;
  session_aal: AuthSession['aal'];
  session_amr: AmrEntry[];
}

/** Looks a refresh token up by its hash and locks it, serialising concurrent refreshes of one token. */
export async function findRefreshTokenForUpdate(
  tx: DbTransaction,
  tokenHash: string,
): Promise<StoredRefreshToken | undefined> {
  return tx
    .selectFrom('refresh_tokens')
    .innerJoin('auth_sessions', 'auth_sessions.id', 'refresh_tokens.session_id')
    .select([
      'refresh_tokens.id',
      'refresh_tokens.session_id',
      'refresh_tokens.revoked',
      'refresh_tokens.revoked_at',
      'auth_sessions.user_id',
      'auth_sessions.revoked_at as session_revoked_at',
      'auth_sessions.not_after as session_not_after',
      'auth_sessions.aal as session_aal',
      'auth_sessions.amr as session_amr',
    ])
    .where('refresh_tokens.token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertRefreshToken(
  db: DbExecutor,
  token: { token_hash: string; session_id: string; parent_id: string | null },
): Promise<void> {
  await db.insertInto('refresh_tokens').values(token).execute();
}

/** Whether the token was rotated to the token with this hash (its derived successor). */
export async function hasChild(tx: DbTransaction, tokenId: string, childHash: string): Promise<boolean> {
  const row = await tx
    .selectFrom('refresh_tokens')
    .select('id')
    .where('parent_id', '=', tokenId)
    .where('token_hash', '=', childHash)
    .executeTakeFirst();
  return row !== undefined;
}

export async function markRefreshTokenRotated(tx: DbTransaction, tokenId: string, at: Date): Promise<void> {
  await tx
    .updateTable('refresh_tokens')
    .set({ revoked: true, revoked_at: at })
    .where('id', '=', tokenId)
    .where('revoked', '=', false)
    .execute();
}

/** One session of the user, whatever its state. */
export async function findUserSession(
  db: DbExecutor,
  sessionId: string,
  userId: string,
): Promise<AuthSession | undefined> {
  return db
    .selectFrom('auth_sessions')
    .selectAll()
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The user's sessions that are neither revoked nor past their end at `now`, last active first. */
export async function listLiveSessions(db: DbExecutor, userId: string, now: Date): Promise<AuthSession[]> {
  return db
    .selectFrom('auth_sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('not_after', '>', now)
    .orderBy(sql`coalesce(refreshed_at, created_at)`, 'desc')
    .orderBy('id')
    .execute();
}

/** One live session of the user, locked for an update in the caller's transaction. */
export async function findLiveSessionForUpdate(
  tx: DbTransaction,
  sessionId: string,
  userId: string,
  now: Date,
): Promise<AuthSession | undefined> {
  return tx
    .selectFrom('auth_sessions')
    .selectAll()
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('not_after', '>', now)
    .forUpdate()
    .executeTakeFirst();
}

export async function setSessionEnd(tx: DbTransaction, sessionId: string, notAfter: Date): Promise<void> {
  await tx.updateTable('auth_sessions').set({ not_after: notAfter }).where('id', '=', sessionId).execute();
}

/** Revokes one live session if it belongs to the user; false when there is no such session. */
export async function revokeUserSession(
  db: DbExecutor,
  sessionId: string,
  userId: string,
  at: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('auth_sessions')
    .set({ revoked_at: at })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('not_after', '>', at)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function insertSessionEvent(db: DbExecutor, event: NewAuthSessionEvent): Promise<void> {
  await db.insertInto('auth_session_events').values(event).execute();
}

/** The user's latest security events, newest first. */
export async function listRecentSessionEvents(
  db: DbExecutor,
  userId: string,
  limit: number,
): Promise<AuthSessionEvent[]> {
  return db
    .selectFrom('auth_session_events')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('occurred_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
