import type { Db } from '../platform/db/database';
import type { AuthSession, User } from '../platform/db/schema';
import type { AuthService, ClientInfo, SessionGrant } from './auth-service';
import { AUTH_MESSAGES, AuthRateLimitError, AuthServiceError } from './errors';
import { MfaKeys } from './mfa-keys';
import { type AuthSecurityAction, reportAuthSecurityAction } from './security-events';
import { newRefreshToken } from './session-tokens';
import { elevateSession, insertRefreshToken } from './sessions.repository';
import { minutesUntil, reserveAttempt, secondsUntil, settleSuccess, throttleKey } from './sign-in-throttle';

/** What the two-factor services share: the database, the clock, the keys and the session service. */
export class MfaContext {
  readonly db: Db;
  private readonly keys: MfaKeys | null;

  constructor(
    readonly authService: AuthService,
    mfaSecret: string | null,
  ) {
    this.db = authService.db;
    this.keys = mfaSecret ? new MfaKeys(mfaSecret) : null;
  }

  now(): Date {
    return this.authService.now();
  }

  /** The keys, or 503 when the server was started without them. */
  requireKeys(): MfaKeys {
    if (!this.keys) throw new AuthServiceError(503, 'mfa_unavailable', AUTH_MESSAGES.mfaUnavailable);
    return this.keys;
  }

  /** GoTrue refuses changes to second factors from a session that has not verified one. */
  requireAal2(session: AuthSession): void {
    if (session.aal !== 'aal2')
      throw new AuthServiceError(403, 'insufficient_aal', AUTH_MESSAGES.mfaAal2Required);
  }

  /**
   * Counts one second-factor attempt of the user before the code is looked at (429 with
   * Retry-After when the user's codes are waiting), like password sign-ins.
   */
  async reserveCodeAttempt(user: User): Promise<() => Promise<void>> {
    const now = this.now();
    const keys = [throttleKey('factor', user.id)];
    const reservation = await reserveAttempt(this.db, keys, now);
    if (!reservation.ok) {
      throw new AuthRateLimitError(
        AUTH_MESSAGES.mfaLocked(minutesUntil(reservation.until, now)),
        secondsUntil(reservation.until, now),
      );
    }
    return () => settleSuccess(this.db, keys);
  }

  /** Reports an action in a transaction of its own (elevate reports in the session's). */
  report(action: Omit<AuthSecurityAction, 'at'>): Promise<void> {
    const at = this.now();
    return this.db.transaction().execute((tx) => reportAuthSecurityAction(tx, { ...action, at }));
  }

  /**
   * A second factor verified in the session: it becomes aal2 with the method first in its amr,
   * and gets new tokens (a new refresh token in the same session, as GoTrue does).
   */
  async elevate(
    user: User,
    session: AuthSession,
    method: string,
    actions: Array<Omit<AuthSecurityAction, 'at' | 'userId' | 'sessionId'>>,
    client: ClientInfo,
  ): Promise<SessionGrant> {
    const now = this.now();
    const refresh = newRefreshToken();
    const elevated = await this.db.transaction().execute(async (tx) => {
      const updated = await elevateSession(tx, session.id, {
        method,
        timestamp: Math.floor(now.getTime() / 1000),
      });
      if (!updated) return undefined;
      await insertRefreshToken(tx, { token_hash: refresh.hash, session_id: session.id, parent_id: null });
      for (const action of actions) {
        await reportAuthSecurityAction(tx, {
          ...action,
          userId: user.id,
          sessionId: session.id,
          client,
          at: now,
        });
      }
      return updated;
    });
    if (!elevated) throw new AuthServiceError(403, 'session_not_found', AUTH_MESSAGES.sessionNotFound);
    return this.authService.issueGrant(user, elevated, refresh.token);
  }
}
