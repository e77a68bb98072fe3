import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import type { AuthService } from '../../auth/auth-service';
import type { TenantAccess } from '../access/access';
import type { OperationCall } from '../audit/operation-access';
import { ReadLog } from '../audit/read-log';
import type { Db } from '../db/database';
import { readFirst } from '../db/read-scope';
import { type TransactionTrace, withTenant } from '../db/tenant-scope';
import { NotImplementedError } from '../errors';
import type { FileStorage } from '../files/storage';
import type { MultipartBody } from '../files/uploads';
import { authenticate, authenticateForTenant, authenticateOptionally } from './access-hooks';
import { operationAccessLogging } from './access-logging';
import { installAllowedMethods } from './allowed-methods';
import { EventStreamResponse, installEventStreams, sendEventStream } from './event-stream';
import { discardUploads, multipartOperations, readMultipartBody } from './multipart-uploads';
import type { OpenApiDocument, OperationPolicy } from './openapi';
import { shapeRequestBodies } from './request-bodies';
import {
  type ApiHandlers,
  type DeferredTenantRequestContext,
  type ImplementedOperationId,
  isDeferredHandler,
  OPTIONAL_AUTHENTICATION_OPERATIONS,
  type OptionallySignedInRequestContext,
  type RequestContext,
  type TenantRequestContext,
} from './typed-handlers';

export interface ApiRoutesOptions {
  document: OpenApiDocument;
  policies: Map<string, OperationPolicy>;
  handlers: ApiHandlers;
  authService: AuthService;
  db: Db;
  /** Where the file parts of multipart operations are staged before their handler runs. */
  files: FileStorage;
  /** Record reads in the access log (ACCESS_LOG_READS); changes are recorded whatever this says. */
  accessLogReads: boolean;
}

type AnyHandler = (
  input: unknown,
  context: RequestContext | TenantRequestContext | OptionallySignedInRequestContext,
) => Promise<{
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  logged?: Record<string, string | null>;
}>;

/** A call's parameters and body as the access log reads them (its answer comes after). */
type CallInput = Omit<OperationCall, 'response'>;

function isImplemented(id: string, handlers: ApiHandlers): id is ImplementedOperationId {
  return Object.hasOwn(handlers, id);
}

/**
 * Every operation of the spec is either implemented (a handler) or planned (declares 501),
 * never both and never neither. The compiler checks this against the generated types; this
 * checks it against the document actually loaded.
 */
function assertEveryOperationAccountedFor(policies: Map<string, OperationPolicy>, handlers: ApiHandlers) {
  for (const { operationId, planned } of policies.values()) {
    const implemented = isImplemented(operationId, handlers);
    if (implemented && planned) {
      throw new Error(`openapi.yaml の ${operationId} は実装済みなのに準備中（501）になっています`);
    }
    if (!implemented && !planned) {
      throw new Error(
        `openapi.yaml の ${operationId} にハンドラーがなく、準備中（501）でもありません（pnpm generate を実行しましたか）`,
      );
    }
  }
}

/** The operations typed as optionally signed in are exactly those the document says so of. */
function assertOptionalAuthenticationListed(policies: Map<string, OperationPolicy>) {
  const listed = new Set<string>(OPTIONAL_AUTHENTICATION_OPERATIONS);
  for (const { operationId, optionalAuthentication } of policies.values()) {
    if (optionalAuthentication !== listed.has(operationId)) {
      throw new Error(
        `openapi.yaml の ${operationId} の security（トークンは任意か）が OPTIONAL_AUTHENTICATION_OPERATIONS と一致しません`,
      );
    }
  }
}

function clientInfo(request: FastifyRequest): RequestContext['client'] {
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.ip ?? null,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : null,
  };
}

/**
 * Routes, validation and response serialisation come from openapi.yaml through
 * fastify-openapi-glue; authentication, tenant, x-feature and x-permission checks are attached
 * here from the spec, generically, never per handler. Order: (the rate limit of all /api,
 * api-rate-limit.ts) → authenticate, tenant, x-feature, x-permission (onRequest, one query) →
 * declared Content-Type (request-bodies.ts) → body parsing → planned: 501 | validation →
 * handler, which for a tenant-scoped operation runs inside the request's one tenant transaction.
 */
export async function registerApiRoutes(app: FastifyInstance, options: ApiRoutesOptions): Promise<void> {
  const { policies, handlers } = options;
  assertEveryOperationAccountedFor(policies, handlers);
  assertOptionalAuthenticationListed(policies);
  installAllowedMethods(app, options.document);
  shapeRequestBodies(app, options.document);
  const uploads = multipartOperations(options.document);
  const readLog = new ReadLog(options.db);
  app.addHook('onClose', async () => {
    await readLog.close();
    // How the reads' rows were batched (pnpm bench:access-log reads this line).
    const stats = readLog.stats();
    if (stats.batches > 0) app.log.info({ readLog: stats }, '操作ログ（読み取り）のバッチ');
  });
  installEventStreams(app);

  await app.register(openapiGlue, {
    // The glue dereferences the document in place; ours stays untouched for the policies.
    specification: structuredClone(options.document),
    operationResolver: (operationId: string) => {
      const policy = policies.get(operationId);
      if (!policy) throw new Error(`未知の operationId: ${operationId}`);
      // Planned operations answer before their input is validated: there is nothing to do with it.
      const preValidation = policy.planned
        ? [
            async () => {
              throw new NotImplementedError(operationId);
            },
          ]
        : [];
      const onRequest = policy.optionalAuthentication
        ? authenticateOptionally(options.authService, options.db, policy)
        : policy.tenantScoped
          ? authenticateForTenant(options.authService, options.db, policy)
          : policy.authenticated
            ? authenticate(options.authService)
            : null;
      const common = {
        ...(onRequest ? { onRequest } : {}),
        ...(preValidation.length > 0 ? { preValidation } : {}),
      };
      if (policy.planned || !isImplemented(operationId, handlers)) {
        return {
          ...common,
          // Nothing to validate or serialise: it only ever answers an error envelope. (Compiling
          // the schemas of ~70 planned operations would double the start-up time.)
          schema: {},
          handler: async () => {
            throw new NotImplementedError(operationId);
          },
          // The glue fills in method and url from the spec.
        } as unknown as RouteOptions;
      }
      const handler = handlers[operationId] as unknown as AnyHandler;
      const multipart = uploads.has(operationId);
      const deferred = isDeferredHandler(handlers[operationId]);
      type InTenant = DeferredTenantRequestContext['inTenant'];
      const logging = operationAccessLogging(policy.accessLog, {
        accessLogReads: options.accessLogReads,
        readLog,
      });
      const logChange = logging.change;
      // A GET reads: its queries go in batches without begin/commit (db/read-scope.ts).
      const scope = policy.method === 'GET' && !logChange ? readFirst(operationId) : withTenant;
      /** The handler in the request's one tenant transaction, a change's access-log row with the commit. */
      const inTransaction = (tenant: TenantAccess, context: RequestContext, input: CallInput) =>
        scope(
          options.db,
          tenant.tenantId,
          async (tx) => {
            const answer = await handler(input, { ...context, tenant, tx } as TenantRequestContext);
            await logChange?.(tx, { ...input, response: answer.body, logged: answer.logged });
            return answer;
          },
          requestTrace(context),
        );
      /**
       * A handler outside the request transaction (it waits on an AI provider): a change's
       * access-log row gets a short transaction of its own once it has answered, committed before
       * the answer.
       */
      const outsideTransaction = async (tenant: TenantAccess, context: RequestContext, input: CallInput) => {
        const trace = requestTrace(context);
        const inTenant: InTenant = (work) => withTenant(options.db, tenant.tenantId, work, trace);
        const answer = await handler(input, { ...context, tenant, inTenant } as DeferredTenantRequestContext);
        if (logChange)
          await inTenant((tx) => logChange(tx, { ...input, response: answer.body, logged: answer.logged }));
        return answer;
      };
      const run = deferred ? outsideTransaction : inTransaction;
      const read = logging.read;
      /**
       * A read's access-log row is committed before its answer leaves (read-log.ts): started with
       * the read when it needs nothing of the answer (the two overlap), else after it.
       */
      const tenantCall = async (tenant: TenantAccess, context: RequestContext, input: CallInput) => {
        if (!read) return run(tenant, context, input);
        const trace = requestTrace(context);
        if (!read.early) {
          const answer = await run(tenant, context, input);
          try {
            await read.record(tenant.tenantId, trace, {
              ...input,
              response: answer.body,
              logged: answer.logged,
            });
          } catch (error) {
            // A download's file is open by now: no row, no answer, and no file left open.
            if (answer.body instanceof Readable) answer.body.destroy();
            throw error;
          }
          return answer;
        }
        const logged = read.record(tenant.tenantId, trace, { ...input, response: undefined });
        let answer: Awaited<ReturnType<AnyHandler>>;
        try {
          answer = await run(tenant, context, input);
        } catch (error) {
          // The attempt's row stays; the read's own error is the answer.
          await logged.catch(() => {});
          throw error;
        }
        await logged;
        return answer;
      };
      const answer = async (request: FastifyRequest, reply: FastifyReply, body: unknown) => {
        const input = {
          query: request.query ?? {},
          headers: request.headers,
          params: request.params ?? {},
          body,
        };
        const context: RequestContext = {
          requestId: request.id,
          principal: request.principal,
          client: clientInfo(request),
          accessTokenExpiresAt: request.accessTokenExpiresAt,
        };
        const tenant = request.tenantAccess;
        let result: Awaited<ReturnType<AnyHandler>>;
        if (policy.optionalAuthentication) {
          result = await handler(input, { ...context, tenant } as OptionallySignedInRequestContext);
        } else if (policy.tenantScoped && tenant) {
          result = await tenantCall(tenant, context, input);
        } else {
          result = await handler(input, context);
        }
        // The transaction has committed by now: a stream holds no connection while it lasts.
        if (result.body instanceof EventStreamResponse) return sendEventStream(app, reply, result.body);
        if (result.headers) reply.headers(result.headers);
        return reply.code(result.status).send(result.body);
      };
      return {
        ...common,
        handler: async (request: FastifyRequest, reply: FastifyReply) => {
          // Files are staged before the transaction opens; whatever the handler did not commit
          // is discarded once it has settled (multipart-uploads.ts).
          const multipartBody: MultipartBody | null = multipart
            ? await readMultipartBody(request, options.files)
            : null;
          try {
            return await answer(request, reply, multipartBody ?? request.body);
          } finally {
            if (multipartBody) await discardUploads(options.files, multipartBody.files);
          }
        },
        // The glue fills in method, url and schema from the spec.
      } as RouteOptions;
    },
  });
}

/** Who makes the request and from where, for the access log of its transactions. */
function requestTrace(context: RequestContext): TransactionTrace {
  const principal = context.principal;
  return {
    actor: principal
      ? { userId: principal.userId, name: principal.fullName || principal.email, email: principal.email }
      : null,
    ip: context.client.ip,
    userAgent: context.client.userAgent,
    requestId: context.requestId,
  };
}
