import { randomUUID } from 'node:crypto';
import type { AuthSession, User } from '../platform/db/schema';
import type { ClientInfo, SessionGrant } from './auth-service';
import { AUTH_MESSAGES, AuthServiceError } from './errors';
import { findRecoveryCodeSet, isEnrolled, storeRecoveryCodes, useRecoveryCode } from './mfa.repository';
import { RECOVERY_CODES_NAME } from './mfa-factors';
import { newRecoveryCode, RECOVERY_CODE_COUNT } from './mfa-keys';
import type { MfaContext } from './mfa-session';

/** A new set of codes, shown once (auth-js's AuthMFARecoveryCodesGenerateResponse data). */
export interface RecoveryCodesResponse {
  id: string;
  type: 'recovery_code';
  friendly_name: string;
  total: number;
  codes: string[];
}

/**
 * Ten single-use recovery codes per user, for when the authenticator app is lost: issued (and
 * reissued) by an aal2 session of a user with a verified TOTP factor, stored as keyed hashes
 * (mfa-keys.ts), each accepted once in place of a TOTP code. The paths and shapes are those of
 * auth-js's `mfa.recoveryCodes` (GoTrue's /factors/recovery-codes).
 */
export class RecoveryCodes {
  constructor(private readonly context: MfaContext) {}

  async status(user: User) {
    const set = await findRecoveryCodeSet(this.context.db, user.id);
    if (!set) throw new AuthServiceError(404, 'mfa_factor_not_found', AUTH_MESSAGES.recoveryCodesMissing);
    return { id: set.set_id, type: 'recovery_code' as const, total: set.total, remaining: set.remaining };
  }

  /** The first set; 422 when one exists (regenerate replaces it). */
  async generate(user: User, session: AuthSession, client: ClientInfo): Promise<RecoveryCodesResponse> {
    await this.assertMayIssue(user, session);
    if (await findRecoveryCodeSet(this.context.db, user.id)) {
      throw new AuthServiceError(422, 'mfa_verified_factor_exists', AUTH_MESSAGES.recoveryCodesExist);
    }
    return this.issue(user, session, client);
  }

  /** A new set in place of the old one, whose codes stop working at once. */
  async regenerate(user: User, session: AuthSession, client: ClientInfo): Promise<RecoveryCodesResponse> {
    await this.assertMayIssue(user, session);
    return this.issue(user, session, client);
  }

  async unenrol(user: User, session: AuthSession): Promise<{ id: string }> {
    this.context.requireAal2(session);
    const set = await findRecoveryCodeSet(this.context.db, user.id);
    if (!set) throw new AuthServiceError(404, 'mfa_factor_not_found', AUTH_MESSAGES.recoveryCodesMissing);
    await storeRecoveryCodes(this.context.db, user.id, set.set_id, []);
    return { id: set.set_id };
  }

  /**
   * One code in place of a TOTP code: counted on the same throttle as TOTP codes, accepted once.
   * The session becomes aal2 with `mfa/recovery_code` in its amr.
   */
  async verify(user: User, session: AuthSession, code: string, client: ClientInfo): Promise<SessionGrant> {
    const keys = this.context.requireKeys();
    if (!(await isEnrolled(this.context.db, user.id))) {
      throw new AuthServiceError(422, 'mfa_factor_not_found', AUTH_MESSAGES.mfaNotEnrolled);
    }
    const settle = await this.context.reserveCodeAttempt(user);
    if (!(await useRecoveryCode(this.context.db, user.id, keys.hashRecoveryCode(code)))) {
      await this.context.report({
        type: 'mfa_failed',
        userId: user.id,
        sessionId: session.id,
        client,
        detail: { reason: 'invalid_recovery_code' },
      });
      throw new AuthServiceError(422, 'mfa_verification_failed', AUTH_MESSAGES.recoveryCodeInvalid);
    }
    await settle();
    const remaining = (await findRecoveryCodeSet(this.context.db, user.id))?.remaining ?? 0;
    return this.context.elevate(
      user,
      session,
      'mfa/recovery_code',
      [{ type: 'recovery_code_used', detail: { remaining } }],
      client,
    );
  }

  private async assertMayIssue(user: User, session: AuthSession): Promise<void> {
    this.context.requireKeys();
    this.context.requireAal2(session);
    if (!(await isEnrolled(this.context.db, user.id))) {
      throw new AuthServiceError(422, 'mfa_recovery_codes_sole_factor', AUTH_MESSAGES.mfaNotEnrolled);
    }
  }

  private async issue(user: User, session: AuthSession, client: ClientInfo): Promise<RecoveryCodesResponse> {
    const keys = this.context.requireKeys();
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const setId = randomUUID();
    await storeRecoveryCodes(
      this.context.db,
      user.id,
      setId,
      codes.map((code) => keys.hashRecoveryCode(code)),
    );
    await this.context.report({
      type: 'recovery_codes_generated',
      userId: user.id,
      sessionId: session.id,
      client,
      detail: { total: codes.length },
    });
    return {
      id: setId,
      type: 'recovery_code',
      friendly_name: RECOVERY_CODES_NAME,
      total: codes.length,
      codes,
    };
  }
}
