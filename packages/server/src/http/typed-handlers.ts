/**
 * Handler types derived from the generated contract types, so that the compiler checks the
 * handler table against openapi.yaml: a missing operation, a wrong body or a status the
 * operation does not declare fails `satisfies ApiHandlers`.
 *
 * An operation whose contract declares `501` is planned: it has no handler (one in the table
 * fails to compile) and must be listed in `plannedOperations` instead (see planned-operations.ts).
 */
import type { operations } from '@tsumiki/api-client/schema';
import type { Principal, TenantAccess } from '../domain/access';

export type OperationId = keyof operations;

type PartOf<Operation, Part extends 'query' | 'header' | 'path'> = Operation extends {
  parameters: infer Parameters;
}
  ? Part extends keyof Parameters
    ? NonNullable<Parameters[Part]>
    : never
  : never;

type OrEmpty<T> = [T] extends [never] ? Record<string, never> : T;

type JsonRequestBody<Operation> = Operation extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? // An optional request body arrives as undefined when the client sends none.
    Operation extends { requestBody: unknown }
    ? Body
    : Body | undefined
  : undefined;

/** Parameters and JSON body as validated (and coerced, defaults filled in) by Ajv against the spec. */
export interface OperationInput<Operation> {
  query: OrEmpty<PartOf<Operation, 'query'>>;
  headers: OrEmpty<PartOf<Operation, 'header'>>;
  params: OrEmpty<PartOf<Operation, 'path'>>;
  body: JsonRequestBody<Operation>;
}

type Responses<Operation> = Operation extends { responses: infer R } ? R : never;
type JsonBody<Response> = Response extends { content: { 'application/json': infer Body } } ? Body : undefined;
type SuccessStatus = 200 | 201 | 202 | 204;
type DeclaredSuccess<Operation> = keyof Responses<Operation> & SuccessStatus;

/** A success the operation declares; errors are thrown as AppError and enveloped in one place. */
export type OperationResult<Operation> = {
  [Status in DeclaredSuccess<Operation>]: { status: Status; body: JsonBody<Responses<Operation>[Status]> };
}[DeclaredSuccess<Operation>];

/** Where the request comes from, as far as the server can tell (behind a proxy only with TRUST_PROXY). */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

export interface RequestContext {
  requestId: string;
  /** Null only for operations the spec marks `security: []`. */
  principal: Principal | null;
  client: ClientInfo;
}

export interface SignedInRequestContext extends RequestContext {
  principal: Principal;
}

export interface TenantRequestContext extends SignedInRequestContext {
  tenant: TenantAccess;
}

type TakesTenant<Operation> = [PartOf<Operation, 'header'>] extends [never]
  ? 'tenantId' extends keyof PartOf<Operation, 'path'>
    ? true
    : false
  : 'X-Tenant-Id' extends keyof PartOf<Operation, 'header'>
    ? true
    : 'tenantId' extends keyof PartOf<Operation, 'path'>
      ? true
      : false;

/**
 * Operations that take a tenant (X-Tenant-Id, or `tenantId` in the path) run after tenant
 * resolution and the x-feature/x-permission checks; the others that need a token after
 * authentication.
 */
export type ContextFor<Operation> =
  TakesTenant<Operation> extends true
    ? TenantRequestContext
    : 401 extends keyof Responses<Operation>
      ? SignedInRequestContext
      : RequestContext;

export type OperationHandler<Operation> = (
  input: OperationInput<Operation>,
  context: ContextFor<Operation>,
) => Promise<OperationResult<Operation>>;

/** Operations whose contract answers 501 SYS_005: planned, not built yet. */
export type PlannedOperationId = {
  [Id in OperationId]: 501 extends keyof Responses<operations[Id]> ? Id : never;
}[OperationId];

export type ImplementedOperationId = Exclude<OperationId, PlannedOperationId>;

export type ApiHandlers = { [Id in ImplementedOperationId]: OperationHandler<operations[Id]> };
