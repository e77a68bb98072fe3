/**
 * Compiled schemas are shared by the server builds of one process, by content: a second build
 * reuses what the first compiled, and the validators behave the same for it.
 */
import { describe, expect, it } from 'vitest';
import { buildSharedSerializer, compiledByContent } from '../src/platform/http/compiled-schemas';
import { loadOpenApiDocument } from '../src/platform/http/openapi';
import { componentValidator, createValidatorCompiler } from '../src/platform/http/request-validation';

describe('compiledByContent', () => {
  it('compiles each content once per kind, whatever object carries it', () => {
    const compiled: string[] = [];
    const compile = compiledByContent((schema, kind) => {
      compiled.push(`${kind} ${JSON.stringify(schema)}`);
      return { kind };
    });
    const first = compile({ type: 'string', maxLength: 3 }, 'body');
    expect(compile({ type: 'string', maxLength: 3 }, 'body')).toBe(first);
    expect(compile({ type: 'string', maxLength: 3 }, 'querystring')).not.toBe(first);
    expect(compile({ type: 'string', maxLength: 4 }, 'body')).not.toBe(first);
    expect(compiled).toEqual([
      'body {"type":"string","maxLength":3}',
      'querystring {"type":"string","maxLength":3}',
      'body {"type":"string","maxLength":4}',
    ]);
  });

  it('compiles a schema that is not plain JSON every time instead of failing', () => {
    let compiled = 0;
    const compile = compiledByContent(() => ({ count: ++compiled }));
    const cyclic: Record<string, unknown> = { type: 'object' };
    cyclic.self = cyclic;
    expect(compile(cyclic, 'body')).toEqual({ count: 1 });
    expect(compile(cyclic, 'body')).toEqual({ count: 2 });
  });
});

describe('the request validators of two builds', () => {
  const schema = () => ({
    type: 'object',
    properties: { limit: { type: 'integer', minimum: 1, maximum: 100 } },
    required: ['limit'],
  });

  it('are one compilation, coercing text and reporting errors for each call', () => {
    const first = createValidatorCompiler()({ schema: schema(), httpPart: 'querystring' });
    const second = createValidatorCompiler()({ schema: schema(), httpPart: 'querystring' });
    expect(second).toBe(first);
    const query = { limit: '20' };
    expect(second(query)).toBe(true);
    expect(query).toEqual({ limit: 20 });
    expect(second.errors).toBeNull();
    expect(second({ limit: '500' })).toBe(false);
    expect(second.errors?.[0]).toMatchObject({ instancePath: '/limit', keyword: 'maximum' });
    // A body is JSON: the same schema there takes no text for a number.
    const body = createValidatorCompiler()({ schema: schema(), httpPart: 'body' });
    expect(body).not.toBe(first);
    expect(body({ limit: '20' })).toBe(false);
  });

  it('lower-case the declared header names for headers only', () => {
    const headers = {
      type: 'object',
      properties: { 'X-Tenant-Id': { type: 'string', format: 'uuid' } },
      required: ['X-Tenant-Id'],
    };
    const validate = createValidatorCompiler()({ schema: headers, httpPart: 'headers' });
    expect(validate({ 'x-tenant-id': '5e1d9c0a-3b2f-4c6d-8e7a-9b0c1d2e3f40' })).toBe(true);
    expect(validate({ 'x-tenant-id': 'not-a-uuid' })).toBe(false);
  });

  it('share the component validators of the same contract', () => {
    const validate = componentValidator(loadOpenApiDocument(), 'CustomerInput');
    expect(componentValidator(loadOpenApiDocument(), 'CustomerInput')).toBe(validate);
    expect(
      validate({
        last_name: '山田',
        first_name: '花子',
        last_name_kana: 'ヤマダ',
        first_name_kana: 'ハナコ',
      }),
    ).toBe(true);
    expect(validate({ first_name: '花子' })).toBe(false);
  });
});

describe('the response serialisers of two builds', () => {
  it('are one compilation per schema, with the same output', () => {
    const schema = () => ({ type: 'object', properties: { name: { type: 'string' } } });
    const route = (s: unknown) => ({ method: 'GET', url: '/x', httpStatus: '200', schema: s });
    const first = buildSharedSerializer(undefined, undefined)(route(schema()));
    const second = buildSharedSerializer(undefined, undefined)(route(schema()));
    expect(second).toBe(first);
    expect(second({ name: '山田', secret: 'x' })).toBe('{"name":"山田"}');
  });
});
