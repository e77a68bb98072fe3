import type { AuthSession, User } from '../platform/db/schema';
import type { ClientInfo, SessionGrant } from './auth-service';
import { AUTH_MESSAGES, AuthServiceError } from './errors';
import {
  acceptCode,
  deleteFactor,
  findChallengeForVerify,
  findRecoveryCodeSet,
  insertChallenge,
  insertFactor,
  isEnrolled,
  listFactors,
  type StoredFactor,
  storeRecoveryCodes,
} from './mfa.repository';
import type { MfaContext } from './mfa-session';
import { lowerUserSessions } from './sessions.repository';
import { DEFAULT_TOTP_ISSUER, newTotpSecret, totpEnrolment, totpStep } from './totp';

/** How long a challenge may be answered (GoTrue's default MFA challenge expiry). */
const CHALLENGE_TTL_SECONDS = 300;
/** Enrolments begun and never finished that a user may have at once. */
const MAX_UNVERIFIED_FACTORS = 10;
const DEFAULT_FRIENDLY_NAME = '認証アプリ';

/** POST /factors's answer for a TOTP factor (auth-js's AuthMFAEnrollTOTPResponse data). */
export interface TotpEnrolmentResponse {
  id: string;
  type: 'totp';
  friendly_name: string;
  totp: { qr_code: string; secret: string; uri: string };
}

export interface EnrolInput {
  factorType: string | undefined;
  friendlyName: string | undefined;
  issuer: string | undefined;
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23505';
}

/**
 * TOTP second factors (RFC 6238) through the auth protocol's MFA endpoints: enrol, challenge,
 * verify, unenrol. Each accepted code raises its session to aal2; a code's time step is used
 * once; wrong codes are throttled per user like passwords.
 */
export class TotpFactors {
  constructor(private readonly context: MfaContext) {}

  async enrol(user: User, session: AuthSession, input: EnrolInput): Promise<TotpEnrolmentResponse> {
    const keys = this.context.requireKeys();
    if (input.factorType !== 'totp') {
      throw new AuthServiceError(422, 'validation_failed', AUTH_MESSAGES.mfaFactorTypeUnsupported);
    }
    const factors = await listFactors(this.context.db, user.id);
    // A second factor is added only by whoever can pass the first one (GoTrue's rule).
    if (factors.some((factor) => factor.status === 'verified')) this.context.requireAal2(session);
    if (factors.filter((factor) => factor.status === 'unverified').length >= MAX_UNVERIFIED_FACTORS) {
      throw new AuthServiceError(422, 'too_many_enrolled_mfa_factors', AUTH_MESSAGES.mfaTooManyFactors);
    }
    const friendlyName =
      input.friendlyName?.trim() ?? freeName(factors.map((factor) => factor.friendly_name));
    if (friendlyName.length === 0 || friendlyName.length > 100) {
      throw new AuthServiceError(422, 'validation_failed', AUTH_MESSAGES.mfaFriendlyNameInvalid);
    }
    const secret = newTotpSecret();
    let factor: StoredFactor;
    try {
      factor = await insertFactor(
        this.context.db,
        user.id,
        friendlyName,
        keys.encryptSecret(secret, user.id),
      );
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AuthServiceError(422, 'mfa_factor_name_conflict', AUTH_MESSAGES.mfaFriendlyNameTaken);
      }
      throw error;
    }
    const issuer = input.issuer?.trim() || DEFAULT_TOTP_ISSUER;
    const enrolment = await totpEnrolment(secret, issuer, user.email);
    return {
      id: factor.id,
      type: 'totp',
      friendly_name: factor.friendly_name,
      totp: { qr_code: enrolment.qrCode, secret: enrolment.secret, uri: enrolment.uri },
    };
  }

  async challenge(user: User, factorId: string, client: ClientInfo) {
    const expiresAt = new Date(this.context.now().getTime() + CHALLENGE_TTL_SECONDS * 1000);
    const challenge = await insertChallenge(this.context.db, user.id, factorId, client.ip, expiresAt);
    if (!challenge) throw new AuthServiceError(404, 'mfa_factor_not_found', AUTH_MESSAGES.mfaFactorNotFound);
    return {
      id: challenge.id,
      type: 'totp' as const,
      expires_at: Math.floor(challenge.expires_at.getTime() / 1000),
    };
  }

  /**
   * The code of a challenge: counted on the user's throttle first, then checked (±1 step), then
   * accepted only if its step is later than the last accepted one. The session becomes aal2;
   * the first verification of a factor makes it verified.
   */
  async verify(
    user: User,
    session: AuthSession,
    input: { factorId: string; challengeId: string; code: string },
    client: ClientInfo,
  ): Promise<SessionGrant> {
    const keys = this.context.requireKeys();
    const stored = await findChallengeForVerify(this.context.db, user.id, input.factorId, input.challengeId);
    if (!stored) throw new AuthServiceError(404, 'mfa_factor_not_found', AUTH_MESSAGES.mfaChallengeNotFound);
    if (stored.challenge_verified_at !== null) {
      throw new AuthServiceError(422, 'mfa_challenge_expired', AUTH_MESSAGES.mfaChallengeNotFound);
    }
    const now = this.context.now();
    if (stored.challenge_expires_at.getTime() <= now.getTime()) {
      throw new AuthServiceError(422, 'mfa_challenge_expired', AUTH_MESSAGES.mfaChallengeExpired);
    }
    const settle = await this.context.reserveCodeAttempt(user);
    const step = totpStep(keys.decryptSecret(stored.secret_ciphertext, user.id), input.code, now);
    const refuse = async (message: string, reason: string) => {
      await this.context.report({
        type: 'mfa_failed',
        userId: user.id,
        sessionId: session.id,
        client,
        detail: { factor_id: input.factorId, reason },
      });
      return new AuthServiceError(422, 'mfa_verification_failed', message);
    };
    if (step === null) throw await refuse(AUTH_MESSAGES.mfaCodeInvalid, 'invalid_code');
    if (stored.last_used_step !== null && Number(stored.last_used_step) >= step) {
      throw await refuse(AUTH_MESSAGES.mfaCodeUsed, 'code_reused');
    }
    const outcome = await acceptCode(this.context.db, user.id, input.factorId, input.challengeId, step);
    if (outcome === 'code_used') throw await refuse(AUTH_MESSAGES.mfaCodeUsed, 'code_reused');
    if (outcome === 'challenge_closed') {
      throw new AuthServiceError(422, 'mfa_challenge_expired', AUTH_MESSAGES.mfaChallengeNotFound);
    }
    await settle();
    const detail = { factor_id: input.factorId };
    const actions =
      stored.status === 'unverified'
        ? [
            { type: 'mfa_enrolled' as const, detail },
            { type: 'mfa_verified' as const, detail },
          ]
        : [{ type: 'mfa_verified' as const, detail }];
    return this.context.elevate(user, session, 'totp', actions, client);
  }

  /**
   * Removes a factor. While the user has a verified one, only an aal2 session may (GoTrue's
   * rule). The recovery codes go with the last verified factor, and the user's sessions fall
   * back to aal1 then.
   */
  async unenrol(
    user: User,
    session: AuthSession,
    factorId: string,
    client: ClientInfo,
  ): Promise<{ id: string }> {
    if (await isEnrolled(this.context.db, user.id)) this.context.requireAal2(session);
    // The recovery codes are listed as a factor too: removing that one removes the codes.
    const recovery = await findRecoveryCodeSet(this.context.db, user.id);
    if (recovery?.set_id === factorId) {
      await storeRecoveryCodes(this.context.db, user.id, factorId, []);
    } else if (!(await deleteFactor(this.context.db, user.id, factorId))) {
      throw new AuthServiceError(404, 'mfa_factor_not_found', AUTH_MESSAGES.mfaFactorNotFound);
    } else if (!(await isEnrolled(this.context.db, user.id)))
      await lowerUserSessions(this.context.db, user.id);
    await this.context.report({
      type: 'mfa_unenrolled',
      userId: user.id,
      sessionId: session.id,
      client,
      detail: { factor_id: factorId },
    });
    return { id: factorId };
  }
}

/** 認証アプリ, else 認証アプリ 2, 3 … whichever the user has not used. */
function freeName(taken: string[]): string {
  if (!taken.includes(DEFAULT_FRIENDLY_NAME)) return DEFAULT_FRIENDLY_NAME;
  for (let n = 2; ; n += 1) {
    const name = `${DEFAULT_FRIENDLY_NAME} ${n}`;
    if (!taken.includes(name)) return name;
  }
}
