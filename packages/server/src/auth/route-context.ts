import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { bearerToken } from '../platform/http/bearer';
import type { AuthService, ClientInfo } from './auth-service';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS, readCookie } from './device-cookies';
import { AUTH_MESSAGES, AuthServiceError, type WeakPasswordError } from './errors';
import type { MfaServices } from './mfa-routes';

/** What every group of /auth/v1 routes is registered with (routes.ts). */
export interface AuthRoutesOptions {
  authService: AuthService;
  config: Config;
  mfa: MfaServices;
}

export function clientInfo(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  return {
    userAgent: typeof userAgent === 'string' ? userAgent : null,
    ip: request.ip,
    device: readCookie(request.headers.cookie, DEVICE_COOKIE),
    requestId: request.id,
  };
}

/** The device cookie: only ever sent back to the auth service, never readable by scripts. */
export function deviceCookie(request: FastifyRequest, value: string): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${DEVICE_COOKIE}=${value}; Path=/auth/v1; Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure}`;
}

export function stringField(body: unknown, name: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** GoTrue's weak-password answer carries the reasons beside the usual three members. */
export function sendWeakPassword(reply: FastifyReply, error: WeakPasswordError) {
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
export function siteOrigin(request: FastifyRequest, config: Config): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}

export function queryParam(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

/** The answer of a route's flood guard (@fastify/rate-limit), in GoTrue's words. */
export function rateLimitedError(): AuthServiceError {
  return new AuthServiceError(429, 'over_request_rate_limit', AUTH_MESSAGES.rateLimited);
}

/**
 * Sign-ins and sign-ups (each runs scrypt or talks to Google) share one budget per address and
 * kind; refresh grants get ten times as many (token-routes.ts).
 */
export function signInRateLimit(config: Config, kind: string) {
  return {
    rateLimit: {
      max: config.authRateLimitPerMinute,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `${request.ip}:${kind}`,
      errorResponseBuilder: rateLimitedError,
    },
  };
}

/** The signed-in user and session of a bearer token, or GoTrue's refusal. */
export async function requireSession(authService: AuthService, request: FastifyRequest) {
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
