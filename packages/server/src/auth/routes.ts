import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { checkInvitationForSignUp } from '../modules/invitations/invitation-codes';
import { isDatabaseUnavailable } from '../platform/db/database';
import { bearerToken } from '../platform/http/bearer';
import { acceptEmptyJsonBodies } from '../platform/http/request-bodies';
import type { AuthService, ClientInfo, SignOutScope } from './auth-service';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS, readCookie } from './device-cookies';
import { AUTH_MESSAGES, AuthRateLimitError, AuthServiceError, WeakPasswordError } from './errors';
import { GoogleOidc } from './google-oidc';
import { GoogleSignIn } from './google-sign-in';
import { toGoTrueSession, toGoTrueUser } from './gotrue-user';
import { parseSignUp } from './sign-up';
import { parseUserUpdate } from './user-update';

export interface AuthRoutesOptions {
  authService: AuthService;
  config: Config;
}

const SIGN_OUT_SCOPES: readonly SignOutScope[] = ['global', 'local', 'others'];

function clientInfo(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  return {
    userAgent: typeof userAgent === 'string' ? userAgent : null,
    ip: request.ip,
    device: readCookie(request.headers.cookie, DEVICE_COOKIE),
  };
}

/** The device cookie: only ever sent back to the auth service, never readable by scripts. */
function deviceCookie(request: FastifyRequest, value: string): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${DEVICE_COOKIE}=${value}; Path=/auth/v1; Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure}`;
}

function stringField(body: unknown, name: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** GoTrue's weak-password answer carries the reasons beside the usual three members. */
function sendWeakPassword(reply: FastifyReply, error: WeakPasswordError) {
  return reply.code(error.status).send({
    code: error.status,
    error_code: error.errorCode,
    msg: error.message,
    weak_password: { reasons: error.reasons },
  });
}

/**
 * The origin of the site as people reach it: PUBLIC_URL when configured, else the origin the
 * request came to (behind a proxy, TRUST_PROXY makes that the forwarded one).
 */
function siteOrigin(request: FastifyRequest, config: Config): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}

function queryParam(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The embedded auth service under /auth/v1, speaking the Supabase Auth (GoTrue) protocol so that
 * the official @supabase/auth-js client works against it unchanged.
 */
export async function authRoutes(
  app: FastifyInstance,
  { authService, config }: AuthRoutesOptions,
): Promise<void> {
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

  // Sign-ins and sign-ups (each runs scrypt or talks to Google) share one budget per address
  // and kind; refresh grants get ten times as many.
  const signInRateLimit = (kind: string) => ({
    rateLimit: {
      max: config.authRateLimitPerMinute,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `${request.ip}:${kind}`,
      errorResponseBuilder: () =>
        new AuthServiceError(429, 'over_request_rate_limit', AUTH_MESSAGES.rateLimited),
    },
  });
  const googleSignIn = config.google
    ? new GoogleSignIn(authService.db, new GoogleOidc(config.google), authService.now, {
        warn: (message) => app.log.warn(message),
      })
    : null;

  async function requireSession(request: FastifyRequest) {
    const token = bearerToken(request);
    if (!token) throw new AuthServiceError(401, 'no_authorization', AUTH_MESSAGES.noAuthorization);
    const authentication = await authService.authenticate(token);
    if (authentication.ok) return authentication;
    if (authentication.reason === 'session_not_found') {
      // auth-js treats `session_not_found` as "signed out" and clears its stored session.
      throw new AuthServiceError(403, 'session_not_found', AUTH_MESSAGES.sessionNotFound);
    }
    throw new AuthServiceError(403, 'bad_jwt', AUTH_MESSAGES.badJwt);
  }

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
          errorResponseBuilder: () =>
            new AuthServiceError(429, 'over_request_rate_limit', AUTH_MESSAGES.rateLimited),
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

  app.get('/user', async (request) => {
    const { user } = await requireSession(request);
    return toGoTrueUser(user);
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
          errorResponseBuilder: () =>
            new AuthServiceError(429, 'over_request_rate_limit', AUTH_MESSAGES.rateLimited),
        },
      },
    },
    async (request, reply) => {
      const { user, session } = await requireSession(request);
      const update = parseUserUpdate(request.body, user.email);
      try {
        const updated = await authService.updateUser(session, user, update, clientInfo(request));
        return reply.send(toGoTrueUser(updated));
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
    const { session } = await requireSession(request);
    await authService.signOut(session, scope as SignOutScope, clientInfo(request));
    return reply.code(204).send();
  });

  // Sign-up is by invitation only: GoTrue's sign-up, accepted only with a usable invitation code
  // for that address in `data.invitation_code`. The account is confirmed at once and signed in;
  // joining the tenant is the invitation's own step (POST /api/invitations/use).
  app.post('/signup', { config: signInRateLimit('signup') }, async (request, reply) => {
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

  // Google sign-in: OpenID Connect with state, nonce and PKCE (google-sign-in.ts).
  app.get('/authorize', { config: signInRateLimit('authorize') }, async (request, reply) => {
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

  app.get('/callback', { config: signInRateLimit('callback') }, async (request, reply) => {
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
