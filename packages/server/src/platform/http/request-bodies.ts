import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { MalformedRequestError, ValidationFailedError } from '../errors';
import type { OpenApiDocument } from './openapi';

const MULTIPART = 'multipart/form-data';

interface RequestBodyObject {
  required?: boolean;
  content?: Record<string, unknown>;
}

/** `requestBody.required` of each operation, by operationId. */
function requiredBodies(document: OpenApiDocument): Map<string, boolean> {
  const required = new Map<string, boolean>();
  for (const pathItem of Object.values(document.paths)) {
    for (const operation of Object.values(pathItem)) {
      const { operationId, requestBody } = (operation ?? {}) as {
        operationId?: string;
        requestBody?: RequestBodyObject;
      };
      if (operationId && requestBody) required.set(operationId, requestBody.required === true);
    }
  }
  return required;
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Fastify validates a body against the schema of its Content-Type and skips validation for a
 * type the operation does not declare (its text/plain parser then hands the handler a string).
 * So a body is read only in a declared type, else 415 — before it is parsed, after the access
 * checks — and an operation that requires a body gets a 422 without one.
 */
function contentTypeGate(declared: ReadonlySet<string>, required: boolean) {
  return async (request: FastifyRequest) => {
    if (request.headers['content-type'] === undefined) {
      if (hasBody(request)) throw new MalformedRequestError(415);
    } else if (!declared.has(request.mediaType ?? '')) throw new MalformedRequestError(415);
    // With or without a Content-Type: an empty JSON body is no body (acceptEmptyJsonBodies).
    if (required && !hasBody(request)) {
      throw new ValidationFailedError([{ field: 'body', message: '必須項目です' }]);
    }
  };
}

/**
 * The specification has every call send `Content-Type: application/json`, bodyless ones too (a
 * DELETE, marking all notifications read): an empty body under that type is no body, where
 * Fastify's own parser answers 400. Registered once for the whole server; a scope that needs a
 * smaller body limit registers it again with that limit.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance, options: { bodyLimit?: number } = {}): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', ...options }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
}

function appendHook<T>(existing: T | T[] | undefined, hook: T): T[] {
  return [...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]), hook];
}

/**
 * Request bodies of the contract's operations: the declared Content-Types are the only ones read,
 * and multipart/form-data is left to the handlers, which stream the parts and check them
 * themselves (parsing it here only makes such requests reach the access checks — and 501 while
 * the operation is planned — instead of a 415).
 */
export function shapeRequestBodies(app: FastifyInstance, document: OpenApiDocument): void {
  const required = requiredBodies(document);
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as { operationId?: string; body?: RequestBodyObject } | undefined;
    const content = schema?.body?.content;
    if (!schema || !content) return;
    const declared = new Set(Object.keys(content).map((type) => type.toLowerCase()));
    if (declared.has(MULTIPART)) {
      const { [MULTIPART]: _streamed, ...others } = content;
      if (Object.keys(others).length > 0) schema.body = { content: others };
      else delete schema.body;
    }
    const bodyRequired = required.get(schema.operationId ?? '') ?? false;
    route.preParsing = appendHook(route.preParsing, contentTypeGate(declared, bodyRequired) as never);
    if (!bodyRequired) route.preValidation = appendHook(route.preValidation, absentBodyAsEmpty as never);
  });
}

/**
 * An optional body that did not come (or came as an empty JSON body, or as JSON `null`) is taken
 * as `{}`: it is validated like any other — its defaults filled in — instead of Fastify handing
 * the schema a null that no object schema takes.
 */
async function absentBodyAsEmpty(request: FastifyRequest) {
  if (request.body === undefined || request.body === null) request.body = {};
}
