import type { FastifyInstance } from 'fastify';
import { checkInvitationForSignUp } from '../modules/invitations/invitation-codes';
import { AUTH_MESSAGES, AuthServiceError, WeakPasswordError } from './errors';
import { toGoTrueSession } from './gotrue-user';
import {
  type AuthRoutesOptions,
  clientInfo,
  deviceCookie,
  sendWeakPassword,
  signInRateLimit,
} from './route-context';
import { parseSignUp } from './sign-up';

/** POST /signup (by invitation) and GET /settings, which tells auth-js what this service offers. */
export function signUpRoutes(app: FastifyInstance, { authService, config }: AuthRoutesOptions): void {
  // Sign-up is by invitation only: GoTrue's sign-up, accepted only with a usable invitation code
  // for that address in `data.invitation_code`. The account is confirmed at once and signed in;
  // joining the tenant is the invitation's own step (POST /api/invitations/use).
  app.post('/signup', { config: signInRateLimit(config, 'signup') }, async (request, reply) => {
    const signUp = parseSignUp(request.body);
    if (!signUp.invitationCode) {
      throw new AuthServiceError(403, 'signup_disabled', AUTH_MESSAGES.signupNeedsInvitation);
    }
    const invitation = await checkInvitationForSignUp(authService.db, signUp.invitationCode, signUp.email);
    if (!invitation.ok) throw new AuthServiceError(403, 'signup_disabled', invitation.message);
    try {
      const grant = await authService.signUp(
        signUp.email,
        signUp.password,
        signUp.fullName,
        clientInfo(request),
      );
      reply.header('Set-Cookie', deviceCookie(request, grant.device));
      return reply.send(toGoTrueSession(grant));
    } catch (error) {
      if (!(error instanceof WeakPasswordError)) throw error;
      return sendWeakPassword(reply, error);
    }
  });

  app.get('/settings', async () => ({
    external: { email: true, phone: false, google: config.google !== null },
    // Open to sign-up requests, which are refused without an invitation (POST /signup).
    disable_signup: false,
    mailer_autoconfirm: true,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  }));
}
