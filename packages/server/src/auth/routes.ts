import type { FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../platform/db/database';
import { acceptEmptyJsonBodies } from '../platform/http/request-bodies';
import { AUTH_MESSAGES, AuthRateLimitError, AuthServiceError } from './errors';
import { googleRoutes } from './google-routes';
import { mfaRoutes } from './mfa-routes';
import type { AuthRoutesOptions } from './route-context';
import { signUpRoutes } from './sign-up-routes';
import { tokenRoutes } from './token-routes';
import { userRoutes } from './user-routes';

export type { AuthRoutesOptions } from './route-context';

/**
 * The embedded auth service under /auth/v1, speaking the Supabase Auth (GoTrue) protocol so that
 * the official @supabase/auth-js client works against it unchanged. The groups of routes are
 * registered in this context (not as plugins) so that they share its body parser and error handler.
 */
export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions): Promise<void> {
  // auth-js posts `Content-Type: application/json` with an empty body to /logout (accepted as no
  // body, as everywhere); nothing this service takes is larger than 64 KB.
  acceptEmptyJsonBodies(app, { bodyLimit: 64 * 1024 });

  // A 429 of the throttle or of the hashing queue says when to come back; the answer itself is
  // the error handler's (platform/http/error-handler.ts), which an error thrown here reaches.
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof AuthRateLimitError) reply.header('Retry-After', String(error.retryAfterSeconds));
    // A database out of reach is the service being unavailable, as /api answers it (503), not a
    // failure of the auth service; auth-js treats a 503 as retryable.
    if (!(error instanceof AuthServiceError) && isDatabaseUnavailable(error)) {
      const unavailable = new AuthServiceError(503, 'unexpected_failure', AUTH_MESSAGES.unavailable);
      unavailable.cause = error;
      throw unavailable;
    }
    throw error;
  });

  tokenRoutes(app, options);
  userRoutes(app, options);
  signUpRoutes(app, options);
  googleRoutes(app, options);
  mfaRoutes(app, options);
}
