import { readFileSync, statSync } from 'node:fs';
import { parse } from 'yaml';
import { openapiSpecPath } from '../../paths';
import { type OperationAccess, parseOperationAccess } from '../audit/operation-access';

export interface OpenApiDocument {
  security?: Array<Record<string, string[]>>;
  paths: Record<string, Record<string, unknown>>;
  components?: { parameters?: Record<string, ParameterObject>; schemas?: Record<string, unknown> };
  [key: string]: unknown;
}

interface ParameterObject {
  name: string;
  in: 'query' | 'header' | 'path' | 'cookie';
}

interface OperationObject {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<ParameterObject | { $ref: string }>;
  responses?: Record<string, unknown>;
  'x-permission'?: string;
  'x-feature'?: string;
  'x-access-log'?: unknown;
}

/** What the spec says about guarding one operation; applied generically by the route layer. */
export interface OperationPolicy {
  operationId: string;
  method: string;
  path: string;
  /** Requires a Bearer access token. */
  authenticated: boolean;
  /**
   * `security: [{}, {bearerAuth: []}]`: callable without a token; a token that is sent is
   * verified (401 when invalid) and names the caller.
   */
  optionalAuthentication: boolean;
  /** Works on one tenant's data: the one named by X-Tenant-Id, or by a `tenantId` path parameter. */
  tenantScoped: boolean;
  /** Where the tenant comes from: the path parameter `tenantId` wins over the header. */
  tenantSource: 'header' | 'path' | null;
  /** `x-permission`: resource.action the caller must hold in the tenant. */
  permission: string | null;
  /** `x-feature`: feature key that must be on for the tenant. */
  feature: string | null;
  /** Declares 501: planned, answered with SYS_005 after the checks above. */
  planned: boolean;
  /** `x-access-log`: the access-log row a successful call writes (platform/audit). */
  accessLog: OperationAccess | null;
}

export const TENANT_HEADER = 'X-Tenant-Id';
/** A path parameter of this name names the tenant of the operation (POST /api/tenants/{tenantId}/users). */
export const TENANT_PATH_PARAMETER = 'tenantId';

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

const parsedDocuments = new Map<string, { mtimeMs: number; document: OpenApiDocument }>();

/**
 * The contract, parsed (YAML or JSON). Parsing the YAML takes a few hundred milliseconds, so it
 * is kept per file and modification time; every caller gets its own copy to change as it likes.
 */
export function loadOpenApiDocument(path: string = openapiSpecPath()): OpenApiDocument {
  const { mtimeMs } = statSync(path);
  let cached = parsedDocuments.get(path);
  if (cached?.mtimeMs !== mtimeMs) {
    cached = { mtimeMs, document: parse(readFileSync(path, 'utf8')) as OpenApiDocument };
    parsedDocuments.set(path, cached);
  }
  return structuredClone(cached.document);
}

function resolveParameter(
  document: OpenApiDocument,
  parameter: ParameterObject | { $ref: string },
): ParameterObject {
  if (!('$ref' in parameter)) return parameter;
  const name = parameter.$ref.replace('#/components/parameters/', '');
  const resolved = document.components?.parameters?.[name];
  if (!resolved) throw new Error(`openapi.yaml: ${parameter.$ref} が見つかりません`);
  return resolved;
}

/** Reads x-permission, x-feature, security and the tenant header of every operation. */
export function operationPolicies(document: OpenApiDocument): Map<string, OperationPolicy> {
  const policies = new Map<string, OperationPolicy>();
  for (const [path, pathItem] of Object.entries(document.paths)) {
    const shared = (pathItem.parameters as OperationObject['parameters']) ?? [];
    for (const [method, value] of Object.entries(pathItem)) {
      if (!HTTP_METHODS.has(method)) continue;
      const operation = value as OperationObject;
      if (!operation.operationId)
        throw new Error(`openapi.yaml: ${method.toUpperCase()} ${path} に operationId がありません`);
      const security = operation.security ?? document.security ?? [];
      const anonymousAllowed =
        security.length === 0 || security.some((requirement) => Object.keys(requirement).length === 0);
      const tokenAccepted = security.some((requirement) => Object.keys(requirement).length > 0);
      const parameters = [...shared, ...(operation.parameters ?? [])].map((parameter) =>
        resolveParameter(document, parameter),
      );
      const tenantInPath = parameters.some(
        (parameter) => parameter.in === 'path' && parameter.name === TENANT_PATH_PARAMETER,
      );
      const tenantInHeader = parameters.some(
        (parameter) =>
          parameter.in === 'header' && parameter.name.toLowerCase() === TENANT_HEADER.toLowerCase(),
      );
      const tenantSource = tenantInPath ? 'path' : tenantInHeader ? 'header' : null;
      const policy: OperationPolicy = {
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        // An empty requirement object makes authentication optional.
        authenticated: !anonymousAllowed,
        optionalAuthentication: anonymousAllowed && tokenAccepted,
        tenantScoped: tenantSource !== null,
        tenantSource,
        permission: operation['x-permission'] ?? null,
        feature: operation['x-feature'] ?? null,
        planned: Object.hasOwn(operation.responses ?? {}, '501'),
        accessLog: parseOperationAccess(operation.operationId, operation['x-access-log']),
      };
      if (policy.accessLog && !policy.tenantScoped) {
        throw new Error(
          `openapi.yaml: ${policy.operationId} は x-access-log があるのにテナントを受け取りません`,
        );
      }
      if ((policy.permission || policy.feature) && !policy.tenantScoped) {
        throw new Error(
          `openapi.yaml: ${policy.operationId} は x-permission / x-feature があるのにテナント（${TENANT_HEADER}）を受け取りません`,
        );
      }
      if ((policy.permission || policy.feature) && !policy.authenticated) {
        throw new Error(
          `openapi.yaml: ${policy.operationId} は x-permission / x-feature があるのに認証が必須になっていません`,
        );
      }
      if (policy.tenantScoped && !policy.authenticated && !policy.optionalAuthentication) {
        throw new Error(
          `openapi.yaml: ${policy.operationId} はテナントや権限を扱うのに認証が不要になっています`,
        );
      }
      policies.set(policy.operationId, policy);
    }
  }
  return policies;
}
