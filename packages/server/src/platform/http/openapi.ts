import { readFileSync, statSync } from 'node:fs';
import type { ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import { openapiSpecPath } from '../../paths';
import { type OperationAccess, parseOperationAccess } from '../audit/operation-access';
import { compiledByContent } from './compiled-schemas';
import {
  CONTRACT_PATTERNS,
  freeFormLocations,
  isRepresentableDate,
  lenientNumberErrors,
  replaceUnstorableText,
  unstorableValueErrors,
} from './request-values';

// ajv-formats is CommonJS; its default export arrives wrapped depending on the loader.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

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

/**
 * Ajv for JSON Schema 2020-12 (OpenAPI 3.1): declared defaults filled in, every problem reported
 * (the client lists them all). Query strings, path parameters and headers arrive as text and are
 * coerced to the declared types; JSON bodies are typed already and are taken as they are.
 */
function createRequestAjv(coerce: boolean): Ajv2020 {
  const ajv = new Ajv2020({
    coerceTypes: coerce ? 'array' : false,
    useDefaults: true,
    removeAdditional: true,
    allErrors: true,
    allowUnionTypes: true,
    strict: true,
    // Errors carry their schema, so a pattern can explain itself (x-pattern-message).
    verbose: true,
  });
  addFormats(ajv);
  // RFC 3339 as ajv-formats reads it, less what the server cannot compute with or store.
  for (const name of ['date', 'date-time'] as const) {
    const rfc3339 = ajv.formats[name] as { validate: (value: string) => boolean; compare?: unknown };
    ajv.addFormat(name, {
      type: 'string',
      validate: (value: string) => rfc3339.validate(value) && isRepresentableDate(value),
      ...(typeof rfc3339.compare === 'function'
        ? { compare: rfc3339.compare as (a: string, b: string) => number }
        : {}),
    });
  }
  // The contract's pattern for every email is this format's rule too (request-values.ts).
  ajv.addFormat('email', new RegExp(CONTRACT_PATTERNS.EMAIL));
  // Ajv's uuid also takes a `urn:uuid:` prefix, which PostgreSQL's uuid type refuses.
  ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
  // The contract's own annotation: the Japanese explanation of a `pattern` for the user.
  ajv.addKeyword({ keyword: PATTERN_MESSAGE, schemaType: 'string' });
  return ajv;
}

/** Annotation next to `pattern`: what to tell the user when the value does not match. */
export const PATTERN_MESSAGE = 'x-pattern-message';

/**
 * A validator for one of the contract's component schemas, with the same rules as request
 * bodies (for payloads checked piece by piece, such as the rows of a CSV import). Shared by every
 * build of the process with the same components (compiled-schemas.ts).
 */
export function componentValidator(document: OpenApiDocument, name: string): ValidateFunction {
  const schemas = (document.components as { schemas?: Record<string, unknown> } | undefined)?.schemas ?? {};
  return componentValidators(schemas, name);
}

const componentValidators = compiledByContent((schemas, name) => {
  const ajv = createRequestAjv(false);
  const defs = JSON.parse(
    JSON.stringify(schemas).replaceAll('"#/components/schemas/', '"contract#/$defs/'),
  ) as Record<string, unknown>;
  ajv.addSchema({ $id: 'contract', $defs: defs });
  return ajv.compile({ $ref: `contract#/$defs/${name}` });
});

type JsonSchema = Record<string, unknown>;

/**
 * Node lower-cases incoming header names. Fastify adapts header schemas to that only for its
 * own compiler, so with ours the declared names (X-Tenant-Id) are lower-cased here.
 */
function lowerCaseHeaderNames(schema: JsonSchema): JsonSchema {
  const properties = schema.properties as Record<string, unknown> | undefined;
  const required = schema.required as string[] | undefined;
  return {
    ...schema,
    ...(properties
      ? {
          properties: Object.fromEntries(
            Object.entries(properties).map(([name, value]) => [name.toLowerCase(), value]),
          ),
        }
      : {}),
    ...(required ? { required: required.map((name) => name.toLowerCase()) } : {}),
  };
}

type RequestValidator = ((data: unknown) => boolean) & { errors?: ValidateFunction['errors'] };

/**
 * The schema's validation plus the rules of every request value (request-values.ts): numbers in
 * text written in plain decimal (checked before Ajv coerces them), no text that PostgreSQL
 * cannot store and no absurd nesting (checked after Ajv has dropped the properties the schema
 * does not know).
 */
function withRequestRules(
  validate: ValidateFunction,
  schema: JsonSchema,
  rules: { numbersInText: boolean; storableValues: boolean },
): RequestValidator {
  const freeForm = rules.storableValues ? freeFormLocations(schema) : [];
  const check: RequestValidator = (data: unknown) => {
    const lenient = rules.numbersInText ? lenientNumberErrors(schema, data) : [];
    if (freeForm.length > 0) replaceUnstorableText(data, freeForm);
    validate(data);
    // What Ajv then says of the number it coerced (1e3 > 100) would only confuse.
    const coerced = new Set(lenient.map((error) => error.instancePath));
    const errors = [
      ...lenient,
      ...(validate.errors ?? []).filter((error) => !coerced.has(error.instancePath)),
      ...(rules.storableValues ? unstorableValueErrors(data) : []),
    ];
    check.errors = errors.length > 0 ? errors : null;
    return errors.length === 0;
  };
  return check;
}

/**
 * Fastify validator compiler over our Ajv 2020 instances. The validators are shared by every
 * server the process builds (compiled-schemas.ts): each one is used synchronously, and Fastify reads
 * its `errors` right after the call.
 */
export function createValidatorCompiler() {
  requestValidators ??= createRequestValidators();
  const shared = requestValidators;
  return ({ schema, httpPart }: { schema: unknown; httpPart?: string }): RequestValidator =>
    shared(schema, httpPart ?? '');
}

let requestValidators: ((schema: unknown, httpPart: string) => RequestValidator) | undefined;

function createRequestValidators() {
  const textual = createRequestAjv(true);
  const json = createRequestAjv(false);
  return compiledByContent((schema, httpPart): RequestValidator => {
    if (httpPart === 'body') {
      return withRequestRules(json.compile(schema as JsonSchema), schema as JsonSchema, {
        numbersInText: false,
        storableValues: true,
      });
    }
    // Header values arrive through Node's HTTP parser, which refuses NUL; the others are the
    // client's own (User-Agent, …) and not for this check.
    const headers = httpPart === 'headers';
    const textSchema = headers ? lowerCaseHeaderNames(schema as JsonSchema) : (schema as JsonSchema);
    return withRequestRules(textual.compile(textSchema), textSchema, {
      numbersInText: true,
      storableValues: !headers,
    });
  });
}
