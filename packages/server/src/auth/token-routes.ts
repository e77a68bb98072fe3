import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, AuthServiceError } from './errors';
import { toGoTrueSession } from './gotrue-user';
import {
  type AuthRoutesOptions,
  clientInfo,
  deviceCookie,
  queryParam,
  rateLimitedError,
  stringField,
} from './route-context';

/** POST /token: the password, refresh-token and PKCE grants. */
export function tokenRoutes(app: FastifyInstance, { authService, config }: AuthRoutesOptions): void {
  app.post(
    '/token',
    {
      config: {
        rateLimit: {
          max: (_request: FastifyRequest, key: string) =>
            key.endsWith(':other') ? config.authRateLimitPerMinute * 10 : config.authRateLimitPerMinute,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => {
            const grantType = queryParam(request, 'grant_type');
            return `${request.ip}:${grantType === 'password' || grantType === 'pkce' ? grantType : 'other'}`;
          },
          errorResponseBuilder: rateLimitedError,
        },
      },
    },
    async (request, reply) => {
      const grantType = queryParam(request, 'grant_type');
      if (grantType === 'password') {
        const email = stringField(request.body, 'email');
        const password = stringField(request.body, 'password');
        if (!email || !password) {
          throw new AuthServiceError(400, 'validation_failed', AUTH_MESSAGES.missingCredentials);
        }
        const grant = await authService.signInWithPassword(email, password, clientInfo(request));
        reply.header('Set-Cookie', deviceCookie(request, grant.device));
        return reply.send(toGoTrueSession(grant));
      }
      if (grantType === 'refresh_token') {
        const refreshToken = stringField(request.body, 'refresh_token');
        if (!refreshToken)
          throw new AuthServiceError(400, 'validation_failed', AUTH_MESSAGES.missingRefreshToken);
        const grant = await authService.refresh(refreshToken, clientInfo(request));
        return reply.send(toGoTrueSession(grant));
      }
      if (grantType === 'pkce') {
        // The one-time code of an external sign-in (GET /callback), with the verifier of the
        // challenge the client sent to /authorize.
        const authCode = stringField(request.body, 'auth_code');
        const codeVerifier = stringField(request.body, 'code_verifier');
        if (!authCode || !codeVerifier) {
          throw new AuthServiceError(400, 'validation_failed', AUTH_MESSAGES.missingAuthCode);
        }
        const grant = await authService.exchangeAuthCode(authCode, codeVerifier, clientInfo(request));
        reply.header('Set-Cookie', deviceCookie(request, grant.device));
        return reply.send(toGoTrueSession(grant));
      }
      throw new AuthServiceError(400, 'validation_failed', AUTH_MESSAGES.unsupportedGrantType);
    },
  );
}
