import { randomUUID } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { AccessTokens } from './auth/access-tokens';
import { AuthService } from './auth/auth-service';
import { TotpFactors } from './auth/mfa-service';
import { MfaContext } from './auth/mfa-session';
import { RecoveryCodes } from './auth/recovery-codes';
import { authRoutes } from './auth/routes';
import { authIssuer, type Config } from './config';
import { registerStaticApp } from './http/static-app';
import { createApiHandlers } from './modules';
import { installAccessContextCache } from './platform/access/access-context-cache';
import { createAiProvider } from './platform/ai/create-provider';
import { startAccessLogSealer } from './platform/audit/sealer';
import type { Db } from './platform/db/database';
import { DatabaseNotifications } from './platform/events/database-notifications';
import { configuredFileStorage } from './platform/files/configured-storage';
import { workFileRemovals } from './platform/files/file-removal';
import type { FileStorage } from './platform/files/storage';
import { MAX_FILE_BYTES } from './platform/files/uploads';
import { installApiRateLimit } from './platform/http/api-rate-limit';
import { registerApiReference } from './platform/http/api-reference';
import { registerApiRoutes } from './platform/http/api-routes';
import { buildSharedSerializer } from './platform/http/compiled-schemas';
import { answerClientError, answerFrameworkError, installErrorHandling } from './platform/http/error-handler';
import { loadOpenApiDocument, operationPolicies } from './platform/http/openapi';
import { AUTH_PREFIX } from './platform/http/prefixes';
import { postgresRateLimitStore, startRateLimitSweep } from './platform/http/rate-limit-store';
import { acceptEmptyJsonBodies } from './platform/http/request-bodies';
import { createValidatorCompiler } from './platform/http/request-validation';
import { registerResponseHeaders, securityHeaderSet } from './platform/http/response-headers';
import type { JobQueue } from './platform/jobs/jobs';
import { createJobQueue } from './platform/jobs/pg-boss-queue';
import { createMailer } from './platform/mail/mailer';
import type { TextIndex } from './platform/search/text-index';
import { createTextIndex } from './platform/search/text-index-postgres';

/** Largest file an upload accepts (documents, knowledge base), as the contract says. */
export const MAX_UPLOAD_BYTES = MAX_FILE_BYTES;

/** Staging files older than this at start-up were left by a process that died mid-upload. */
const STALE_STAGING_MS = 60 * 60 * 1000;

export interface BuildServerOptions {
  /** Connection of the non-superuser app role (row-level security applies). */
  db: Db;
  /**
   * Connection string of `db`'s role, for the process's one LISTEN connection (the live
   * notification streams hear of changes through it). Without it streams send the count on
   * connect only, and clients fall back to polling.
   */
  databaseUrl?: string;
  config: Config;
  /**
   * The access-token signing key kept in the database (bootstrapDatabase reads it as the owner;
   * the app role cannot). AUTH_JWT_SECRET, when set, takes its place.
   */
  jwtSecret?: string;
  /**
   * The secret the two-factor keys derive from (server_secrets, read as the owner like the
   * signing key). Without it the two-factor endpoints answer 503.
   */
  mfaSecret?: string;
  /** Clock of the auth service; tests pin it, everybody else leaves it alone. */
  now?: () => Date;
  /** Where uploaded files live; a directory (config.filesDir) unless given. */
  files?: FileStorage;
  /**
   * The background job queue; pg-boss over `databaseUrl` unless given. Without either, sending a
   * job fails (an upload then answers 500): nothing runs in the background.
   */
  jobs?: JobQueue;
  /** The text index; over the database with the configured provider's embeddings unless given. */
  textIndex?: TextIndex;
}

/** A ready-to-listen Fastify instance serving /api, /auth/v1 and (when built) the app. Never listens itself. */
export async function buildServer({
  db,
  databaseUrl,
  config,
  jwtSecret,
  mfaSecret,
  now,
  ...given
}: BuildServerOptions): Promise<FastifyInstance> {
  const document = loadOpenApiDocument();
  const policies = operationPolicies(document);
  const secret = config.authJwtSecret ?? jwtSecret;
  if (!secret) throw new Error('アクセストークンの署名鍵がありません（AUTH_JWT_SECRET か bootstrap の鍵）');
  const authService = new AuthService({
    db,
    secret,
    passwordHashCost: config.passwordHashCost,
    accessTokens: new AccessTokens(secret, config.accessTokenTtlSeconds, authIssuer(config)),
    sessionTtlSeconds: config.sessionTtlSeconds,
    refreshTokenReuseGraceSeconds: config.refreshTokenReuseGraceSeconds,
    ...(now ? { now } : {}),
  });

  const securityHeaders = await securityHeaderSet();
  const app = Fastify({
    logger: { level: config.logLevel },
    genReqId: () => randomUUID(),
    // The nearest `trustProxy` hops only (proxy-addr counts hops from the server outwards).
    trustProxy:
      config.trustProxy === false
        ? false
        : (_address: string, hop: number) => hop < (config.trustProxy as number),
    bodyLimit: 1024 * 1024,
    // What Fastify and Node answer before any hook (malformed URL, unreadable request) becomes
    // the error envelope with the headers of every response.
    frameworkErrors: answerFrameworkError(securityHeaders),
    clientErrorHandler: answerClientError(securityHeaders),
    // A request without Host is refused through the hooks (error-handler.ts), not by Node.
    http: { requireHostHeader: false },
    // Fastify's serialisers, compiled once per process (compiled-schemas.ts).
    schemaController: { compilersFactory: { buildSerializer: buildSharedSerializer } },
  });

  app.decorateRequest('principal', null);
  app.decorateRequest('tenantAccess', null);
  app.decorateRequest('accessTokenExpiresAt', null);
  // First of all hooks: whatever answers next (rate limit, authentication) has these headers.
  await registerResponseHeaders(app);
  const databaseNotifications = databaseUrl
    ? new DatabaseNotifications({ connectionString: databaseUrl, log: app.log })
    : null;
  // Before any route: a write through any of them drops this process's cached access contexts.
  if (databaseNotifications && config.accessContextCache) {
    installAccessContextCache(app, databaseNotifications);
  }

  app.setValidatorCompiler(createValidatorCompiler());
  acceptEmptyJsonBodies(app);

  // Every budget of the plugin (all of /api, the auth routes' flood guards) is counted in
  // PostgreSQL, shared by every server process.
  await app.register(fastifyRateLimit, { global: false, store: postgresRateLimitStore(db) });
  const stopRateLimitSweep = startRateLimitSweep(db, (error) =>
    app.log.warn(`利用回数の古い記録を削除できませんでした（次の回にやり直します）: ${String(error)}`),
  );
  installApiRateLimit(app, { authService, perMinute: config.apiRateLimitPerMinute });
  // multipart/form-data is parsed only so that uploads reach the access checks; their handlers
  // stream the parts (request-bodies.ts).
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 10, fields: 20, fieldSize: 100 * 1024, parts: 30 },
  });

  const spaFallback = config.serveApp ? await registerStaticApp(app, config.appDistDir) : null;
  installErrorHandling(app, { spaFallback, securityHeaders });

  const mfaContext = new MfaContext(authService, mfaSecret ?? null);
  const mfa = { totp: new TotpFactors(mfaContext), recovery: new RecoveryCodes(mfaContext) };
  await app.register(authRoutes, { prefix: AUTH_PREFIX, authService, config, mfa });
  await registerApiReference(app);
  let files = given.files;
  if (!files) {
    const storage = configuredFileStorage(config);
    files = storage.files;
    const swept = await storage.sweepStaging(STALE_STAGING_MS);
    if (swept > 0) app.log.info(`途中で止まったアップロードの一時ファイルを ${swept} 件削除しました`);
  }
  const jobs =
    given.jobs ??
    (databaseUrl
      ? createJobQueue({ connectionString: databaseUrl, log: app.log, timings: config.jobs })
      : withoutJobQueue());
  const ai = createAiProvider(config.ai);
  const textIndex = given.textIndex ?? createTextIndex({ embeddings: ai.embeddings, log: app.log });
  workFileRemovals(jobs, db, files);
  // Reads' access-log rows wait in the inbox until chained: every second, in every process.
  const stopSealer = startAccessLogSealer(db, (error) =>
    app.log.warn(`操作ログの連鎖づけに失敗しました（次の回にやり直します）: ${String(error)}`),
  );
  app.addHook('onClose', async () => {
    await stopSealer();
    stopRateLimitSweep();
    await jobs.stop();
    await databaseNotifications?.close();
  });
  await registerApiRoutes(app, {
    document,
    policies,
    handlers: createApiHandlers({
      db,
      document,
      sessions: { now: now ?? (() => new Date()), sessionTtlSeconds: config.sessionTtlSeconds },
      databaseNotifications,
      log: app.log,
      passwordHashCost: config.passwordHashCost,
      files,
      jobs,
      ai,
      textIndex,
      mailer: config.mail ? createMailer(config.mail) : null,
      publicUrl: config.publicUrl,
      researchWebSearchUrl: config.researchWebSearchUrl,
    }),
    authService,
    db,
    files,
    accessLogReads: config.accessLogReads,
  });
  // After every module registered its workers.
  await jobs.start();

  if (databaseNotifications) {
    databaseNotifications.start();
    // The database answered bootstrap a moment ago; a LISTEN that cannot connect keeps retrying.
    await databaseNotifications.waitUntilConnected(5_000).catch((error: unknown) => {
      app.log.warn(`通知の LISTEN 接続を待たずに起動します: ${String(error)}`);
    });
  }

  return app;
}

/** No queue: sending fails loudly instead of losing the work (a server built without a database URL). */
function withoutJobQueue(): JobQueue {
  return {
    async sendInTransaction(_tx, name) {
      throw new Error(
        `ジョブキューがないため ${name} を登録できません（buildServer に databaseUrl がありません）`,
      );
    },
    work() {},
    schedule() {},
    async start() {},
    async stop() {},
  };
}
