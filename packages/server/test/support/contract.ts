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

/** Asserts that a response body matches what openapi.yaml declares for that operation and status. */
export function expectMatchesContract(operationId: string, status: number, body: unknown): void {
  const { path, method, operation } = operationLocation(operationId);
  const responses = operation.responses as Record<string, { $ref?: string }>;
  const key = String(status) in responses ? String(status) : 'default';
  const response = responses[key];
  expect(response, `${operationId} declares neither ${status} nor default`).toBeDefined();
  const base = response?.$ref
    ? response.$ref.replace('#/', '').split('/')
    : ['paths', path, method, 'responses', key];
  const schemaPointer = `${DOCUMENT_ID}#/${pointer(...base, 'content', 'application/json', 'schema')}`;
  const validate = ajv.getSchema(schemaPointer);
  if (!validate) throw new Error(`no schema at ${schemaPointer}`);
  const valid = validate(body);
  expect(validate.errors ?? [], `${operationId} ${status}: ${JSON.stringify(body).slice(0, 300)}`).toEqual(
    [],
  );
  expect(valid).toBe(true);
}

/** The error envelope of the contract, whatever the operation. */
export function expectErrorEnvelope(body: unknown, code: string): void {
  const validate = ajv.getSchema(`${DOCUMENT_ID}#/components/schemas/ErrorEnvelope`);
  if (!validate) throw new Error('no ErrorEnvelope schema');
  expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  expect((body as { error: { code: string } }).error.code).toBe(code);
}
