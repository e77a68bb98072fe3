import { createHmac } from 'node:crypto';
import { recordAccountAccess } from '../platform/audit/access-log';
import type { Db } from '../platform/db/database';
import type { AuthSession, User } from '../platform/db/schema';
import type { AccessTokenCheck } from './access-tokens';
import type {
  Authentication,
  AuthServiceOptions,
  ClientInfo,
  PasswordGrant,
  SessionGrant,
  SignOutScope,
  UserUpdate,
} from './auth-types';
import { AUTH_MESSAGES, AuthServiceError } from './errors';
import { listGoTrueFactors } from './mfa-factors';
import { consumeAuthCode } from './oidc.repository';
import { PasswordChecks } from './password-check';
import {
  assertAcceptablePassword,
  hashPassword,
  needsRehash,
  PASSWORD_HASH_COST,
  samePassword,
} from './passwords';
import { type GrantedSession, rotateRefreshToken } from './refresh-rotation';
import { accountTrace } from './security-events';
import { hashAuthCode, newRefreshToken, verifierMatches } from './session-tokens';
import {
  findLiveSessionWithUser,
  insertRefreshToken,
  insertSession,
  insertSessionEvent,
  revokeSession,
  revokeUserSessions,
} from './sessions.repository';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  isUserDisabled,
  recordSignIn,
  type UserChanges,
  updatePasswordHash,
  updateUser,
} from './users.repository';

/** The embedded auth service: password sign-in, refresh-token rotation, sign-out. */
export type {
  Authentication,
  AuthServiceOptions,
  ClientInfo,
  PasswordGrant,
  SessionGrant,
  SignOutScope,
  UserUpdate,
} from './auth-types';

export class AuthService {
  readonly db: Db;
  /** The service's clock (tests pin it); the Google flow shares it. */
  readonly now: () => Date;
  private readonly successorKey: Buffer;
  private readonly passwords: PasswordChecks;
  private readonly passwordHashCost: number;

  constructor(private readonly options: AuthServiceOptions) {
    this.db = options.db;
    this.now = options.now ?? (() => new Date());
    this.successorKey = createHmac('sha256', options.secret)
      .update('tsumiki refresh-token successor')
      .digest();
    this.passwordHashCost = options.passwordHashCost ?? PASSWORD_HASH_COST;
    this.passwords = new PasswordChecks(options.db, options.secret, this.passwordHashCost);
  }

  /**
   * Password sign-in, throttled per account, per account and address, per known browser and
   * per address (sign-in-throttle.ts), with the hash on the bounded hashing queue: a caller
   * over a limit gets 429 before the password is even looked at. A disabled user with the
   * right password gets `user_banned` and no session.
   */
  async signInWithPassword(email: string, password: string, client: ClientInfo): Promise<PasswordGrant> {
    const now = this.now();
    const user = await findUserByEmail(this.db, email);
    const matches = await this.passwords.check({ user, email, password, client, now });
    if (!user || !matches) {
      // A known account's failure goes to the access log of its tenants (an unknown address has none).
      if (user) {
        await this.db.transaction().execute((tx) =>
          recordAccountAccess(tx, user.id, accountTrace(user, client), {
            action: 'auth.sign_in_failed',
            target: { type: 'user', id: user.id },
            detail: { reason: 'invalid_credentials' },
          }),
        );
      }
      throw new AuthServiceError(400, 'invalid_credentials', AUTH_MESSAGES.invalidCredentials);
    }
    await this.assertEnabled(user);
    if (user.password_hash && needsRehash(user.password_hash, this.passwordHashCost)) {
      await updatePasswordHash(this.db, user.id, await hashPassword(password, this.passwordHashCost));
    }

    const grant = await this.openSession(user, client, now, {});
    return { ...grant, device: this.passwords.devices.issue(user.id, client.device) };
  }

  /**
   * Exchanges a refresh token for a new session grant, rotating it (refresh-rotation.ts). A user
   * whom administrators have disabled gets `user_banned`, and the token stays as it was.
   */
  async refresh(refreshToken: string, client: ClientInfo): Promise<SessionGrant> {
    const now = this.now();
    const graceMs = this.options.refreshTokenReuseGraceSeconds * 1000;
    const outcome = await this.db
      .transaction()
      .execute((tx) =>
        rotateRefreshToken(tx, refreshToken, { successorKey: this.successorKey, graceMs, now, client }),
      );

    switch (outcome.kind) {
      case 'not_found':
        throw new AuthServiceError(400, 'refresh_token_not_found', AUTH_MESSAGES.refreshTokenNotFound);
      case 'expired':
        throw new AuthServiceError(400, 'session_expired', AUTH_MESSAGES.sessionExpired);
      case 'reused':
        throw new AuthServiceError(400, 'refresh_token_already_used', AUTH_MESSAGES.refreshTokenAlreadyUsed);
      case 'disabled':
        throw new AuthServiceError(400, 'user_banned', AUTH_MESSAGES.userDisabled);
    }
    return this.issueGrant(outcome.user, outcome.session, outcome.token);
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
      const matches = await this.passwords.check({
        user,
        email: user.email,
        password: update.currentPassword,
        client,
        now,
      });
      if (!matches) {
        throw new AuthServiceError(400, 'current_password_mismatch', AUTH_MESSAGES.currentPasswordMismatch);
      }
      if (samePassword(update.password, update.currentPassword)) {
        throw new AuthServiceError(422, 'same_password', AUTH_MESSAGES.samePassword);
      }
      changes.password_hash = await this.passwords.hash(update.password);
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
    const user = await findUserById(this.db, session.user_id);
    if (user) {
      await this.db.transaction().execute((tx) =>
        recordAccountAccess(tx, user.id, accountTrace(user, client), {
          action: 'auth.sign_out',
          target: { type: 'session', id: session.id },
          detail: { scope },
        }),
      );
    }
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
    await this.assertEnabled(user);
    const grant = await this.openSession(user, client, now, { provider: stored.provider });
    return { ...grant, device: this.passwords.devices.issue(user.id, client.device) };
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
    const passwordHash = await this.passwords.hash(password);
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
    return { ...grant, device: this.passwords.devices.issue(user.id, client.device) };
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
        // GoTrue's methods: a password, or an external provider's sign-in (oauth).
        amr: [
          {
            method: detail.provider === 'google' ? 'oauth' : 'password',
            timestamp: Math.floor(now.getTime() / 1000),
          },
        ],
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
      // In the session's own transaction: a sign-in exists exactly when its access-log rows do.
      await recordAccountAccess(tx, user.id, accountTrace(user, client), {
        action: 'auth.sign_in',
        target: { type: 'session', id: created.id },
        detail,
      });
      return created;
    });
    return this.issueGrant({ ...user, last_sign_in_at: now }, session, refresh.token);
  }

  /** GoTrue answers a banned user 400 `user_banned`; ours are the ones administrators disabled. */
  private async assertEnabled(user: User): Promise<void> {
    if (await isUserDisabled(this.db, user)) {
      throw new AuthServiceError(400, 'user_banned', AUTH_MESSAGES.userDisabled);
    }
  }

  /**
   * Tokens of a session at its assurance level, with the user's factors (auth-js reads them from
   * the session's user to tell whether a second factor is to be asked for).
   */
  async issueGrant(user: User, session: GrantedSession, refreshToken: string): Promise<SessionGrant> {
    const accessToken = await this.options.accessTokens.issue({
      userId: user.id,
      email: user.email,
      sessionId: session.id,
      aal: session.aal,
      amr: session.amr,
      now: this.now(),
    });
    return { accessToken, refreshToken, user, factors: await listGoTrueFactors(this.db, user.id) };
  }
}
