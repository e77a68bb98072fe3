import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../platform/db/database';
import type { AuthSession, User } from '../platform/db/schema';
import type { AccessTokenCheck, AccessTokens, IssuedAccessToken } from './access-tokens';
import { AUTH_MESSAGES, AuthServiceError, WeakPasswordError } from './errors';
import { consumeAuthCode } from './oidc.repository';
import {
  dummyPasswordHash,
  hashPassword,
  needsRehash,
  PASSWORD_HASH_COST,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordLength,
  samePassword,
  verifyPassword,
} from './passwords';
import {
  findLiveSessionWithUser,
  findRefreshTokenForUpdate,
  hasChild,
  insertRefreshToken,
  insertSession,
  insertSessionEvent,
  markRefreshTokenRotated,
  markSessionRefreshed,
  revokeSession,
  revokeUserSessions,
} from './sessions.repository';
import {
  clearFailures,
  type Device,
  DeviceCookies,
  lockedUntil,
  minutesUntil,
  recordFailure,
  type ThrottleKey,
  throttleKey,
} from './sign-in-throttle';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  normalizeEmail,
  recordSignIn,
  type UserChanges,
  updatePasswordHash,
  updateUser,
} from './users.repository';

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
}

export interface SessionGrant {
  accessToken: IssuedAccessToken;
  refreshToken: string;
  user: User;
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

/** Refuses a new password the rules do not allow (length only: NIST SP 800-63B, no composition rules). */
function assertAcceptablePassword(password: string): void {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) {
    throw new WeakPasswordError(AUTH_MESSAGES.passwordTooShort(PASSWORD_MIN_LENGTH), ['length']);
  }
  if (length > PASSWORD_MAX_LENGTH) {
    throw new AuthServiceError(422, 'validation_failed', AUTH_MESSAGES.passwordTooLong(PASSWORD_MAX_LENGTH));
  }
}

function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

/**
 * The token a refresh token is rotated to, derived from it with the server's key: a replay
 * within the grace window gets the very same successor again (the auth protocol's intent),
 * without the server ever storing a token itself, and nobody without the key and the token
 * can compute it.
 */
function successorOf(key: Buffer, token: string): { token: string; hash: string } {
  const successor = createHmac('sha256', key).update(token).digest('base64url');
  return { token: successor, hash: hashRefreshToken(successor) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** One-time auth codes are stored as their SHA-256 (hex), like refresh tokens. */
export const hashAuthCode = hashRefreshToken;

/** RFC 7636: S256 is base64url(SHA-256(verifier)); plain is the verifier itself. */
export function verifierMatches(verifier: string, challenge: string, method: 's256' | 'plain'): boolean {
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return false;
  const expected = Buffer.from(
    method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier,
  );
  const actual = Buffer.from(challenge);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The embedded auth service: password sign-in, refresh-token rotation, sign-out. */
export class AuthService {
  readonly db: Db;
  /** The service's clock (tests pin it); the Google flow shares it. */
  readonly now: () => Date;
  private readonly successorKey: Buffer;
  private readonly devices: DeviceCookies;
  private readonly passwordHashCost: number;

  constructor(private readonly options: AuthServiceOptions) {
    this.db = options.db;
    this.now = options.now ?? (() => new Date());
    this.successorKey = createHmac('sha256', options.secret)
      .update('tsumiki refresh-token successor')
      .digest();
    this.devices = new DeviceCookies(options.secret);
    this.passwordHashCost = options.passwordHashCost ?? PASSWORD_HASH_COST;
  }

  /**
   * Password sign-in, throttled by failures per address, per account and per known browser
   * (sign-in-throttle.ts). A locked key answers 429 before the password is even looked at.
   */
  async signInWithPassword(email: string, password: string, client: ClientInfo): Promise<PasswordGrant> {
    const now = this.now();
    const user = await findUserByEmail(this.db, email);
    const { device, keys } = this.throttleKeys(user?.id, email, client);
    await this.assertNotLocked(keys, now);

    // Always run scrypt, against a dummy hash when there is no account, so timing reveals nothing.
    const matches = await verifyPassword(
      password,
      user?.password_hash ?? (await dummyPasswordHash(this.passwordHashCost)),
    );
    if (!user?.password_hash || !matches) {
      await recordFailure(this.db, keys, now);
      throw new AuthServiceError(400, 'invalid_credentials', AUTH_MESSAGES.invalidCredentials);
    }
    await clearFailures(
      this.db,
      keys.filter((key) => key.kind !== 'ip'),
    );
    if (needsRehash(user.password_hash, this.passwordHashCost)) {
      await updatePasswordHash(this.db, user.id, await hashPassword(password, this.passwordHashCost));
    }

    const grant = await this.openSession(user, client, now, {});
    return { ...grant, device: this.devices.issue(user.id, device) };
  }

  /**
   * Exchanges a refresh token for a new session grant. Every token is used once: it is rotated
   * on use. Presenting an already rotated token again within a short grace (two tabs refreshing
   * at the same moment) returns the same successor it was rotated to, so no second live token
   * ever exists; after the grace it signals a stolen token, and the whole session (the token's
   * family) is revoked.
   */
  async refresh(refreshToken: string, client: ClientInfo): Promise<SessionGrant> {
    const now = this.now();
    const graceMs = this.options.refreshTokenReuseGraceSeconds * 1000;
    const outcome = await this.db.transaction().execute(async (tx) => {
      const stored = await findRefreshTokenForUpdate(tx, hashRefreshToken(refreshToken));
      if (!stored || stored.session_revoked_at !== null) return { kind: 'not_found' as const };
      if (stored.session_not_after.getTime() <= now.getTime()) return { kind: 'expired' as const };

      const next = successorOf(this.successorKey, refreshToken);
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
          return { kind: 'reused' as const };
        }
      } else {
        await markRefreshTokenRotated(tx, stored.id, now);
        await insertRefreshToken(tx, {
          token_hash: next.hash,
          session_id: stored.session_id,
          parent_id: stored.id,
        });
      }
      await markSessionRefreshed(tx, stored.session_id, now);
      return {
        kind: 'rotated' as const,
        sessionId: stored.session_id,
        userId: stored.user_id,
        token: next.token,
      };
    });

    switch (outcome.kind) {
      case 'not_found':
        throw new AuthServiceError(400, 'refresh_token_not_found', AUTH_MESSAGES.refreshTokenNotFound);
      case 'expired':
        throw new AuthServiceError(400, 'session_expired', AUTH_MESSAGES.sessionExpired);
      case 'reused':
        throw new AuthServiceError(400, 'refresh_token_already_used', AUTH_MESSAGES.refreshTokenAlreadyUsed);
    }
    const user = await findUserById(this.db, outcome.userId);
    if (!user) throw new AuthServiceError(400, 'refresh_token_not_found', AUTH_MESSAGES.refreshTokenNotFound);
    return this.grant(user, outcome.sessionId, outcome.token);
  }

  /**
   * The signed-in user's change of their own account: the name, and the password. A new password
   * needs the current one (GoTrue's `current_password`, as with
   * GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD): a wrong one counts as a failed
   * sign-in on the same throttle keys, so a stolen session cannot guess it faster than a sign-in
   * form could. A changed password ends every other session of the user (their refresh tokens
   * and, through the session check of every request, their access tokens); this one stays.
   */
  async updateUser(session: AuthSession, user: User, update: UserUpdate, client: ClientInfo): Promise<User> {
    const now = this.now();
    const changes: UserChanges = {};
    if (update.fullName !== undefined) changes.full_name = update.fullName;
    if (update.password !== undefined) {
      assertAcceptablePassword(update.password);
      if (!update.currentPassword) {
        throw new AuthServiceError(400, 'current_password_required', AUTH_MESSAGES.currentPasswordRequired);
      }
      const { keys } = this.throttleKeys(user.id, user.email, client);
      await this.assertNotLocked(keys, now);
      const matches = await verifyPassword(
        update.currentPassword,
        user.password_hash ?? (await dummyPasswordHash(this.passwordHashCost)),
      );
      if (!user.password_hash || !matches) {
        await recordFailure(this.db, keys, now);
        throw new AuthServiceError(400, 'current_password_mismatch', AUTH_MESSAGES.currentPasswordMismatch);
      }
      await clearFailures(
        this.db,
        keys.filter((key) => key.kind !== 'ip'),
      );
      if (samePassword(update.password, update.currentPassword)) {
        throw new AuthServiceError(422, 'same_password', AUTH_MESSAGES.samePassword);
      }
      changes.password_hash = await hashPassword(update.password, this.passwordHashCost);
    }
    if (Object.keys(changes).length === 0) return user;

    return this.db.transaction().execute(async (tx) => {
      const updated = await updateUser(tx, user.id, changes, now);
      if (changes.password_hash !== undefined) {
        const revoked = await revokeUserSessions(tx, user.id, now, session.id);
        await insertSessionEvent(tx, {
          user_id: user.id,
          session_id: session.id,
          type: 'password_changed',
          occurred_at: now,
          ip: client.ip,
          user_agent: client.userAgent?.slice(0, 500) ?? null,
          detail: { revoked_sessions: revoked },
        });
      }
      return updated;
    });
  }

  /** Signature, audience and expiry only; the session is checked by the caller's own query. */
  verifyAccessToken(accessToken: string): Promise<AccessTokenCheck> {
    return this.options.accessTokens.verify(accessToken);
  }

  async authenticate(accessToken: string): Promise<Authentication> {
    const check = await this.options.accessTokens.verify(accessToken);
    if (!check.valid) return { ok: false, reason: check.reason };
    const live = await findLiveSessionWithUser(this.db, check.claims.session_id, check.claims.sub);
    if (!live) return { ok: false, reason: 'session_not_found' };
    return { ok: true, ...live };
  }

  async signOut(session: AuthSession, scope: SignOutScope, client?: ClientInfo): Promise<void> {
    const now = this.now();
    await insertSessionEvent(this.db, {
      user_id: session.user_id,
      session_id: session.id,
      type: 'signed_out',
      occurred_at: now,
      ip: client?.ip ?? null,
      user_agent: client?.userAgent?.slice(0, 500) ?? null,
      detail: { scope },
    });
    switch (scope) {
      case 'local':
        await revokeSession(this.db, session.id, now);
        return;
      case 'others':
        await revokeUserSessions(this.db, session.user_id, now, session.id);
        return;
      case 'global':
        await revokeUserSessions(this.db, session.user_id, now);
        return;
    }
  }

  /**
   * Exchanges the one-time code of an external sign-in (GoTrue's grant_type=pkce) for a session.
   * The code is taken out of the table first, so a second exchange finds nothing whatever the
   * outcome of the first; the verifier must match the challenge the client sent to /authorize.
   */
  async exchangeAuthCode(authCode: string, codeVerifier: string, client: ClientInfo): Promise<PasswordGrant> {
    const now = this.now();
    const stored = await consumeAuthCode(this.db, hashAuthCode(authCode));
    if (!stored) throw new AuthServiceError(404, 'flow_state_not_found', AUTH_MESSAGES.authCodeNotFound);
    if (stored.expires_at.getTime() <= now.getTime()) {
      throw new AuthServiceError(400, 'flow_state_expired', AUTH_MESSAGES.authCodeExpired);
    }
    if (!verifierMatches(codeVerifier, stored.code_challenge, stored.code_challenge_method)) {
      throw new AuthServiceError(400, 'bad_code_verifier', AUTH_MESSAGES.badCodeVerifier);
    }
    const user = await findUserById(this.db, stored.user_id);
    if (!user) throw new AuthServiceError(404, 'flow_state_not_found', AUTH_MESSAGES.authCodeNotFound);
    const grant = await this.openSession(user, client, now, { provider: stored.provider });
    return { ...grant, device: this.devices.issue(user.id, this.devices.read(client.device)) };
  }

  /**
   * A new account with a password, confirmed at once (there is no mail server), and its first
   * session. The caller has checked the invitation that allows it (routes.ts). The password
   * rules are those of a password change.
   */
  async signUp(
    email: string,
    password: string,
    fullName: string | null,
    client: ClientInfo,
  ): Promise<PasswordGrant> {
    assertAcceptablePassword(password);
    if (await findUserByEmail(this.db, email)) {
      throw new AuthServiceError(422, 'user_already_exists', AUTH_MESSAGES.userAlreadyExists);
    }
    const passwordHash = await hashPassword(password, this.passwordHashCost);
    const now = this.now();
    let user: User;
    try {
      user = await insertUser(this.db, { email, password_hash: passwordHash, full_name: fullName });
    } catch (error) {
      // The same address signed up a moment ago (users.email is unique).
      if ((error as { code?: string }).code === '23505') {
        throw new AuthServiceError(422, 'user_already_exists', AUTH_MESSAGES.userAlreadyExists);
      }
      throw error;
    }
    const grant = await this.openSession(user, client, now, { provider: 'email', signup: true });
    return { ...grant, device: this.devices.issue(user.id, null) };
  }

  /** A new session of the user with its first refresh token, recorded as a sign-in. */
  private async openSession(
    user: User,
    client: ClientInfo,
    now: Date,
    detail: Record<string, unknown>,
  ): Promise<SessionGrant> {
    const refresh = newRefreshToken();
    const session = await this.db.transaction().execute(async (tx) => {
      const created = await insertSession(tx, {
        user_id: user.id,
        not_after: new Date(now.getTime() + this.options.sessionTtlSeconds * 1000),
        user_agent: client.userAgent?.slice(0, 500) ?? null,
        ip: client.ip,
      });
      await insertRefreshToken(tx, { token_hash: refresh.hash, session_id: created.id, parent_id: null });
      await recordSignIn(tx, user.id, now);
      await insertSessionEvent(tx, {
        user_id: user.id,
        session_id: created.id,
        type: 'sign_in',
        occurred_at: now,
        ip: client.ip,
        user_agent: created.user_agent,
        detail,
      });
      return created;
    });
    return this.grant({ ...user, last_sign_in_at: now }, session.id, refresh.token);
  }

  /**
   * The throttle keys of a password check (sign-in-throttle.ts): the address, and the browser's
   * device cookie when it has signed in to this account before, else the account itself.
   */
  private throttleKeys(
    userId: string | undefined,
    email: string,
    client: ClientInfo,
  ): { device: Device | null; keys: ThrottleKey[] } {
    const device: Device | null = this.devices.read(client.device);
    const knownDevice = device !== null && device.userId === userId;
    return {
      device,
      keys: [
        throttleKey('ip', client.ip ?? 'unknown'),
        knownDevice ? throttleKey('device', device.id) : throttleKey('account', normalizeEmail(email)),
      ],
    };
  }

  /** 429 while any of the keys is locked, before a password is even looked at. */
  private async assertNotLocked(keys: ThrottleKey[], now: Date): Promise<void> {
    const until = await lockedUntil(this.db, keys, now);
    if (until) {
      throw new AuthServiceError(
        429,
        'over_request_rate_limit',
        AUTH_MESSAGES.signInLocked(minutesUntil(until, now)),
      );
    }
  }

  private async grant(user: User, sessionId: string, refreshToken: string): Promise<SessionGrant> {
    const accessToken = await this.options.accessTokens.issue({
      userId: user.id,
      email: user.email,
      sessionId,
      now: this.now(),
    });
    return { accessToken, refreshToken, user };
  }
}
