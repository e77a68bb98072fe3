import { randomUUID } from 'node:crypto';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { AccessTokens } from './auth/access-tokens';
import { AuthService } from './auth/auth-service';
import { authRoutes } from './auth/routes';
import type { Config } from './config';
import { registerStaticApp } from './http/static-app';
import { createApiHandlers } from './modules';
import { serverVersion } from './paths';
import type { Db } from './platform/db/database';
import { getOrCreateSecret } from './platform/db/secrets';
import { registerApiReference } from './platform/http/api-reference';
import { registerApiRoutes } from './platform/http/api-routes';
import { API_PREFIX, AUTH_PREFIX, installErrorHandling } from './platform/http/error-handler';
import { createValidatorCompiler, loadOpenApiDocument, operationPolicies } from './platform/http/openapi';

export const JWT_SECRET_NAME = 'auth_jwt_secret';
/** Largest file an upload accepts (documents, knowledge base), as the contract says. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

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
  // Uploads are streamed by their handlers, which check the parts themselves; parsing
  // multipart/form-data here only makes such requests reach the access checks (and 501 while
  // the operation is planned) instead of a 415.
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 10, fields: 20, fieldSize: 100 * 1024, parts: 30 },
  });
  app.addHook('onRoute', (route) => {
    const body = route.schema?.body as { content?: Record<string, unknown> } | undefined;
    if (body?.content && 'multipart/form-data' in body.content) {
      const { 'multipart/form-data': _streamed, ...others } = body.content;
      if (Object.keys(others).length > 0) body.content = others;
      else if (route.schema) delete route.schema.body;
    }
  });

  const spaFallback = config.serveApp ? await registerStaticApp(app, config.appDistDir) : null;
  installErrorHandling(app, { spaFallback });

  await app.register(authRoutes, { prefix: AUTH_PREFIX, authService, config });
  await registerApiReference(app);
  await registerApiRoutes(app, {
    document,
    policies,
    handlers: createApiHandlers({
      db,
      version: serverVersion(),
      document,
      sessions: { now: now ?? (() => new Date()), sessionTtlSeconds: config.sessionTtlSeconds },
    }),
    authService,
    db,
    rateLimitPerMinute: config.apiRateLimitPerMinute,
  });

  return app;
}
