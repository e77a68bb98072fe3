import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, AuthServiceError } from './errors';
import { toGoTrueSession } from './gotrue-user';
import type { TotpFactors } from './mfa-service';
import type { RecoveryCodes } from './recovery-codes';
import {
  type AuthRoutesOptions,
  clientInfo,
  requireSession,
  signInRateLimit,
  stringField,
} from './route-context';

/** The two-factor services the MFA routes speak for (app.ts builds them). */
export interface MfaServices {
  totp: TotpFactors;
  recovery: RecoveryCodes;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function factorId(request: FastifyRequest): string {
  const id = (request.params as { id?: string }).id;
  if (!id || !UUID.test(id))
    throw new AuthServiceError(404, 'mfa_factor_not_found', AUTH_MESSAGES.mfaFactorNotFound);
  return id;
}

/**
 * The auth protocol's MFA endpoints (TOTP), as @supabase/auth-js's `mfa.*` calls them, and its
 * experimental `mfa.recoveryCodes.*` (under /factors/recovery-codes). /recovery-codes and
 * /recovery-codes/verify are shorter names of the same for clients without that API.
 */
export function mfaRoutes(app: FastifyInstance, { authService, config, mfa }: AuthRoutesOptions): void {
  const guarded = { config: signInRateLimit(config, 'mfa') };

  app.post('/factors', guarded, async (request) => {
    const { user, session } = await requireSession(authService, request);
    return mfa.totp.enrol(user, session, {
      factorType: stringField(request.body, 'factor_type'),
      friendlyName: stringField(request.body, 'friendly_name'),
      issuer: stringField(request.body, 'issuer'),
    });
  });

  app.post('/factors/:id/challenge', guarded, async (request) => {
    const { user } = await requireSession(authService, request);
    return mfa.totp.challenge(user, factorId(request), clientInfo(request));
  });

  app.post('/factors/:id/verify', guarded, async (request) => {
    const { user, session } = await requireSession(authService, request);
    const id = factorId(request);
    const challengeId = stringField(request.body, 'challenge_id');
    const code = stringField(request.body, 'code');
    if (!challengeId || !code)
      throw new AuthServiceError(400, 'validation_failed', AUTH_MESSAGES.mfaCodeMissing);
    if (!UUID.test(challengeId)) {
      throw new AuthServiceError(404, 'mfa_factor_not_found', AUTH_MESSAGES.mfaChallengeNotFound);
    }
    const grant = await mfa.totp.verify(
      user,
      session,
      { factorId: id, challengeId, code },
      clientInfo(request),
    );
    return toGoTrueSession(grant);
  });

  app.delete('/factors/:id', guarded, async (request) => {
    const { user, session } = await requireSession(authService, request);
    return mfa.totp.unenrol(user, session, factorId(request), clientInfo(request));
  });

  app.get('/factors/recovery-codes', async (request) => {
    const { user } = await requireSession(authService, request);
    return mfa.recovery.status(user);
  });

  app.post('/factors/recovery-codes', guarded, async (request) => {
    const { user, session } = await requireSession(authService, request);
    return mfa.recovery.generate(user, session, clientInfo(request));
  });

  app.post('/factors/recovery-codes/regenerate', guarded, async (request) => {
    const { user, session } = await requireSession(authService, request);
    return mfa.recovery.regenerate(user, session, clientInfo(request));
  });

  app.delete('/factors/recovery-codes', guarded, async (request) => {
    const { user, session } = await requireSession(authService, request);
    return mfa.recovery.unenrol(user, session);
  });

  const verifyRecoveryCode = async (request: FastifyRequest) => {
    const { user, session } = await requireSession(authService, request);
    const code = stringField(request.body, 'code');
    if (!code) throw new AuthServiceError(400, 'validation_failed', AUTH_MESSAGES.recoveryCodeMissing);
    return toGoTrueSession(await mfa.recovery.verify(user, session, code, clientInfo(request)));
  };
  app.post('/factors/recovery-codes/verify', guarded, verifyRecoveryCode);
  app.post('/recovery-codes/verify', guarded, verifyRecoveryCode);

  // A new set (the first, or in place of the old one): `{ codes }` among the members.
  app.post('/recovery-codes', guarded, async (request) => {
    const { user, session } = await requireSession(authService, request);
    return mfa.recovery.regenerate(user, session, clientInfo(request));
  });
}
