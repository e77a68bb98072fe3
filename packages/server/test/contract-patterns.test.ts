/**
 * The contract says what the server enforces of every string a request carries, so that a client
 * that knows only the contract (a fuzzer, another product) is never refused for what it could not
 * know: each has a format, an enum, or a pattern that keeps out NUL — and emails and dates carry
 * the server's own patterns (request-values.ts), the same the validator applies.
 */
import { describe, expect, it } from 'vitest';
import { STORED_FILE_MEDIA_TYPES } from '../src/platform/files/file-types';
import { loadOpenApiDocument, operationPolicies } from '../src/platform/http/openapi';
import { CONTRACT_PATTERNS } from '../src/platform/http/request-values';
import { operationShape, resolveSchema } from './robustness/request-cases';

type Schema = Record<string, unknown>;

const document = loadOpenApiDocument();

/** Every string schema a request of the contract may carry, with where it is. */
function requestStrings(): Array<{ where: string; schema: Schema }> {
  const found: Array<{ where: string; schema: Schema }> = [];
  const walk = (input: unknown, where: string, depth: number) => {
    if (depth > 12) return;
    const schema = resolveSchema(document, input);
    for (const choice of [...((schema.anyOf as unknown[]) ?? []), ...((schema.oneOf as unknown[]) ?? [])]) {
      walk(choice, where, depth + 1);
    }
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (types.includes('string')) found.push({ where, schema });
    for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, unknown>)) {
      walk(property, `${where}.${name}`, depth + 1);
    }
    if (schema.items) walk(schema.items, `${where}[]`, depth + 1);
    if (schema.contentSchema) walk(schema.contentSchema, `${where}(JSON)`, depth + 1);
  };
  for (const policy of operationPolicies(document).values()) {
    const shape = operationShape(document, policy);
    for (const parameter of shape.parameters)
      walk(parameter.schema, `${policy.operationId} ${parameter.name}`, 0);
    const operation = document.paths[policy.path]?.[policy.method.toLowerCase()] as {
      requestBody?: { content?: Record<string, { schema?: unknown }> };
    };
    for (const [mediaType, content] of Object.entries(operation.requestBody?.content ?? {})) {
      walk(content.schema, `${policy.operationId} ${mediaType}`, 0);
    }
  }
  return found;
}

describe('the contract states what the server enforces of request text', () => {
  const strings = requestStrings();

  it('finds the strings of every request', () => {
    expect(strings.length).toBeGreaterThan(150);
  });

  it('keeps NUL out of every string, by format, enum or pattern', () => {
    const open = strings.filter(({ schema }) => {
      if (schema.enum || schema.const !== undefined || schema.contentMediaType) return false;
      if (typeof schema.format === 'string' && ['uuid', 'binary', 'uri'].includes(schema.format))
        return false;
      return typeof schema.pattern !== 'string' || new RegExp(schema.pattern, 'u').test('a\u0000b');
    });
    expect(open.map(({ where }) => where)).toEqual([]);
  });

  it('gives emails, dates and date-times the patterns the validator applies', () => {
    const wrong = strings.filter(({ schema }) => {
      const expected =
        schema.format === 'email'
          ? CONTRACT_PATTERNS.EMAIL
          : schema.format === 'date'
            ? CONTRACT_PATTERNS.DATE
            : schema.format === 'date-time'
              ? CONTRACT_PATTERNS.DATE_TIME
              : null;
      return expected !== null && schema.pattern !== expected;
    });
    expect(wrong.map(({ where }) => where)).toEqual([]);
  });

  it('the patterns say what they mean', () => {
    const filled = new RegExp(CONTRACT_PATTERNS.FILLED_TEXT, 'u');
    for (const blank of ['', ' ', '\u3000', '\t\n', '\ufeff', ' \u00a0 '])
      expect(filled.test(blank)).toBe(false);
    for (const text of ['山田', ' 花子 ', '\u3000a', '.']) expect(filled.test(text)).toBe(true);
    // Exactly what String.prototype.trim removes.
    for (let code = 0; code <= 0xffff; code++) {
      const character = String.fromCharCode(code);
      if (code === 0 || (code >= 0xd800 && code <= 0xdfff)) continue;
      expect(filled.test(character), `U+${code.toString(16)}`).toBe(character.trim() !== '');
    }
    const email = new RegExp(CONTRACT_PATTERNS.EMAIL, 'u');
    expect(email.test('reception@sakura-clinic.example')).toBe(true);
    expect(email.test('0@com')).toBe(false);
    const dateTime = new RegExp(CONTRACT_PATTERNS.DATE_TIME, 'u');
    expect(dateTime.test('2026-11-27T09:00:00+09:00')).toBe(true);
    expect(dateTime.test('2026-11-27T09:00:00.123456Z')).toBe(true);
    expect(dateTime.test('2026-01-01T00:00:00+16:00')).toBe(false);
    expect(dateTime.test('0000-01-01T00:00:00Z')).toBe(false);
  });
});

describe('the contract states the content types the server answers with', () => {
  it('declares every Content-Type a stored file is served with, and no other', () => {
    const storedFile = (document.components as { responses: Record<string, { content: object }> }).responses
      .StoredFile;
    expect(Object.keys(storedFile?.content ?? {}).sort()).toEqual([...STORED_FILE_MEDIA_TYPES].sort());
  });
});
