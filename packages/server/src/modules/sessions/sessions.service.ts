import {
  findLiveSessionForUpdate,
  findUserSession,
  insertSessionEvent,
  listLiveSessions,
  listRecentSessionEvents,
  revokeUserSession,
  setSessionEnd,
} from '../../auth/sessions.repository';
import type { Principal } from '../../platform/access/access';
import type { Db } from '../../platform/db/database';
import type { AuthSession, AuthSessionEvent, SessionEventType } from '../../platform/db/schema';
import { AuthenticationRequiredError, NotFoundError } from '../../platform/errors';

/** Below this many minutes left the session indicator warns (SPEC §4, §9). */
export const SESSION_WARNING_MINUTES = 10;
/** Below this many minutes left the session indicator suggests extending. */
export const SESSION_REFRESH_MINUTES = 30;
/** The extensions the top bar offers. */
export const SESSION_EXTENSION_MINUTES = [60, 240] as const;
export type SessionExtensionMinutes = (typeof SESSION_EXTENSION_MINUTES)[number];
/** Security events shown with the session status. */
export const RECENT_SECURITY_EVENTS = 10;

const MINUTE = 60_000;

export interface ClientOrigin {
  ip: string | null;
  userAgent: string | null;
}

export interface SecurityEvent {
  type: SessionEventType;
  occurredAt: Date;
  ip: string | null;
  userAgent: string | null;
  description: string;
}

export interface SessionStatus {
  sessionId: string;
  status: 'active' | 'expired' | 'revoked' | 'invalid';
  expiresAt: Date;
  timeRemainingMinutes: number;
  showWarning: boolean;
  needsRefresh: boolean;
  securityEvents: SecurityEvent[];
}

export interface SessionSummary {
  id: string;
  createdAt: Date;
  lastActiveAt: Date;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
  current: boolean;
}

export interface SessionClock {
  now: () => Date;
  /** The length of a session (SESSION_TTL): an extension never leaves more than this. */
  sessionTtlSeconds: number;
}

function minutesDetail(detail: Record<string, unknown>, key: string): number | null {
  const value = detail[key];
  return typeof value === 'number' ? value : null;
}

/** The Japanese line the session manager shows for an event. */
export function describeSessionEvent(type: SessionEventType, detail: Record<string, unknown>): string {
  switch (type) {
    case 'sign_in':
      if (detail.signup === true) return 'アカウントを作成してログインしました。';
      return detail.provider === 'google' ? 'Google でログインしました。' : 'ログインしました。';
    case 'signed_out':
      return 'ログアウトしました。';
    case 'session_extended': {
      const requested = minutesDetail(detail, 'requested_minutes');
      const extended = minutesDetail(detail, 'extended_minutes') ?? 0;
      if (requested !== null && extended < requested) {
        return `セッションの延長を求めましたが、上限のため ${extended} 分の延長になりました。`;
      }
      return `セッションを ${extended} 分延長しました。`;
    }
    case 'session_revoked':
      return 'セッション管理の画面からセッションを終了しました。';
    case 'refresh_token_reused':
      return '使用済みのトークンが再び使われたため、セッションを終了しました。';
    case 'password_changed': {
      const revoked = minutesDetail(detail, 'revoked_sessions') ?? 0;
      return revoked > 0
        ? `パスワードを変更し、ほかの ${revoked} 件のセッションを終了しました。`
        : 'パスワードを変更しました。';
    }
    case 'mfa_enrolled':
      return '認証アプリを登録しました。';
    case 'mfa_verified':
      return '認証アプリのコードで二段階認証をしました。';
    case 'mfa_failed':
      return '二段階認証のコードが正しくありませんでした。';
    case 'mfa_unenrolled':
      return '認証アプリの登録を削除しました。';
    case 'recovery_codes_generated':
      return 'リカバリーコードを発行しました（以前のコードは使えなくなりました）。';
    case 'recovery_code_used': {
      const remaining = minutesDetail(detail, 'remaining');
      return remaining === null
        ? 'リカバリーコードで二段階認証をしました。'
        : `リカバリーコードで二段階認証をしました（残り ${remaining} 個）。`;
    }
    case 'mfa_reset':
      return '管理者が二段階認証をリセットしました。認証アプリを登録し直してください。';
  }
}

function toSecurityEvent(event: AuthSessionEvent): SecurityEvent {
  return {
    type: event.type,
    occurredAt: event.occurred_at,
    ip: event.ip,
    userAgent: event.user_agent,
    description: describeSessionEvent(event.type, event.detail),
  };
}

function statusOf(session: AuthSession, now: Date, events: AuthSessionEvent[]): SessionStatus {
  const remainingMs = session.not_after.getTime() - now.getTime();
  const timeRemainingMinutes = Math.max(0, Math.floor(remainingMs / MINUTE));
  const status = session.revoked_at ? 'revoked' : remainingMs <= 0 ? 'expired' : 'active';
  return {
    sessionId: session.id,
    status,
    expiresAt: session.not_after,
    timeRemainingMinutes,
    showWarning: status === 'active' && remainingMs < SESSION_WARNING_MINUTES * MINUTE,
    needsRefresh: status === 'active' && remainingMs < SESSION_REFRESH_MINUTES * MINUTE,
    securityEvents: events.map(toSecurityEvent),
  };
}

/** The session the request was made with (it was live when the token was checked). */
export async function currentSessionStatus(db: Db, principal: Principal, clock: SessionClock) {
  const now = clock.now();
  const session = await findUserSession(db, principal.sessionId, principal.userId);
  if (!session)
    throw new AuthenticationRequiredError('セッションが終了しています。もう一度ログインしてください。');
  const events = await listRecentSessionEvents(db, principal.userId, RECENT_SECURITY_EVENTS);
  return statusOf(session, now, events);
}

/**
 * Moves the end of the current session by the requested minutes, but never further than one
 * session length (SESSION_TTL) from now, and never earlier than it was. Recorded as a security
 * event with what was asked and what was granted.
 */
export async function extendCurrentSession(
  db: Db,
  principal: Principal,
  minutes: SessionExtensionMinutes,
  client: ClientOrigin,
  clock: SessionClock,
): Promise<SessionStatus> {
  const now = clock.now();
  await db.transaction().execute(async (tx) => {
    const session = await findLiveSessionForUpdate(tx, principal.sessionId, principal.userId, now);
    if (!session) {
      throw new AuthenticationRequiredError('セッションが終了しています。もう一度ログインしてください。');
    }
    const cap = now.getTime() + clock.sessionTtlSeconds * 1000;
    const current = session.not_after.getTime();
    const next = Math.max(current, Math.min(current + minutes * MINUTE, cap));
    if (next > current) await setSessionEnd(tx, session.id, new Date(next));
    await insertSessionEvent(tx, {
      user_id: principal.userId,
      session_id: session.id,
      type: 'session_extended',
      occurred_at: now,
      ip: client.ip,
      user_agent: client.userAgent,
      detail: { requested_minutes: minutes, extended_minutes: Math.floor((next - current) / MINUTE) },
    });
  });
  return currentSessionStatus(db, principal, clock);
}

/** The caller's own live sessions, the current one marked. */
export async function listOwnSessions(
  db: Db,
  principal: Principal,
  clock: SessionClock,
): Promise<SessionSummary[]> {
  const sessions = await listLiveSessions(db, principal.userId, clock.now());
  return sessions.map((session) => ({
    id: session.id,
    createdAt: session.created_at,
    lastActiveAt: session.refreshed_at ?? session.created_at,
    expiresAt: session.not_after,
    ip: session.ip,
    userAgent: session.user_agent,
    current: session.id === principal.sessionId,
  }));
}

/**
 * Ends one of the caller's own live sessions: its access tokens fail from the next request on
 * and its refresh tokens with it. Anybody else's session, or one already ended, is 404.
 */
export async function revokeOwnSession(
  db: Db,
  principal: Principal,
  sessionId: string,
  client: ClientOrigin,
  clock: SessionClock,
): Promise<void> {
  const now = clock.now();
  await db.transaction().execute(async (tx) => {
    const revoked = await revokeUserSession(tx, sessionId, principal.userId, now);
    if (!revoked) throw new NotFoundError('session');
    await insertSessionEvent(tx, {
      user_id: principal.userId,
      session_id: sessionId,
      type: 'session_revoked',
      occurred_at: now,
      ip: client.ip,
      user_agent: client.userAgent,
      detail: { by_session_id: principal.sessionId },
    });
  });
}
