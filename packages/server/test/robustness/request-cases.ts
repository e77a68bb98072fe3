/**
 * Requests built from the contract's own schemas with fast-check: a valid request of the
 * operation (parameters and body generated from their schemas), then up to three mutations of
 * it — boundary values, wrong types, NUL and control characters, huge strings, unicode oddities,
 * undeclared content types, malformed URLs and headers, path parameters that are not uuids.
 * Nothing here names an operation: a new module's operations are covered as they are declared.
 */
import fc from 'fast-check';
import {
  type OpenApiDocument,
  type OperationPolicy,
  TENANT_HEADER,
  TENANT_PATH_PARAMETER,
} from '../../src/platform/http/openapi';
import { ContractValues, resolveSchema } from './contract-values';

type Schema = Record<string, unknown>;

export interface ParameterShape {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required: boolean;
  schema: Schema;
}

export interface OperationShape {
  policy: OperationPolicy;
  parameters: ParameterShape[];
  body: { required: boolean; mediaTypes: string[]; schema: Schema | null } | null;
}

/** One generated request, ready for `app.inject` (and printable to reproduce it). */
export interface RequestCase {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** What was done to the valid request. */
  mutations: string[];
  /** A mutation sent it elsewhere than the operation's route (its answer is not the operation's). */
  offRoute: boolean;
}

/** Values the generated requests use where the contract alone cannot tell a good one. */
export interface CaseContext {
  /** The signed-in admin's token and tenant. */
  token: string;
  tenantId: string;
  /** Another tenant (its id in X-Tenant-Id answers 403). */
  otherTenantId: string;
  /** Ids of real records of the tenant, used for uuid values half of the time. */
  knownIds: string[];
}

// ---------------------------------------------------------------------------------------------
// The contract's schemas

export { resolveSchema };

export function operationShape(document: OpenApiDocument, policy: OperationPolicy): OperationShape {
  const pathItem = document.paths[policy.path] as Record<string, unknown>;
  const operation = pathItem[policy.method.toLowerCase()] as {
    parameters?: unknown[];
    requestBody?: { required?: boolean; content?: Record<string, { schema?: unknown }> };
  };
  const parameters = [...((pathItem.parameters as unknown[]) ?? []), ...(operation.parameters ?? [])].map(
    (parameter) => {
      const resolved = resolveSchema(document, parameter) as unknown as ParameterShape;
      return {
        name: resolved.name,
        in: resolved.in,
        required: resolved.required === true,
        schema: resolveSchema(document, resolved.schema),
      };
    },
  );
  const content = operation.requestBody?.content;
  const json = content?.['application/json']?.schema;
  return {
    policy,
    parameters,
    body: content
      ? {
          required: operation.requestBody?.required === true,
          mediaTypes: Object.keys(content),
          schema: json === undefined ? null : resolveSchema(document, json),
        }
      : null,
  };
}

function types(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (typeof schema.type === 'string') return [schema.type];
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

// ---------------------------------------------------------------------------------------------
// Hostile values

const JAPANESE = [
  ...'あいうえおかきくけこアイウエオカキクケコ山田太郎花子佐藤鈴木株式会社医院東京都渋谷区ー・',
];

/** Strings that have broken servers before. */
const NASTY_TEXT = [
  '\u0000',
  'a\u0000b',
  '\u0000\u0000\u0000',
  '\u0001\u0002\u0008\u000b\u000c\u001b\u007f',
  '\t\r\n',
  '\r\nX-Injected: 1',
  '\u0085\u2028\u2029',
  '\u202eabc\u202d',
  '\u200f\u061cالعربية',
  'e\u0301\u0301\u0301\u0301',
  '\u3099\u309a',
  'ﾊﾟﾋﾞ',
  '👨‍👩‍👧‍👦',
  '🇯🇵🏳️‍🌈',
  '\ufeff',
  '\u200b\u200c\u200d',
  '\ud800',
  '\udfff',
  'a\ud83d',
  '\ude00b',
  '\uffff\ufffe',
  '%00',
  '%',
  '%%25',
  '\\',
  '\\u0000',
  "'",
  '"',
  "' OR '1'='1",
  '; drop table customers; --',
  '%_\\%',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, on purpose
  '${7*7}{{7*7}}',
  '../../etc/passwd',
  ' ',
  '\u3000',
  '',
  'null',
  'undefined',
  'NaN',
  '-0',
  '𠮷野家',
  '髙',
  '①②③',
  'ｶﾀｶﾅ',
  'ヴゔ',
  '=cmd|"/c calc"!A1',
];

const CONTROL = fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code));
const SURROGATE = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const COMBINING = fc.integer({ min: 0x300, max: 0x36f }).map((code) => String.fromCharCode(code));

const hostileText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_TEXT), weight: 6 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 24 }), weight: 2 },
  { arbitrary: fc.string({ unit: CONTROL, minLength: 1, maxLength: 6 }), weight: 1 },
  { arbitrary: fc.string({ unit: SURROGATE, minLength: 1, maxLength: 3 }), weight: 1 },
  { arbitrary: fc.string({ unit: COMBINING, minLength: 1, maxLength: 40 }), weight: 1 },
  {
    // Huge: past every maxLength, and the size of a 10 KB query string and beyond.
    arbitrary: fc
      .tuple(fc.constantFrom(101, 1_001, 10_001, 100_001), fc.constantFrom('a', 'あ', '🇯🇵', '\u0301', '%'))
      .map(([length, unit]) => unit.repeat(length)),
    weight: 1,
  },
  {
    arbitrary: fc
      .tuple(fc.string({ unit: fc.constantFrom(...JAPANESE), maxLength: 5 }), fc.constantFrom(...NASTY_TEXT))
      .map(([text, nasty]) => `${text}${nasty}${text}`),
    weight: 2,
  },
);

/** Text PostgreSQL cannot store (NUL, unpaired surrogates) and other control characters. */
const CONTROL_TEXT: fc.Arbitrary<string> = fc.oneof(
  {
    arbitrary: fc.constantFrom('\u0000', 'a\u0000', '\u0000b', '佐藤\u0000花子', '\u0000'.repeat(50)),
    weight: 4,
  },
  { arbitrary: fc.constantFrom('\ud800', 'x\udfff', '\ude00\ud83d', 'a\ud83d'), weight: 2 },
  { arbitrary: fc.string({ unit: CONTROL, minLength: 1, maxLength: 6 }), weight: 1 },
  {
    arbitrary: fc
      .tuple(
        fc.string({ unit: fc.constantFrom(...JAPANESE), maxLength: 5 }),
        fc.constantFrom('\u0000', '\ud800', '\u0007', '\u001b[2J', '\u007f', '\u0085'),
      )
      .map(([text, control]) => `${text}${control}${text}`),
    weight: 2,
  },
);

/** Numbers in text that `Number()` reads but a URL should not carry. */
function hostileNumberText(schema: Schema): fc.Arbitrary<string> {
  const min = typeof schema.minimum === 'number' ? schema.minimum : 0;
  const max = typeof schema.maximum === 'number' ? schema.maximum : 2 ** 31 - 1;
  return fc.constantFrom(
    '0x10',
    '1e3',
    'Infinity',
    '-Infinity',
    'NaN',
    ' 1',
    '1 ',
    '+1',
    '01',
    '1.5',
    '-0',
    '',
    '9'.repeat(400),
    '1,2',
    '１２',
    '٣',
    String(min - 1),
    String(max + 1),
    String(2 ** 53 + 1),
    String(-(2 ** 63)),
  );
}

const WRONG_TYPES: unknown[] = [null, true, false, 0, -1, 1.5, '', 'x', [], [null], {}, { a: 1 }, 1e308, -0];

function hostileNumber(schema: Schema): fc.Arbitrary<unknown> {
  const min = typeof schema.minimum === 'number' ? schema.minimum : -(2 ** 31);
  const max = typeof schema.maximum === 'number' ? schema.maximum : 2 ** 31 - 1;
  return fc.constantFrom(
    min,
    max,
    min - 1,
    max + 1,
    0,
    -1,
    2 ** 31,
    2 ** 53 + 2,
    -(2 ** 53) - 2,
    1.5,
    0.1 + 0.2,
    1e308,
    -0,
    Number.MIN_VALUE,
    '1',
    '0x10',
  );
}

const HOSTILE_UUIDS = [
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'urn:uuid:3b0c8a52-6c1e-4f7a-9d2b-8e4f5a6b7c8d',
  '{3b0c8a52-6c1e-4f7a-9d2b-8e4f5a6b7c8d}',
  '3B0C8A52-6C1E-4F7A-9D2B-8E4F5A6B7C8D',
  '3b0c8a526c1e4f7a9d2b8e4f5a6b7c8d',
  '3b0c8a52-6c1e-4f7a-9d2b-8e4f5a6b7c8dx',
  'not-a-uuid',
  '1',
  '-1',
  '..',
  '%2e%2e',
];

const HOSTILE_DATES = [
  '2016-12-31T23:59:60Z',
  '0000-01-01T00:00:00Z',
  '0000-01-01',
  '2026-02-30T00:00:00Z',
  '2026-02-29',
  '2026-13-01',
  '9999-12-31T23:59:59+23:59',
  '2016-12-31t10:00:00z',
  '2016-12-31 10:00:00Z',
  '+275760-09-13T00:00:00Z',
  '2026-01-01T24:00:00Z',
  '1969-12-31T23:59:59.999999999Z',
  '2026-11-01T09:00:00',
  '2026-11-01',
];

// ---------------------------------------------------------------------------------------------
// Values from schemas

export class SchemaValues {
  private readonly contract: ContractValues;

  constructor(
    private readonly document: OpenApiDocument,
    context: CaseContext,
  ) {
    this.contract = new ContractValues(document, context);
  }

  resolve(schema: unknown): Schema {
    return resolveSchema(this.document, schema);
  }

  /** Values the schema accepts, as a contract fuzzer would send them (contract-values.ts). */
  valid(schemaInput: unknown, depth = 0): fc.Arbitrary<unknown> {
    return this.contract.value(schemaInput, depth);
  }

  /** Values a careless server would let through: boundaries, wrong types, hostile text. */
  hostile(schemaInput: unknown): fc.Arbitrary<unknown> {
    const schema = this.resolve(schemaInput);
    const kinds = types(schema);
    const wrong = fc.constantFrom(...WRONG_TYPES);
    const options: Array<fc.Arbitrary<unknown>> = [wrong];
    if (Array.isArray(schema.enum)) {
      const first = String(schema.enum[0] ?? '');
      options.push(fc.constantFrom(first.toUpperCase(), ` ${first}`, `${first}\u0000`, `${first}x`));
    }
    if (kinds.includes('string')) {
      options.push(hostileText, hostileText);
      if (typeof schema.maxLength === 'number') {
        options.push(
          fc.constantFrom('a', 'あ', '🇯🇵').map((unit) => unit.repeat((schema.maxLength as number) + 1)),
        );
      }
      if (schema.format === 'uuid') options.push(fc.constantFrom(...HOSTILE_UUIDS));
      if (schema.format === 'date' || schema.format === 'date-time')
        options.push(fc.constantFrom(...HOSTILE_DATES));
    }
    if (kinds.includes('integer') || kinds.includes('number')) options.push(hostileNumber(schema));
    if (kinds.includes('array')) {
      const item = this.valid(schema.items ?? {}, 4);
      const maxItems = typeof schema.maxItems === 'number' ? schema.maxItems : 100;
      options.push(
        item.map((value) => Array.from({ length: maxItems + 1 }, () => value)),
        fc.array(this.hostile(schema.items ?? {}), { minLength: 1, maxLength: 3 }),
      );
    }
    if (kinds.includes('object')) {
      options.push(
        fc.dictionary(hostileText, hostileText, { minKeys: 1, maxKeys: 3 }),
        fc.constant(JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}')),
      );
    }
    return fc.oneof(...options);
  }

  /** Text for a query, path or header parameter: hostile values as the URL would carry them. */
  hostileParameterText(schemaInput: unknown): fc.Arbitrary<string | string[]> {
    const schema = this.resolve(schemaInput);
    const kinds = types(schema);
    const options: Array<fc.Arbitrary<string | string[]>> = [
      hostileText,
      this.hostile(schema).map(parameterText),
      fc.array(hostileText, { minLength: 2, maxLength: 3 }),
    ];
    if (kinds.includes('integer') || kinds.includes('number')) options.push(hostileNumberText(schema));
    return fc.oneof(...options);
  }
}

function parameterText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

// ---------------------------------------------------------------------------------------------
// Requests

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) is sent as the UTF-8-like
 * bytes a careless client would send: `%ED%A0%80` for U+D800.
 */
export function encodeText(text: string): string {
  // Runs without surrogates and whole pairs go to encodeURIComponent in one call each: one call per
  // character made this a tenth of the suite's own CPU (values of 10,000 characters).
  return text.replace(/[^\ud800-\udfff]+|[\ud800-\udbff][\udc00-\udfff]|[\s\S]/g, (unit) => {
    const code = unit.charCodeAt(0);
    if (unit.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    }
    return encodeURIComponent(unit);
  });
}

interface Parts {
  method: string;
  pathParams: Record<string, string>;
  pathSuffix: string;
  query: Array<[string, string]>;
  rawQuery: string;
  headers: Record<string, string>;
  body: { kind: 'json'; value: unknown } | { kind: 'raw'; text: string } | { kind: 'none' };
  contentType: string | null;
  offRoute: boolean;
}

type Mutation = { label: string; apply: (parts: Parts) => Parts };

const MALFORMED_PATH_SUFFIXES = [
  '%E0%A4%A',
  '%',
  '%zz',
  '%00',
  '%2F..%2F..',
  '/',
  '//',
  '/..',
  '/./x',
  ';jsessionid=1',
  '%C0%AE%C0%AE',
  '%ED%A0%80',
  '/%E0%A4%A',
  `/${'x'.repeat(300)}`,
];

const MALFORMED_QUERIES = [
  '&search=%E0%A4%A',
  '&%=1',
  '&skip=%',
  '&a[b]=1&a[c][d]=2',
  '&=&&&=x',
  '&search=%ED%A0%80',
  '&__proto__=1&constructor=x',
  '&limit=1&limit=2&limit=3',
  `&${'k'.repeat(2000)}=1`,
  '&search',
  '&search=%25%30%30',
  '#fragment',
];

const CONTENT_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'multipart/form-data',
  'multipart/form-data; boundary=----x',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'Application/JSON',
  'application/json;;',
  'application',
  '*/*',
  'application/vnd.api+json',
  'text/json',
  'application/octet-stream',
  'image/png',
];

const RAW_BODIES = [
  '',
  '{',
  '{"a":',
  '[1,2',
  'null',
  '"text"',
  '123',
  'true',
  '\ufeff{}',
  '{"a":1}{"b":2}',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  'a=1&b=2',
  '<xml/>',
  '\u0000\u0001\u0002',
];

const ODD_HEADERS: Array<Record<string, string>> = [
  { 'user-agent': 'x'.repeat(20_000) },
  { 'user-agent': 'Mozilla/5.0 \u00e9\u00ff' },
  { accept: 'text/html' },
  { accept: '*/*;q=0' },
  { 'accept-encoding': 'br;q=1, gzip;q=0.5, *;q=0' },
  { 'accept-language': 'x'.repeat(5000) },
  { 'x-forwarded-for': '1.2.3.4, 5.6.7.8' },
  { 'x-request-id': 'attacker-chosen' },
  { authorization: 'Bearer' },
  { authorization: 'Bearer not.a.jwt' },
  { authorization: 'Basic YWRtaW46YWRtaW4=' },
  { authorization: `Bearer ${'a'.repeat(10_000)}` },
  { 'content-length': '0' },
  { cookie: `sid=${'x'.repeat(4000)}` },
];

function withBody(parts: Parts, body: Parts['body']): Parts {
  return { ...parts, body };
}

/** Paths into a JSON value (arrays and objects), each with the schema that applies there. */
function schemaPaths(
  values: SchemaValues,
  schemaInput: unknown,
  value: unknown,
  path: Array<string | number> = [],
): Array<{ path: Array<string | number>; schema: Schema }> {
  const schema = values.resolve(schemaInput);
  const found: Array<{ path: Array<string | number>; schema: Schema }> = [];
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      found.push({ path: [...path, index], schema: values.resolve(schema.items ?? {}) });
      found.push(...schemaPaths(values, schema.items ?? {}, item, [...path, index]));
    });
  } else if (typeof value === 'object' && value !== null) {
    const properties = (schema.properties ?? {}) as Record<string, unknown>;
    for (const name of new Set([...Object.keys(properties), ...Object.keys(value)])) {
      const propertySchema = values.resolve(properties[name] ?? {});
      found.push({ path: [...path, name], schema: propertySchema });
      if (name in value) {
        found.push(
          ...schemaPaths(values, propertySchema, (value as Record<string, unknown>)[name], [...path, name]),
        );
      }
    }
  }
  return found;
}

/** A shallow copy of an array or object, indexable by either kind of key. */
function copyOf(value: unknown): Record<string | number, unknown> {
  return (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
}

function setAt(value: unknown, path: Array<string | number>, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...Array<string | number>];
  const copy = copyOf(value);
  copy[head] = setAt(copy[head], rest, replacement);
  return copy;
}

function deleteAt(value: unknown, path: Array<string | number>): unknown {
  if (path.length === 0 || typeof value !== 'object' || value === null) return value;
  const [head, ...rest] = path as [string | number, ...Array<string | number>];
  if (rest.length === 0) {
    if (Array.isArray(value)) return value.filter((_item, index) => index !== head);
    const { [head as string]: _removed, ...others } = value as Record<string, unknown>;
    return others;
  }
  const copy = copyOf(value);
  copy[head] = deleteAt(copy[head], rest);
  return copy;
}

/** Where a value of the request can be replaced: a query or path parameter, or a place in the body. */
type Target =
  | { kind: 'query' | 'path'; name: string; schema: Schema }
  | { kind: 'body'; path: Array<string | number>; schema: Schema };

function targetName(target: Target): string {
  return target.kind === 'body' ? `body ${target.path.join('.')}` : `${target.kind} ${target.name}`;
}

function acceptsText(schema: Schema): boolean {
  const kinds = types(schema);
  return kinds.length === 0 || kinds.includes('string');
}

/** The share of an operation's cases each family gets (the rest goes to the last one). */
const FAMILIES = [
  { name: 'valid', share: 0.15 },
  { name: 'control characters', share: 0.2 },
  { name: 'hostile value', share: 0.25 },
  { name: 'malformed request', share: 0.2 },
  { name: 'mixed', share: 0.2 },
] as const;

export class RequestCases {
  private readonly values: SchemaValues;

  constructor(
    document: OpenApiDocument,
    private readonly context: CaseContext,
  ) {
    this.values = new SchemaValues(document, context);
  }

  /**
   * `runs` requests of the operation, in families that each get their share whatever the seed:
   * valid requests; NUL, unpaired surrogates and control characters in a text value; one
   * hostile value (boundaries, wrong types, huge or odd text); one malformed part of the request
   * (URL, headers, Content-Type, body); and two or three of those at once.
   */
  forOperation(shape: OperationShape, runs: number, seed: number): RequestCase[] {
    let left = runs;
    return FAMILIES.flatMap((family, index) => {
      const count = index === FAMILIES.length - 1 ? left : Math.round(runs * family.share);
      left -= count;
      const cases = this.validParts(shape).chain((parts) =>
        this.family(family.name, shape, parts).map((mutations) =>
          this.toCase(
            shape,
            mutations.reduce((current, mutation) => mutation.apply(current), parts),
            mutations.map((mutation) => mutation.label),
          ),
        ),
      );
      return count > 0 ? fc.sample(cases, { seed: seed + index, numRuns: count }) : [];
    });
  }

  private family(name: (typeof FAMILIES)[number]['name'], shape: OperationShape, parts: Parts) {
    const targets = this.targets(shape, parts);
    switch (name) {
      case 'valid':
        return fc.constant<Mutation[]>([]);
      case 'control characters':
        return this.controlCharacters(targets).map((mutation) => [mutation]);
      case 'hostile value':
        return this.hostileValue(targets).map((mutation) => [mutation]);
      case 'malformed request':
        return this.malformedRequest(shape).map((mutation) => [mutation]);
      case 'mixed':
        return fc.array(
          fc.oneof(
            { arbitrary: this.hostileValue(targets), weight: 2 },
            { arbitrary: this.controlCharacters(targets), weight: 1 },
            { arbitrary: this.malformedRequest(shape), weight: 2 },
          ),
          { minLength: 2, maxLength: 3 },
        );
    }
  }

  private parameterValue(parameter: ParameterShape): fc.Arbitrary<string | undefined> {
    if (parameter.in === 'path' && parameter.name === TENANT_PATH_PARAMETER) {
      return fc.constant(this.context.tenantId);
    }
    if (parameter.in === 'header' && parameter.name.toLowerCase() === TENANT_HEADER.toLowerCase()) {
      return fc.constantFrom(undefined, this.context.tenantId);
    }
    const value = this.values.valid(parameter.schema).map(parameterText);
    return parameter.required ? value : fc.option(value, { nil: undefined });
  }

  private validParts(shape: OperationShape): fc.Arbitrary<Parts> {
    const parameters = shape.parameters.filter((parameter) => parameter.in !== 'cookie');
    const body = shape.body?.schema ? this.values.valid(shape.body.schema) : fc.constant(undefined);
    return fc
      .tuple(fc.tuple(...parameters.map((parameter) => this.parameterValue(parameter))), body)
      .map(([parameterValues, bodyValue]) => {
        const parts: Parts = {
          method: shape.policy.method,
          pathParams: {},
          pathSuffix: '',
          query: [],
          rawQuery: '',
          headers: { authorization: `Bearer ${this.context.token}` },
          body: bodyValue === undefined ? { kind: 'none' } : { kind: 'json', value: bodyValue },
          contentType: bodyValue === undefined ? null : 'application/json',
          offRoute: false,
        };
        parameters.forEach((parameter, index) => {
          const value = parameterValues[index];
          if (value === undefined) return;
          if (parameter.in === 'path') parts.pathParams[parameter.name] = value;
          else if (parameter.in === 'query') parts.query.push([parameter.name, value]);
          else parts.headers[parameter.name.toLowerCase()] = value;
        });
        return parts;
      });
  }

  /** Every value of the request a client chooses: its query and path parameters, its body's places. */
  private targets(shape: OperationShape, parts: Parts): Target[] {
    const parameters = shape.parameters
      .filter(
        (parameter) =>
          parameter.in === 'query' || (parameter.in === 'path' && parameter.name !== TENANT_PATH_PARAMETER),
      )
      .map(
        (parameter): Target => ({
          kind: parameter.in as 'query' | 'path',
          name: parameter.name,
          schema: parameter.schema,
        }),
      );
    const body =
      shape.body?.schema && parts.body.kind === 'json'
        ? schemaPaths(this.values, shape.body.schema, parts.body.value).map(
            (place): Target => ({ kind: 'body', path: place.path, schema: place.schema }),
          )
        : [];
    return [...parameters, ...body];
  }

  /** The target set to `value` (text for a parameter, any JSON value in the body). */
  private replace(target: Target, value: unknown, label: string): Mutation {
    return {
      label: `${targetName(target)}=${label}`,
      apply: (current) => {
        if (target.kind === 'body') {
          return current.body.kind === 'json'
            ? withBody(current, { kind: 'json', value: setAt(current.body.value, target.path, value) })
            : current;
        }
        const texts = Array.isArray(value) ? value.map(parameterText) : [parameterText(value)];
        if (target.kind === 'path') {
          const text = texts.join('/');
          return {
            ...current,
            pathParams: { ...current.pathParams, [target.name]: text },
            // An empty or slash-carrying value lands on another route.
            offRoute: current.offRoute || text === '' || /[/?#]/.test(text),
          };
        }
        return {
          ...current,
          query: [
            ...current.query.filter(([name]) => name !== target.name),
            ...texts.map((text): [string, string] => [target.name, text]),
          ],
        };
      },
    };
  }

  /** NUL, unpaired surrogates or control characters in a value that takes text. */
  private controlCharacters(targets: Target[]): fc.Arbitrary<Mutation> {
    const textual = targets.filter((target) => acceptsText(target.schema));
    if (textual.length === 0) {
      // Nothing takes text: an unknown query parameter carries it instead.
      return fc.tuple(fc.constantFrom('q', '\u0000'), CONTROL_TEXT).map(([name, value]) => ({
        label: `unknown query ${JSON.stringify(name)}=${JSON.stringify(value)}`,
        apply: (current) => ({ ...current, query: [...current.query, [name, value]] }),
      }));
    }
    return fc
      .tuple(fc.constantFrom(...textual), CONTROL_TEXT)
      .map(([target, value]) => this.replace(target, value, JSON.stringify(value).slice(0, 80)));
  }

  /** One value out of bounds, of the wrong type, huge or odd; or one left out; or an unknown one. */
  private hostileValue(targets: Target[]): fc.Arbitrary<Mutation> {
    const unknownParameter = fc.tuple(hostileText, hostileText).map(
      ([name, value]): Mutation => ({
        label: `unknown query ${JSON.stringify(name).slice(0, 40)}`,
        apply: (current) => ({ ...current, query: [...current.query, [name, value]] }),
      }),
    );
    if (targets.length === 0) return unknownParameter;
    const replaced = fc
      .constantFrom(...targets)
      .chain((target) =>
        (target.kind === 'body'
          ? this.values.hostile(target.schema)
          : this.values.hostileParameterText(target.schema)
        ).map((value) => this.replace(target, value, JSON.stringify(value)?.slice(0, 80) ?? 'undefined')),
      );
    const leftOut = fc.constantFrom(...targets).map(
      (target): Mutation => ({
        label: `without ${targetName(target)}`,
        apply: (current) => {
          if (target.kind === 'body') {
            return current.body.kind === 'json'
              ? withBody(current, { kind: 'json', value: deleteAt(current.body.value, target.path) })
              : current;
          }
          if (target.kind === 'path') {
            return { ...current, pathParams: { ...current.pathParams, [target.name]: '' }, offRoute: true };
          }
          return { ...current, query: current.query.filter(([name]) => name !== target.name) };
        },
      }),
    );
    return fc.oneof(
      { arbitrary: replaced, weight: 6 },
      { arbitrary: leftOut, weight: 1 },
      { arbitrary: unknownParameter, weight: 1 },
    );
  }

  /** One part of the request malformed: its URL, headers, method, Content-Type or body. */
  private malformedRequest(shape: OperationShape): fc.Arbitrary<Mutation> {
    const options: Array<fc.Arbitrary<Mutation>> = [
      fc.constantFrom(...MALFORMED_QUERIES).map((raw) => ({
        label: `raw query ${raw.slice(0, 40)}`,
        apply: (current) => ({ ...current, rawQuery: current.rawQuery + raw }),
      })),
      fc.constantFrom(...MALFORMED_PATH_SUFFIXES).map((suffix) => ({
        label: `path suffix ${suffix.slice(0, 40)}`,
        apply: (current) => ({ ...current, pathSuffix: current.pathSuffix + suffix, offRoute: true }),
      })),
      fc.constantFrom(...ODD_HEADERS).map((headers) => ({
        label: `headers ${Object.keys(headers).join(',')}`,
        apply: (current) => ({ ...current, headers: { ...current.headers, ...headers } }),
      })),
      fc
        .oneof(
          fc.constant(this.context.otherTenantId),
          fc.uuid(),
          fc.constantFrom(...HOSTILE_UUIDS),
          fc.string({ unit: 'binary-ascii', maxLength: 60 }).map((text) => text.replace(/[^\x20-\x7e]/g, '')),
          fc.constant('x'.repeat(10_000)),
        )
        .map((tenant) => ({
          label: `X-Tenant-Id ${tenant.slice(0, 40)}`,
          apply: (current) => ({ ...current, headers: { ...current.headers, 'x-tenant-id': tenant } }),
        })),
      fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS').map((method) => ({
        label: `method ${method}`,
        apply: (current) => ({ ...current, method, offRoute: current.offRoute || method !== current.method }),
      })),
      fc.constantFrom(...CONTENT_TYPES).map((contentType) => ({
        label: `content-type ${contentType}`,
        apply: (current) => ({
          ...current,
          contentType,
          body: current.body.kind === 'none' ? { kind: 'raw', text: '{"minutes":9999}' } : current.body,
        }),
      })),
      fc.constantFrom(...RAW_BODIES).map((text) => ({
        label: `raw body ${JSON.stringify(text.slice(0, 30))}`,
        apply: (current) => ({
          ...withBody(current, { kind: 'raw', text }),
          contentType: 'application/json',
        }),
      })),
    ];
    if (shape.body?.schema) {
      options.push(
        this.values.hostile(shape.body.schema).map((value) => ({
          label: `body ${JSON.stringify(value)?.slice(0, 80)}`,
          apply: (current) => withBody(current, { kind: 'json', value }),
        })),
        fc.tuple(hostileText, this.values.hostile({})).map(([name, value]) => ({
          label: `body extra ${JSON.stringify(name).slice(0, 40)}`,
          apply: (current) =>
            current.body.kind === 'json' &&
            typeof current.body.value === 'object' &&
            current.body.value !== null
              ? withBody(current, { kind: 'json', value: { ...current.body.value, [name]: value } })
              : current,
        })),
        fc.constant<Mutation>({
          label: 'no body',
          apply: (current) => ({ ...withBody(current, { kind: 'none' }), contentType: null }),
        }),
        fc.constant<Mutation>({
          label: 'body over the size limit',
          apply: (current) =>
            withBody(current, { kind: 'raw', text: JSON.stringify({ a: 'x'.repeat(1024 * 1024 + 1) }) }),
        }),
      );
    }
    return fc.oneof(...options);
  }

  private toCase(shape: OperationShape, parts: Parts, mutations: string[]): RequestCase {
    const path = shape.policy.path.replace(/\{([A-Za-z0-9_]+)\}/g, (_match, name: string) =>
      encodeText(parts.pathParams[name] ?? ''),
    );
    const query = parts.query.map(([name, value]) => `${encodeText(name)}=${encodeText(value)}`).join('&');
    const search = query + parts.rawQuery;
    const payload =
      parts.body.kind === 'json'
        ? JSON.stringify(parts.body.value)
        : parts.body.kind === 'raw'
          ? parts.body.text
          : undefined;
    return {
      method: parts.method,
      url: `${path}${parts.pathSuffix}${search ? `?${search.replace(/^&/, '')}` : ''}`,
      headers: {
        ...parts.headers,
        ...(parts.contentType !== null && payload !== undefined ? { 'content-type': parts.contentType } : {}),
      },
      ...(payload === undefined ? {} : { payload }),
      mutations,
      offRoute: parts.offRoute,
    };
  }
}
