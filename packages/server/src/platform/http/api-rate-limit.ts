import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthService } from '../../auth/auth-service';
import { TooManyRequestsError } from '../errors';
import { bearerToken } from './bearer';
import { API_PREFIX, isUnder, pathOf } from './prefixes';

export interface ApiRateLimitOptions {
  authService: AuthService;
  /** Requests per client and minute over all of /api; 0 disables. */
  perMinute: number;
}

/**
 * Whose budget a request spends: the user of a valid access token (whatever session or address
 * it comes from), else the address (IPv6 by /64, as @fastify/rate-limit does). Checking the
 * token's signature needs no database; a forged or expired token spends the address's budget.
 */
async function clientKey(authService: AuthService, request: FastifyRequest): Promise<string> {
  const token = bearerToken(request);
  if (token) {
    const check = await authService.verifyAccessToken(token);
    if (check.valid) return `user:${check.claims.sub}`;
  }
  return `ip:${normalizeIP(request.ip)}`;
}

/**
 * One budget per client over every /api route, unknown paths included (@fastify/rate-limit on a
 * route counts that route alone). Counted in PostgreSQL by the plugin's store
 * (rate-limit-store.ts, one upsert per request), so N processes behind a load balancer spend one
 * budget and a restart keeps it. Runs before authentication: a flood of unauthenticated requests
 * costs that one statement each, never a session lookup.
 */
export function installApiRateLimit(app: FastifyInstance, options: ApiRateLimitOptions): void {
  if (options.perMinute <= 0) return;
  const limit = app.rateLimit({
    max: options.perMinute,
    timeWindow: 60_000,
    // The store's name for this budget (rate_limit_counters keys start `api|`).
    ...({ rateLimitScope: 'api' } as object),
    keyGenerator: (request) => clientKey(options.authService, request),
    errorResponseBuilder: (_request, context) => new TooManyRequestsError(Math.ceil(context.ttl / 1000)),
  });
  app.addHook('onRequest', async function limitApi(request, reply) {
    if (isUnder(pathOf(request.url), API_PREFIX)) await limit.call(this, request, reply);
  });
}
