import type { Db } from '../platform/db/database';
import type { AuthSession, User } from '../platform/db/schema';
import type { AccessTokens, IssuedAccessToken } from './access-tokens';
import type { GoTrueFactor } from './gotrue-user';

/** The types the auth service takes and returns (auth-service.ts re-exports them). */

export interface AuthServiceOptions {
  db: Db;
  accessTokens: AccessTokens;
  /** The server's signing key: refresh-token successors and device cookies are derived from it. */
  secret: string;
  /** scrypt cost for new hashes; a weaker stored hash is replaced at sign-in. */
  passwordHashCost?: number;
  sessionTtlSeconds: number;
  refreshTokenReuseGraceSeconds: number;
  now?: () => Date;
}

/** Where a sign-in comes from; kept on the session for the session manager. */
export interface ClientInfo {
  userAgent: string | null;
  ip: string | null;
  /** The device cookie the browser sent (see sign-in-throttle.ts), if any. */
  device?: string | undefined;
  /** The request's id, for the access log. */
  requestId?: string | undefined;
}

export interface SessionGrant {
  accessToken: IssuedAccessToken;
  refreshToken: string;
  user: User;
  factors: GoTrueFactor[];
}

export interface PasswordGrant extends SessionGrant {
  /** The device cookie to set: this browser has now signed in to this account. */
  device: string;
}

export type Authentication =
  | { ok: true; user: User; session: AuthSession }
  | { ok: false; reason: 'invalid' | 'expired' | 'session_not_found' };

export type SignOutScope = 'global' | 'local' | 'others';

/** A user's change of their own account (PUT /auth/v1/user), as the route has parsed it. */
export interface UserUpdate {
  /** The new password; a change needs `currentPassword`. */
  password?: string;
  currentPassword?: string;
  /** `user_metadata.full_name`; null clears it. */
  fullName?: string | null;
}
