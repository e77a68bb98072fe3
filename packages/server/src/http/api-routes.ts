import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import type { AuthService } from '../auth/auth-service';
import type { Db } from '../db/database';
import { TooManyRequestsError } from '../domain/errors';
import { authenticate, authorize } from './access-hooks';
import type { OpenApiDocument, OperationPolicy } from './openapi';
import type { ApiHandlers, OperationId, RequestContext, TenantRequestContext } from './typed-handlers';

export interface ApiRoutesOptions {
  document: OpenApiDocument;
  policies: Map<string, OperationPolicy>;
  handlers: ApiHandlers;
  authService: AuthService;
  db: Db;
  /** Requests per IP and minute on each operation; 0 disables. */
  rateLimitPerMinute: number;
}

type AnyHandler = (
  input: unknown,
  context: RequestContext | TenantRequestContext,
) => Promise<{
  status: number;
  body: unknown;
}>;

function isOperationId(id: string, handlers: ApiHandlers): id is OperationId {
  return Object.hasOwn(handlers, id);
}

/**
 * Routes, validation and response serialisation come from openapi.yaml through
 * fastify-openapi-glue; authentication, tenant, x-feature and x-permission checks are attached
 * here from the spec, generically, never per handler.
 */
export async function registerApiRoutes(app: FastifyInstance, options: ApiRoutesOptions): Promise<void> {
  const { policies, handlers } = options;
  for (const operationId of policies.keys()) {
    if (!isOperationId(operationId, handlers)) {
      throw new Error(
        `openapi.yaml の ${operationId} に対応するハンドラーがありません（pnpm generate を実行しましたか）`,
      );
    }
  }

  const rateLimit =
    options.rateLimitPerMinute > 0
      ? {
          max: options.rateLimitPerMinute,
          timeWindow: 60_000,
          errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
            new TooManyRequestsError(Math.ceil(context.ttl / 1000)),
        }
      : null;

  await app.register(openapiGlue, {
    // The glue dereferences the document in place; ours stays untouched for the policies.
    specification: structuredClone(options.document),
    operationResolver: (operationId: string) => {
      const policy = policies.get(operationId);
      if (!policy || !isOperationId(operationId, handlers))
        throw new Error(`未知の operationId: ${operationId}`);
      const handler = handlers[operationId] as unknown as AnyHandler;
      const needsTenant = policy.tenantScoped || policy.permission !== null || policy.feature !== null;
      return {
        ...(rateLimit ? { config: { rateLimit } } : {}),
        ...(policy.authenticated ? { onRequest: authenticate(options.authService) } : {}),
        ...(needsTenant ? { preHandler: authorize(options.db, policy) } : {}),
        handler: async (request: FastifyRequest, reply: FastifyReply) => {
          const context = {
            requestId: request.id,
            principal: request.principal,
            ...(needsTenant ? { tenant: request.tenantAccess } : {}),
          } as RequestContext | TenantRequestContext;
          const result = await handler(
            { query: request.query ?? {}, headers: request.headers, params: request.params ?? {} },
            context,
          );
          return reply.code(result.status).send(result.body);
        },
        // The glue fills in method, url and schema from the spec.
      } as RouteOptions;
    },
  });
}
