import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SignOutScope } from './auth-service';
import { AUTH_MESSAGES, AuthServiceError, WeakPasswordError } from './errors';
import { toGoTrueUser } from './gotrue-user';
import { isEnrolled } from './mfa.repository';
import { listGoTrueFactors } from './mfa-factors';
import {
  type AuthRoutesOptions,
  clientInfo,
  queryParam,
  rateLimitedError,
  requireSession,
  sendWeakPassword,
} from './route-context';
import { parseUserUpdate } from './user-update';

const SIGN_OUT_SCOPES: readonly SignOutScope[] = ['global', 'local', 'others'];

/** The signed-in user's own account: GET and PUT /user, POST /logout. */
export function userRoutes(app: FastifyInstance, { authService, config }: AuthRoutesOptions): void {
  app.get('/user', async (request) => {
    const { user } = await requireSession(authService, request);
    return toGoTrueUser(user, await listGoTrueFactors(authService.db, user.id));
  });

  // The user's change of their own account. Each password change costs two scrypt runs, so the
  // route has the sign-in flood guard; wrong current passwords are throttled like sign-ins.
  app.put(
    '/user',
    {
      config: {
        rateLimit: {
          max: config.authRateLimitPerMinute,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => `${request.ip}:user`,
          errorResponseBuilder: rateLimitedError,
        },
      },
    },
    async (request, reply) => {
      const { user, session } = await requireSession(authService, request);
      const update = parseUserUpdate(request.body, user.email);
      // GoTrue's rule: with a verified second factor, only a session that passed it changes the password.
      if (
        update.password !== undefined &&
        session.aal !== 'aal2' &&
        (await isEnrolled(authService.db, user.id))
      ) {
        throw new AuthServiceError(403, 'insufficient_aal', AUTH_MESSAGES.mfaAal2Required);
      }
      try {
        const updated = await authService.updateUser(session, user, update, clientInfo(request));
        return reply.send(toGoTrueUser(updated, await listGoTrueFactors(authService.db, updated.id)));
      } catch (error) {
        if (!(error instanceof WeakPasswordError)) throw error;
        return sendWeakPassword(reply, error);
      }
    },
  );

  app.post('/logout', async (request, reply: FastifyReply) => {
    const scope = queryParam(request, 'scope') ?? 'global';
    if (!SIGN_OUT_SCOPES.includes(scope as SignOutScope)) {
      throw new AuthServiceError(400, 'validation_failed', AUTH_MESSAGES.unsupportedLogoutScope);
    }
    const { session } = await requireSession(authService, request);
    await authService.signOut(session, scope as SignOutScope, clientInfo(request));
    return reply.code(204).send();
  });
}
