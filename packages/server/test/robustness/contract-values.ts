/**
 * Values the contract accepts, read the way a client that knows only the contract reads it (a
 * contract fuzzer such as Schemathesis): any text of the declared length and pattern — Japanese,
 * emoji, combining marks and control characters alike —, integers anywhere between the declared
 * bounds, every RFC 3339 date-time and time zone offset, any email address of RFC 5321's shape,
 * upper-case uuids. Where the server refuses such a value, the contract says less than the server
 * enforces: the positive half of the robustness suite (valid-requests.test.ts) reports it.
 */
import fc from 'fast-check';
import type { OpenApiDocument } from '../../src/platform/http/openapi';
import { TEXT_PATTERNS } from '../../src/platform/http/request-values';

type Schema = Record<string, unknown>;

function resolveRef(document: OpenApiDocument, ref: string): unknown {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, segment) => (node as Record<string, unknown> | undefined)?.[segment], document);
}

/** The schema with its `$ref` followed and its `allOf` merged (enough for generating values). */
export function resolveSchema(document: OpenApiDocument, schema: unknown): Schema {
  let current = (schema ?? {}) as Schema;
  for (let depth = 0; typeof current.$ref === 'string' && depth < 20; depth++) {
    const { $ref, ...rest } = current;
    current = { ...(resolveRef(document, $ref as string) as Schema), ...rest };
  }
  if (Array.isArray(current.allOf)) {
    const { allOf, ...merged } = current;
    const properties: Schema = { ...(merged.properties as Schema) };
    const required: string[] = [...((merged.required as string[]) ?? [])];
    for (const part of (allOf as unknown[]).map((item) => resolveSchema(document, item))) {
      Object.assign(merged, part);
      Object.assign(properties, part.properties);
      required.push(...((part.required as string[]) ?? []));
    }
    return { ...merged, properties, required };
  }
  return current;
}

export interface ValueContext {
  /** Ids of the tenant's records, used for uuid values half of the time. */
  knownIds: string[];
}

function types(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (typeof schema.type === 'string') return [schema.type];
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days of the month in that year (2000 stands in for a leap year, 2001 for any other). */
function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(isLeap(year) ? 2000 : 2001, month, 0)).getUTCDate();
}

/** YYYY-MM-DD, any year from 1 to 9999 (JSON Schema's `date`: RFC 3339 full-date). */
const DATE = fc
  .record({
    year: fc.oneof(fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 1900, max: 2100 })),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 31 }),
  })
  .map(({ year, month, day }) => `${pad(year, 4)}-${pad(month)}-${pad(Math.min(day, daysIn(year, month)))}`);

/** RFC 3339 date-time: any offset from -23:59 to +23:59, fractions of any length, t/z either case. */
const DATE_TIME = fc
  .record({
    date: DATE,
    separator: fc.constantFrom('T', 't'),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.integer({ min: 0, max: 59 }),
    second: fc.integer({ min: 0, max: 59 }),
    fraction: fc.option(fc.stringMatching(/^[0-9]{1,9}$/), { nil: undefined }),
    offset: fc.oneof(
      fc.constantFrom('Z', 'z', '+00:00', '-00:00', '+09:00'),
      fc
        .record({
          sign: fc.constantFrom('+', '-'),
          hours: fc.integer({ min: 0, max: 23 }),
          minutes: fc.integer({ min: 0, max: 59 }),
        })
        .map(({ sign, hours, minutes }) => `${sign}${pad(hours)}:${pad(minutes)}`),
    ),
  })
  .map(
    ({ date, separator, hour, minute, second, fraction, offset }) =>
      `${date}${separator}${pad(hour)}:${pad(minute)}:${pad(second)}${fraction ? `.${fraction}` : ''}${offset}`,
  );

/** Mailboxes as RFC 5321 writes them, short and odd ones included. */
const EMAIL = fc.oneof(
  { arbitrary: fc.emailAddress(), weight: 4 },
  { arbitrary: fc.constantFrom('0@com', 'a@b.c', 'user+tag@example.jp', 'x.y@sub.example.co.jp'), weight: 1 },
);

/** Any code point but half a surrogate pair (JSON cannot carry those in UTF-8 either). */
const ANY_CHARACTER = fc.string({ unit: 'binary', minLength: 1, maxLength: 1 });

/** Text a person types, and text a fuzzer types. */
const CHARACTER = fc.oneof(
  { arbitrary: fc.constantFrom(...'山田花子さとうアイウエオ株式会社ー・abcXYZ0123 '), weight: 3 },
  { arbitrary: ANY_CHARACTER, weight: 2 },
  {
    arbitrary: fc.constantFrom('\u0000', '\t', '\n', '\r', '\u001b', '\u007f', '\u0085', '\u2028'),
    weight: 1,
  },
  { arbitrary: fc.constantFrom('😀', '🇯🇵', '𠮷', 'é', '\u0301', '\u200b', '\u202e', '\ufeff'), weight: 1 },
);

/** Code points, as JSON Schema counts a string's length. */
function codePoints(text: string): number {
  return Array.from(text).length;
}

export class ContractValues {
  constructor(
    private readonly document: OpenApiDocument,
    private readonly context: ValueContext,
  ) {}

  private resolve(schema: unknown): Schema {
    return resolveSchema(this.document, schema);
  }

  /** A value the schema accepts. */
  value(schemaInput: unknown, depth = 0): fc.Arbitrary<unknown> {
    const schema = this.resolve(schemaInput);
    if ('const' in schema) return fc.constant(schema.const);
    if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
    const choices = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
    if (choices) return fc.oneof(...choices.map((choice) => this.value(choice, depth + 1)));
    const kinds = types(schema);
    if (kinds.length > 1) return fc.oneof(...kinds.map((type) => this.value({ ...schema, type }, depth)));
    switch (kinds[0]) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
        return this.integer(schema);
      case 'number':
        return this.number(schema);
      case 'string':
        return this.string(schema);
      case 'array':
        return this.array(schema, depth);
      case 'object':
        return this.object(schema, depth);
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  }

  private bounds(schema: Schema, fallback: number): { min: number; max: number } {
    const min =
      typeof schema.minimum === 'number'
        ? schema.minimum
        : typeof schema.exclusiveMinimum === 'number'
          ? schema.exclusiveMinimum + 1
          : -fallback;
    const max =
      typeof schema.maximum === 'number'
        ? schema.maximum
        : typeof schema.exclusiveMaximum === 'number'
          ? schema.exclusiveMaximum - 1
          : fallback;
    return { min, max };
  }

  /** Anywhere between the bounds; without a bound, up to the largest safe integer. */
  private integer(schema: Schema): fc.Arbitrary<number> {
    const { min, max } = this.bounds(schema, Number.MAX_SAFE_INTEGER);
    const small = fc.integer({ min: Math.max(min, -1000), max: Math.min(max, 1000) });
    const edges = fc.constantFrom(min, max, Math.min(max, Math.max(min, 2 ** 31)));
    const anywhere = fc.bigInt({ min: BigInt(min), max: BigInt(max) }).map(Number);
    return fc.oneof(small, edges, anywhere);
  }

  private number(schema: Schema): fc.Arbitrary<number> {
    const { min, max } = this.bounds(schema, 1e12);
    return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  }

  private string(schema: Schema): fc.Arbitrary<string> {
    const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
    const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : 60;
    const fits = (value: string) => codePoints(value) >= minLength && codePoints(value) <= maxLength;
    const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : null;
    const matches = (value: string) => fits(value) && (pattern === null || pattern.test(value));
    if (schema.contentMediaType === 'application/json' && schema.contentSchema) {
      return this.value(schema.contentSchema, 2)
        .map((value) => JSON.stringify(value))
        .filter(matches);
    }
    switch (schema.format) {
      case 'uuid': {
        const random = fc.uuid().chain((id) => fc.constantFrom(id, id.toUpperCase()));
        return this.context.knownIds.length > 0
          ? fc.oneof(fc.constantFrom(...this.context.knownIds), random)
          : random;
      }
      case 'date':
        return DATE.filter(matches);
      case 'date-time':
        return DATE_TIME.filter(matches);
      case 'email':
        return EMAIL.filter(matches);
      case 'uri':
        return fc.webUrl().filter(matches);
      case 'binary':
        return fc.string({ unit: 'binary-ascii', minLength: Math.max(minLength, 0), maxLength: 64 });
      default:
        break;
    }
    // The contract's text patterns (lookaheads fast-check cannot generate from) filter free text.
    if (pattern && !TEXT_PATTERNS.has(String(schema.pattern))) return fc.stringMatching(pattern).filter(fits);
    const text = fc
      .array(CHARACTER, { minLength, maxLength: Math.max(minLength, Math.min(maxLength, 40)) })
      .map((characters) => characters.join(''))
      .map((value) => (pattern ? value.replaceAll('\u0000', '') : value));
    // Now and then only spaces (full-width ones too): minLength 1 says nothing against them.
    const blank = fc
      .array(fc.constantFrom(' ', '\u3000', '\t', '\n'), {
        minLength: Math.max(minLength, 1),
        maxLength: Math.max(minLength, 3),
      })
      .map((characters) => characters.join(''));
    return fc.oneof({ arbitrary: text, weight: 9 }, { arbitrary: blank, weight: 1 }).filter(matches);
  }

  private array(schema: Schema, depth: number): fc.Arbitrary<unknown[]> {
    const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
    if (depth > 4) return fc.constant([]);
    const maxLength = Math.max(
      minLength,
      Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : 4, 4),
    );
    const items = this.value(schema.items ?? {}, depth + 1);
    return schema.uniqueItems
      ? fc.uniqueArray(items, { minLength, maxLength, selector: (item) => JSON.stringify(item) })
      : fc.array(items, { minLength, maxLength });
  }

  private object(schema: Schema, depth: number): fc.Arbitrary<unknown> {
    const properties = (schema.properties ?? {}) as Record<string, unknown>;
    // A free-form object (an error report's context): any JSON, keys and text included.
    if (Object.keys(properties).length === 0) {
      return fc.dictionary(
        fc.string({ unit: ANY_CHARACTER, maxLength: 8 }),
        fc.jsonValue({ maxDepth: 2, stringUnit: 'binary' }),
        {
          maxKeys: 4,
        },
      );
    }
    const required = ((schema.required as string[] | undefined) ?? []).filter((name) => name in properties);
    const minProperties = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
    return fc
      .record(
        Object.fromEntries(
          Object.entries(properties).map(([name, value]) => [name, this.value(value, depth + 1)]),
        ),
        { requiredKeys: required },
      )
      .filter((value) => Object.keys(value).length >= minProperties);
  }
}
