import type { ErrorObject } from 'ajv';

/**
 * Rules every value of a request meets beyond what its schema says, checked by the validator
 * compiler (request-validation.ts) for every operation at once, never per route.
 */

/**
 * The contract's patterns, each the one place its rule is written down for clients (a contract
 * test checks that every string a request carries has one that fits, or a format or enum):
 * - TEXT: anything but NUL, which PostgreSQL cannot store in text or jsonb.
 * - FILLED_TEXT: the same, and not only white space (as String.prototype.trim counts it): for
 *   text that must say something, which the server trims before it checks and stores it.
 * - NAME: a file or folder name, which also loses invisible characters and may hold no slash.
 * - EMAIL: the mailboxes the server takes (ajv-formats' `email`: a dot in the domain, no quoted
 *   local part), so that `0@com` is refused by the contract, not only by the server.
 * - DATE, DATE_TIME: RFC 3339 less what PostgreSQL cannot store (the year 0, a leap second,
 *   offsets beyond ±15:59); a date-time separates with T and has its offset.
 */
const WHITE_SPACE = '\\t-\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
/** Controls and the invisible format characters a name loses (file-names.ts): bidi, zero-width. */
const INVISIBLE =
  '\\u0001-\\u001f\\u007f-\\u009f\\u00ad\\u061c\\u180e\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u206f\\ufff9-\\ufffb';
export const CONTRACT_PATTERNS = {
  TEXT: '^[^\\u0000]*$',
  FILLED_TEXT: `^(?![${WHITE_SPACE}]*$)[^\\u0000]*$`,
  /** A file or folder name: something visible, no / or \\ (and no NUL). */
  NAME: `^(?![${WHITE_SPACE}${INVISIBLE}]*$)[^/\\\\\\u0000]+$`,
  EMAIL:
    "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$",
  DATE: '^(?!0000)\\d{4}-\\d{2}-\\d{2}$',
  DATE_TIME:
    '^(?!0000)\\d{4}-\\d{2}-\\d{2}[Tt]\\d{2}:\\d{2}:[0-5]\\d(?:\\.\\d+)?(?:[Zz]|[+-](?:0\\d|1[0-5]):[0-5]\\d)$',
} as const;

/** The patterns of free text, whatever else the text may say (validation-messages.ts explains them). */
export const TEXT_PATTERNS: ReadonlySet<string> = new Set([
  CONTRACT_PATTERNS.TEXT,
  CONTRACT_PATTERNS.FILLED_TEXT,
  CONTRACT_PATTERNS.NAME,
]);

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

/** Where in a request body free-form objects are: property names, '*' for any array item. */
export type FreeFormLocation = string[];

function isFreeForm(schema: JsonSchema): boolean {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('object') && schema.additionalProperties === true && schema.properties === undefined;
}

/**
 * The free-form objects of a body schema (`type: object`, `additionalProperties: true` and no
 * properties of its own, such as an error report's `context`): they take any JSON, so the text in
 * them PostgreSQL cannot store is replaced (replaceUnstorableText), as the contract says, where
 * everywhere else it is refused.
 */
export function freeFormLocations(schema: unknown, at: FreeFormLocation = [], depth = 0): FreeFormLocation[] {
  if (typeof schema !== 'object' || schema === null || depth > MAX_DEPTH) return [];
  const node = schema as JsonSchema;
  if (isFreeForm(node)) return [at];
  const found: FreeFormLocation[] = [];
  for (const [name, property] of Object.entries((node.properties ?? {}) as Record<string, unknown>)) {
    found.push(...freeFormLocations(property, [...at, name], depth + 1));
  }
  if (node.items) found.push(...freeFormLocations(node.items, [...at, '*'], depth + 1));
  for (const choice of [...((node.anyOf as unknown[]) ?? []), ...((node.oneOf as unknown[]) ?? [])]) {
    found.push(...freeFormLocations(choice, at, depth + 1));
  }
  return found;
}

const UNSTORABLE_CHARACTERS = new RegExp(`\u0000|${UNPAIRED_SURROGATE.source}`, 'g');

function storable(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.replace(UNSTORABLE_CHARACTERS, '\ufffd');
  if (typeof value !== 'object' || value === null || depth >= MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => storable(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [storable(key, depth) as string, storable(item, depth + 1)]),
  );
}

/** Replaces NUL and unpaired surrogates in the free-form objects of `data` by U+FFFD, in place. */
export function replaceUnstorableText(data: unknown, locations: readonly FreeFormLocation[]): void {
  const visit = (value: unknown, location: FreeFormLocation, index: number, depth: number) => {
    if (typeof value !== 'object' || value === null) return;
    const step = location[index];
    if (step === undefined) return;
    const keys = step === '*' ? Object.keys(value) : Object.hasOwn(value, step) ? [step] : [];
    for (const key of keys) {
      const target = value as Record<string, unknown>;
      if (index === location.length - 1) target[key] = storable(target[key], depth);
      else visit(target[key], location, index + 1, depth + 1);
    }
  };
  for (const location of locations) visit(data, location, 0, 0);
}

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

/** A time zone offset beyond ±15:59, which PostgreSQL refuses ("time zone displacement out of range"). */
const FAR_OFFSET = /[+-](1[6-9]|2\d):\d\d$/;

/**
 * RFC 3339 allows what JavaScript's Date and PostgreSQL do not both take: a leap second
 * (`23:59:60`), the year 0 and offsets from ±16:00 to ±23:59. A date-time the server accepts is
 * one it can compute with and store; the contract's pattern on every date-time says the same.
 */
export function isRepresentableDate(value: string): boolean {
  return !YEAR_ZERO.test(value) && !FAR_OFFSET.test(value) && Number.isFinite(Date.parse(value));
}
