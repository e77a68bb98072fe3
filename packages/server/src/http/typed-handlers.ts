/**
 * Handler types derived from the generated contract types, so that the compiler checks the
 * handler table against openapi.yaml: a missing operation, a wrong body or a status the
 * operation does not declare fails `satisfies ApiHandlers`.
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

/** Parameters as validated (and coerced) by Ajv against the spec. */
export interface OperationInput<Operation> {
  query: OrEmpty<PartOf<Operation, 'query'>>;
  headers: OrEmpty<PartOf<Operation, 'header'>>;
  params: OrEmpty<PartOf<Operation, 'path'>>;
}

type Responses<Operation> = Operation extends { responses: infer R } ? R : never;
type JsonBody<Response> = Response extends { content: { 'application/json': infer Body } } ? Body : undefined;
type SuccessStatus = 200 | 201 | 202 | 204;
type DeclaredSuccess<Operation> = keyof Responses<Operation> & SuccessStatus;

/** A success the operation declares; errors are thrown as AppError and enveloped in one place. */
export type OperationResult<Operation> = {
  [Status in DeclaredSuccess<Operation>]: { status: Status; body: JsonBody<Responses<Operation>[Status]> };
}[DeclaredSuccess<Operation>];

export interface RequestContext {
  requestId: string;
  /** Null only for operations the spec marks `security: []`. */
  principal: Principal | null;
}

export interface TenantRequestContext extends RequestContext {
  principal: Principal;
  tenant: TenantAccess;
}

type TakesTenantHeader<Operation> = [PartOf<Operation, 'header'>] extends [never]
  ? false
  : 'X-Tenant-Id' extends keyof PartOf<Operation, 'header'>
    ? true
    : false;

/** Operations that take X-Tenant-Id run after tenant resolution and the x-permission/x-feature checks. */
export type ContextFor<Operation> =
  TakesTenantHeader<Operation> extends true ? TenantRequestContext : RequestContext;

export type OperationHandler<Operation> = (
  input: OperationInput<Operation>,
  context: ContextFor<Operation>,
) => Promise<OperationResult<Operation>>;

export type ApiHandlers = { [Id in OperationId]: OperationHandler<operations[Id]> };
