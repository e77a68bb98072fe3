import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES, AuthServiceError } from './errors';
import { GoogleOidc } from './google-oidc';
import { GoogleSignIn } from './google-sign-in';
import { type AuthRoutesOptions, queryParam, signInRateLimit, siteOrigin } from './route-context';

/** Google sign-in: OpenID Connect with state, nonce and PKCE (google-sign-in.ts). */
export function googleRoutes(app: FastifyInstance, { authService, config }: AuthRoutesOptions): void {
  const googleSignIn = config.google
    ? new GoogleSignIn(authService.db, new GoogleOidc(config.google), authService.now, {
        warn: (message) => app.log.warn(message),
      })
    : null;

  app.get('/authorize', { config: signInRateLimit(config, 'authorize') }, async (request, reply) => {
    const provider = queryParam(request, 'provider');
    if (provider !== 'google') {
      throw new AuthServiceError(400, 'validation_failed', AUTH_MESSAGES.unsupportedProvider);
    }
    if (!googleSignIn)
      throw new AuthServiceError(400, 'validation_failed', AUTH_MESSAGES.googleNotConfigured);
    const { location } = await googleSignIn.authorize({
      site: siteOrigin(request, config),
      redirectTo: queryParam(request, 'redirect_to'),
      codeChallenge: queryParam(request, 'code_challenge'),
      codeChallengeMethod: queryParam(request, 'code_challenge_method'),
    });
    return reply.header('Cache-Control', 'no-store').redirect(location, 302);
  });

  app.get('/callback', { config: signInRateLimit(config, 'callback') }, async (request, reply) => {
    const site = siteOrigin(request, config);
    const query: Record<string, string | undefined> = {};
    for (const name of [
      'code',
      'state',
      'error',
      'error_description',
      'iss',
      'scope',
      'authuser',
      'hd',
      'prompt',
    ]) {
      query[name] = queryParam(request, name);
    }
    const { location } = googleSignIn
      ? await googleSignIn.callback(query, site)
      : {
          location: `${site}/auth/callback?${new URLSearchParams({
            error: 'invalid_request',
            error_code: 'provider_disabled',
            error_description: AUTH_MESSAGES.googleNotConfigured,
          })}`,
        };
    return reply
      .header('Cache-Control', 'no-store')
      .header('Referrer-Policy', 'no-referrer')
      .redirect(location, 302);
  });
}
