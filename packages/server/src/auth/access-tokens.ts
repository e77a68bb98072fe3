import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { AmrEntry, AuthenticatorAssuranceLevel } from '../platform/db/schema';

export const AUDIENCE = 'authenticated';

export interface AccessTokenClaims {
  sub: string;
  email: string;
  session_id: string;
  exp: number;
  iat: number;
}

export interface IssuedAccessToken {
  token: string;
  expiresIn: number;
  /** Unix seconds. */
  expiresAt: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type AccessTokenCheck =
  | { valid: true; claims: AccessTokenClaims }
  | { valid: false; reason: 'expired' | 'invalid' };

/** Clocks of two processes may differ a little; a token issued further ahead is not ours. */
const CLOCK_TOLERANCE_SECONDS = 5;
/** Verified tokens remembered (a few per signed-in browser; the oldest go first). */
const VERIFIED_CACHE_SIZE = 2_000;

/** HS256 access tokens in the shape Supabase Auth issues (sub, email, aud, role, session_id). */
export class AccessTokens {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature, audience and issuer checked out, with their claims: a browser sends
   * the same token with every request for its 15 minutes, and the check is the same each time.
   * Expiry is still checked on every use, and whether the session is live is not this class's
   * question (the request's access query answers it), so remembering a valid token is safe.
   */
  private readonly verified = new Map<string, AccessTokenClaims>();

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    /** The `iss` every token carries and must carry (see authIssuer in config.ts). */
    private readonly issuer: string,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(input: {
    userId: string;
    email: string;
    sessionId: string;
    /** The session's assurance level and methods, newest first (GoTrue's `aal` and `amr`). */
    aal?: AuthenticatorAssuranceLevel;
    amr?: AmrEntry[];
    now?: Date;
  }): Promise<IssuedAccessToken> {
    const issuedAt = Math.floor((input.now ?? new Date()).getTime() / 1000);
    const expiresAt = issuedAt + this.ttlSeconds;
    const token = await new SignJWT({
      email: input.email,
      role: 'authenticated',
      session_id: input.sessionId,
      aal: input.aal ?? 'aal1',
      // Sessions from before two-factor sign-in recorded no methods: they began with a password.
      amr: input.amr?.length ? input.amr : [{ method: 'password', timestamp: issuedAt }],
      is_anonymous: false,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(input.userId)
      .setAudience(AUDIENCE)
      .setIssuer(this.issuer)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(this.key);
    return { token, expiresIn: this.ttlSeconds, expiresAt };
  }

  async verify(token: string): Promise<AccessTokenCheck> {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp * 1000 > Date.now()) return { valid: true, claims: known };
      this.verified.delete(token);
      return { valid: false, reason: 'expired' };
    }
    const check = await this.verifySignature(token);
    if (check.valid) {
      if (this.verified.size >= VERIFIED_CACHE_SIZE) {
        const oldest = this.verified.keys().next().value;
        if (oldest !== undefined) this.verified.delete(oldest);
      }
      this.verified.set(token, check.claims);
    }
    return check;
  }

  private async verifySignature(token: string): Promise<AccessTokenCheck> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        audience: AUDIENCE,
        issuer: this.issuer,
        requiredClaims: ['iat', 'exp', 'sub'],
      });
      const { sub, email, session_id: sessionId, exp, iat } = payload;
      if (
        typeof sub !== 'string' ||
        typeof email !== 'string' ||
        typeof sessionId !== 'string' ||
        !UUID.test(sub) ||
        !UUID.test(sessionId) ||
        typeof exp !== 'number' ||
        typeof iat !== 'number' ||
        // Issued in the future: not a token this server signed (jose only checks iat's type).
        iat > Date.now() / 1000 + CLOCK_TOLERANCE_SECONDS
      ) {
        return { valid: false, reason: 'invalid' };
      }
      return { valid: true, claims: { sub, email, session_id: sessionId, exp, iat } };
    } catch (error) {
      return { valid: false, reason: error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}
