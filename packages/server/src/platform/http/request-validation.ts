// The request validation of the contract: Ajv over its schemas, with the rules of every request
// value (request-values.ts), compiled once per process (compiled-schemas.ts).
import type { ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { compiledByContent } from './compiled-schemas';
import type { OpenApiDocument } from './openapi';
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
