import type { ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { expect } from 'vitest';
import { loadOpenApiDocument } from '../../src/platform/http/openapi';

const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

const DOCUMENT_ID = 'https://tsumiki.example/openapi.json';
const document = loadOpenApiDocument();
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(document as object, DOCUMENT_ID);

function pointer(...segments: string[]): string {
  return segments.map((segment) => segment.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

function operationLocation(operationId: string): {
  path: string;
  method: string;
  operation: Record<string, unknown>;
} {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if ((operation as { operationId?: string }).operationId === operationId) {
        return { path, method, operation: operation as Record<string, unknown> };
      }
    }
  }
  throw new Error(`unknown operation ${operationId}`);
}

export interface DeclaredResponse {
  /** The status key the contract answers with (the status itself, or `default`). */
  key: string;
  /** Media types of the response's content, with the validator of each one's schema. */
  content: Map<string, ValidateFunction | null>;
}

/** What openapi.yaml declares for that operation and status, or null when it declares neither it nor default. */
export function declaredResponse(operationId: string, status: number): DeclaredResponse | null {
  const { path, method, operation } = operationLocation(operationId);
  const responses = operation.responses as Record<string, { $ref?: string }>;
  const key = String(status) in responses ? String(status) : 'default';
  const response = responses[key];
  if (!response) return null;
  const base = response.$ref
    ? response.$ref.replace('#/', '').split('/')
    : ['paths', path, method, 'responses', key];
  const resolved = response.$ref
    ? (base.reduce<unknown>((node, segment) => (node as Record<string, unknown>)[segment], document) as {
        content?: Record<string, unknown>;
      })
    : (response as { content?: Record<string, unknown> });
  const content = new Map<string, ValidateFunction | null>();
  for (const mediaType of Object.keys(resolved.content ?? {})) {
    const schemaPointer = `${DOCUMENT_ID}#/${pointer(...base, 'content', mediaType, 'schema')}`;
    content.set(mediaType, ajv.getSchema(schemaPointer) ?? null);
  }
  return { key, content };
}

/** Asserts that a response body matches what openapi.yaml declares for that operation and status. */
export function expectMatchesContract(operationId: string, status: number, body: unknown): void {
  const declared = declaredResponse(operationId, status);
  expect(declared, `${operationId} declares neither ${status} nor default`).not.toBeNull();
  const validate = declared?.content.get('application/json');
  if (!validate) throw new Error(`no application/json schema for ${operationId} ${status}`);
  const valid = validate(body);
  expect(validate.errors ?? [], `${operationId} ${status}: ${JSON.stringify(body).slice(0, 300)}`).toEqual(
    [],
  );
  expect(valid).toBe(true);
}

/** The schema errors of a body against the contract's error envelope (empty when it is one). */
export function envelopeErrors(body: unknown): NonNullable<ValidateFunction['errors']> {
  const validate = ajv.getSchema(`${DOCUMENT_ID}#/components/schemas/ErrorEnvelope`);
  if (!validate) throw new Error('no ErrorEnvelope schema');
  return validate(body) ? [] : (validate.errors ?? []);
}

/** The error envelope of the contract, whatever the operation. */
export function expectErrorEnvelope(body: unknown, code: string): void {
  expect(envelopeErrors(body)).toEqual([]);
  expect((body as { error: { code: string } }).error.code).toBe(code);
}

/** An error answer: its status, and the envelope with its code. */
export function expectRefusal(
  response: { statusCode: number; body: string; json(): unknown },
  status: number,
  code: string,
): void {
  expect(response.statusCode, response.body).toBe(status);
  expectErrorEnvelope(response.json(), code);
}
