import type { ErrorObject } from 'ajv';

/**
 * Rules every value of a request meets beyond what its schema says, checked by the validator
 * compiler (openapi.ts) for every operation at once, never per route.
 */

/** Keyword of the error reported for text PostgreSQL cannot store (validation-messages.ts). */
export const UNSTORABLE_TEXT = 'x-unstorable-text';
/** Keyword of the error reported for a value nested deeper than any the contract declares. */
export const TOO_DEEP = 'x-too-deep';

/**
 * NUL (PostgreSQL refuses it in text and jsonb) and UTF-16 surrogates without their pair (a JSON
 * `"\ud800"` parses to one; it cannot be encoded as UTF-8, so it would be stored as U+FFFD or
 * refused as a jsonb escape).
 */
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function isUnstorable(text: string): boolean {
  return text.includes('\u0000') || UNPAIRED_SURROGATE.test(text);
}

/**
 * Deeper than any schema of the contract. A 1 MB body can nest half a million arrays, which
 * JSON.parse reads but which overflow the stack of anything recursive that meets them later
 * (the import cloning its rows with structuredClone answered 500, JSON.stringify of jsonb would).
 */
const MAX_DEPTH = 32;

function pointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function valueError(keyword: string, instancePath: string): ErrorObject {
  return { keyword, instancePath, schemaPath: '', params: {}, message: keyword };
}

/**
 * Errors for every string (value or property name) of `data` that PostgreSQL cannot store, and
 * for values nested deeper than MAX_DEPTH. Walks without recursion, whatever the depth.
 */
export function unstorableValueErrors(data: unknown): ErrorObject[] {
  const errors: ErrorObject[] = [];
  const pending: Array<{ value: unknown; path: string; depth: number }> = [
    { value: data, path: '', depth: 0 },
  ];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path, depth } = next;
    if (typeof value === 'string') {
      if (isUnstorable(value)) errors.push(valueError(UNSTORABLE_TEXT, path));
    } else if (typeof value === 'object' && value !== null) {
      if (depth >= MAX_DEPTH) {
        errors.push(valueError(TOO_DEEP, path));
        continue;
      }
      const isArray = Array.isArray(value);
      for (const [key, item] of Object.entries(value)) {
        const itemPath = `${path}/${pointerSegment(key)}`;
        if (!isArray && isUnstorable(key)) errors.push(valueError(UNSTORABLE_TEXT, itemPath));
        else pending.push({ value: item, path: itemPath, depth: depth + 1 });
      }
    }
  }
  return errors;
}

type JsonSchema = Record<string, unknown>;

const PLAIN_INTEGER = /^-?\d+$/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

function numericType(schema: unknown): 'integer' | 'number' | null {
  if (typeof schema !== 'object' || schema === null) return null;
  const type = (schema as JsonSchema).type;
  const types = Array.isArray(type) ? type : [type];
  if (types.includes('string')) return null;
  if (types.includes('integer')) return 'integer';
  if (types.includes('number')) return 'number';
  return null;
}

/**
 * Query strings, path parameters and headers are text that Ajv coerces with `Number()`, which
 * also takes `0x10`, `1e3`, ` 1` and `Infinity`. A number in a URL is written in plain decimal
 * (and fits a double); anything else is a type error before coercion.
 */
export function lenientNumberErrors(schema: JsonSchema, data: unknown): ErrorObject[] {
  if (typeof data !== 'object' || data === null) return [];
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const errors: ErrorObject[] = [];
  for (const [name, property] of Object.entries(properties)) {
    const raw = (data as Record<string, unknown>)[name];
    if (raw === undefined) continue;
    const items = (property as JsonSchema | undefined)?.items;
    const type = numericType(property) ?? numericType(items);
    if (!type) continue;
    const plain = type === 'integer' ? PLAIN_INTEGER : PLAIN_NUMBER;
    const values = Array.isArray(raw) ? raw : [raw];
    // `9` × 400 is plain decimal too, but Number() makes it Infinity.
    const lenient = (value: unknown) =>
      typeof value === 'string' && (!plain.test(value) || !Number.isFinite(Number(value)));
    if (values.some(lenient)) {
      errors.push({
        keyword: 'type',
        instancePath: `/${pointerSegment(name)}`,
        schemaPath: `#/properties/${pointerSegment(name)}/type`,
        params: { type },
        message: `must be ${type}`,
      });
    }
  }
  return errors;
}

/** `YYYY-` of an RFC 3339 date or date-time: year 0 is valid there but not in PostgreSQL. */
const YEAR_ZERO = /^0000-/;

/**
 * RFC 3339 allows what JavaScript's Date and PostgreSQL do not both take: a leap second
 * (`23:59:60`) and the year 0. A date-time the server accepts is one it can compute with.
 */
export function isRepresentableDate(value: string): boolean {
  return !YEAR_ZERO.test(value) && Number.isFinite(Date.parse(value));
}
