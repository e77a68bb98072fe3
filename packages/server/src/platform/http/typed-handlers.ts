/**
 * Handler types derived from the generated contract types, so that the compiler checks the
 * handler table against openapi.yaml: a missing operation, a wrong body or a status the
 * operation does not declare fails `satisfies ApiHandlers`.
 *
 * An operation whose contract declares `501` is planned: it has no handler (one in the table
 * fails to compile). The planned set comes from the contract alone.
 *
 * Each module under src/modules/<tag>/ checks its own table with `satisfies ModuleHandlers`;
 * src/modules/index.ts merges them and checks the whole with `satisfies ApiHandlers`, so an
 * implemented operation without a handler fails to compile.
 */
import type { Readable } from 'node:stream';
import type { operations } from '@tsumiki/api-client/schema';
import type { Principal, TenantAccess } from '../access/access';
import type { TenantTransaction } from '../db/tenant-scope';
import type { MultipartBody } from '../files/uploads';
import type { EventStreamResponse } from './event-stream';

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
  requestBody?: { content: { 'multipart/form-data': unknown } };
}
  ? // Uploads: the files staged and the text fields collected by the route layer (multipart-uploads.ts).
    MultipartBody
  : JsonBodyOf<Operation>;

type JsonBodyOf<Operation> = Operation extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? // An optional request body arrives as undefined when the client sends none.
    Operation extends { requestBody: unknown }
    ? Body
    : Body | undefined
  : undefined;

/** Parameters and JSON body (or the multipart body of an upload) as validated (and coerced, defaults filled in) by Ajv against the spec. */
export interface OperationInput<Operation> {
  query: OrEmpty<PartOf<Operation, 'query'>>;
  headers: OrEmpty<PartOf<Operation, 'header'>>;
  params: OrEmpty<PartOf<Operation, 'path'>>;
  body: JsonRequestBody<Operation>;
}

type Responses<Operation> = Operation extends { responses: infer R } ? R : never;
type JsonBody<Response> = Response extends { content: { 'application/json': infer Body } }
  ? Body
  : Response extends { content: { 'text/event-stream': unknown } }
    ? EventStreamResponse
    : // Downloads (CSV, PDF, stored files): the bytes as they go out, or a stream of them.
      Response extends { content: Record<string, unknown> }
      ? Uint8Array | Readable
      : undefined;
type SuccessStatus = 200 | 201 | 202 | 204;
type DeclaredSuccess<Operation> = keyof Responses<Operation> & SuccessStatus;

/** A success the operation declares; errors are thrown as AppError and enveloped in one place. */
export type OperationResult<Operation> = {
  [Status in DeclaredSuccess<Operation>]: {
    status: Status;
    body: JsonBody<Responses<Operation>[Status]>;
    /** Response headers the contract declares (Content-Type and Content-Disposition of a download). */
    headers?: Record<string, string>;
    /** Facts for the access log that the answer does not carry (`logged.<name>` in x-access-log). */
    logged?: Record<string, string | null>;
  };
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
  /** When the access token of the request expires (null without a token, or not known). */
  accessTokenExpiresAt: Date | null;
}

export interface SignedInRequestContext extends RequestContext {
  principal: Principal;
}

/**
 * Operations whose contract says `security: [{}, {bearerAuth: []}]` (a token is optional). The
 * generated types do not carry `security`, so the list is kept here; the route layer checks it
 * against the document at start-up.
 */
export const OPTIONAL_AUTHENTICATION_OPERATIONS = ['reportClientError', 'reportClientErrors'] as const;
export type OptionalAuthenticationOperationId = (typeof OPTIONAL_AUTHENTICATION_OPERATIONS)[number];

export interface OptionallySignedInRequestContext extends RequestContext {
  /** Null when the request came without an Authorization header (an invalid token is a 401). */
  principal: Principal | null;
  /**
   * The tenant X-Tenant-Id names, when the caller is signed in and sent it (their access to it
   * checked: 403 otherwise); null otherwise. No transaction is opened for these operations.
   */
  tenant: TenantAccess | null;
}

export interface TenantRequestContext extends SignedInRequestContext {
  tenant: TenantAccess;
  accessTokenExpiresAt: Date;
  /**
   * The request's one transaction, scoped to `tenant.tenantId` (row-level security admits only
   * that tenant's rows). A write, its audit fields and its events share it; it commits when the
   * handler returns and rolls back when it throws.
   */
  tx: TenantTransaction;
}

/**
 * The context of a tenant operation that must not hold a database connection for its whole run
 * (it waits on an AI provider, for instance): no request transaction, but `inTenant`, which runs a
 * piece of work in its own tenant-scoped transaction. Read, then wait outside any transaction,
 * then write.
 */
export interface DeferredTenantRequestContext extends SignedInRequestContext {
  tenant: TenantAccess;
  accessTokenExpiresAt: Date;
  inTenant<T>(work: (tx: TenantTransaction) => Promise<T>): Promise<T>;
}

const DEFERRED = Symbol('outside the request transaction');

/**
 * Declares a tenant operation's handler that runs outside the request's one transaction (see
 * DeferredTenantRequestContext). The route layer recognises it (isDeferredHandler) and passes
 * `inTenant` instead of `tx`.
 */
export function outsideRequestTransaction<Operation>(
  handler: (
    input: OperationInput<Operation>,
    context: DeferredTenantRequestContext,
  ) => Promise<OperationResult<Operation>>,
): OperationHandler<Operation> {
  return Object.assign(handler, { [DEFERRED]: true }) as unknown as OperationHandler<Operation>;
}

export function isDeferredHandler(handler: unknown): boolean {
  return typeof handler === 'function' && DEFERRED in handler;
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
 * authentication; those with an optional token with whatever the token (if any) established.
 */
export type ContextFor<Operation, Id extends OperationId = never> = [Id] extends [
  OptionalAuthenticationOperationId,
]
  ? [Id] extends [never]
    ? DefaultContextFor<Operation>
    : OptionallySignedInRequestContext
  : DefaultContextFor<Operation>;

type DefaultContextFor<Operation> =
  TakesTenant<Operation> extends true
    ? TenantRequestContext
    : 401 extends keyof Responses<Operation>
      ? SignedInRequestContext
      : RequestContext;

export type OperationHandler<Operation, Id extends OperationId = never> = (
  input: OperationInput<Operation>,
  context: ContextFor<Operation, Id>,
) => Promise<OperationResult<Operation>>;

/** Operations whose contract answers 501 SYS_005: planned, not built yet. */
export type PlannedOperationId = {
  [Id in OperationId]: 501 extends keyof Responses<operations[Id]> ? Id : never;
}[OperationId];

export type ImplementedOperationId = Exclude<OperationId, PlannedOperationId>;

export type ApiHandlers = { [Id in ImplementedOperationId]: OperationHandler<operations[Id], Id> };

/** One module's part of the table: only operations of the contract, each with its exact type. */
export type ModuleHandlers = Partial<ApiHandlers>;
