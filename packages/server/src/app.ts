import { randomUUID } from 'node:crypto';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { AccessTokens } from './auth/access-tokens';
import { AuthService } from './auth/auth-service';
import { authRoutes } from './auth/routes';
import type { Config } from './config';
import type { Db } from './db/database';
import { getOrCreateSecret } from './db/repositories/secrets';
import { createApiHandlers } from './http/api-handlers';
import { registerApiRoutes } from './http/api-routes';
import { API_PREFIX, AUTH_PREFIX, installErrorHandling } from './http/error-handler';
import { createValidatorCompiler, loadOpenApiDocument, operationPolicies } from './http/openapi';
import { registerStaticApp } from './http/static-app';
import { serverVersion } from './paths';

export const JWT_SECRET_NAME = 'auth_jwt_secret';

export interface BuildServerOptions {
  /** Connection of the non-superuser app role (row-level security applies). */
  db: Db;
  config: Config;
  /** Clock of the auth service; tests pin it, everybody else leaves it alone. */
  now?: () => Date;
}

/** A ready-to-listen Fastify instance serving /api, /auth/v1 and (when built) the app. Never listens itself. */
export async function buildServer({ db, config, now }: BuildServerOptions): Promise<FastifyInstance> {
  const document = loadOpenApiDocument();
  const policies = operationPolicies(document);
  const secret = config.authJwtSecret ?? (await getOrCreateSecret(db, JWT_SECRET_NAME));
  const authService = new AuthService({
    db,
    accessTokens: new AccessTokens(secret, config.accessTokenTtlSeconds),
    sessionTtlSeconds: config.sessionTtlSeconds,
    refreshTokenReuseGraceSeconds: config.refreshTokenReuseGraceSeconds,
    ...(now ? { now } : {}),
  });

  const app = Fastify({
    logger: { level: config.logLevel },
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });

  app.decorateRequest('principal', null);
  app.decorateRequest('tenantAccess', null);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    // Tenant data and tokens must not stay in browser or proxy caches.
    if (request.url.startsWith(`${API_PREFIX}/`) || request.url.startsWith(`${AUTH_PREFIX}/`)) {
      reply.header('Cache-Control', 'no-store');
    }
  });

  app.setValidatorCompiler(createValidatorCompiler());

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  await app.register(fastifyRateLimit, { global: false });

  const spaFallback = config.serveApp ? await registerStaticApp(app, config.appDistDir) : null;
  installErrorHandling(app, { spaFallback });

  await app.register(authRoutes, { prefix: AUTH_PREFIX, authService, config });
  await registerApiRoutes(app, {
    document,
    policies,
    handlers: createApiHandlers({ db, version: serverVersion() }),
    authService,
    db,
    rateLimitPerMinute: config.apiRateLimitPerMinute,
  });

  return app;
}
