import {
  type Serializer,
  type SerializerFactory,
  SerializerSelector,
} from '@fastify/fast-json-stringify-compiler';

/**
 * Compiled schemas kept per process, by the schema's content. Every server build reads its own
 * copy of the contract, so Fastify hands each build new schema objects and Ajv and
 * fast-json-stringify, which remember by object, compiled every route again: about 0.8 s of CPU a
 * build (request validators 0.45 s, response serialisers 0.35 s, measured on this kind of
 * machine), paid by every test file that starts a server. What they compile depends only on the
 * schema and fixed options, so one compilation serves every build of the process. Bounded: the
 * contract has a fixed set of schemas.
 */
export function compiledByContent<T>(
  compile: (schema: unknown, kind: string) => T,
): (schema: unknown, kind: string) => T {
  const compiled = new Map<string, T>();
  return (schema, kind) => {
    let key: string;
    try {
      key = `${kind}\0${JSON.stringify(schema)}`;
    } catch {
      // Not plain JSON (a cycle): compiled every time, as without this cache.
      return compile(schema, kind);
    }
    let result = compiled.get(key);
    if (result === undefined) {
      result = compile(schema, kind);
      compiled.set(key, result);
    }
    return result;
  };
}

const serializerCompilers = new Map<string, (schema: unknown, kind: string) => Serializer>();

/**
 * Fastify's own response serialiser compiler (fast-json-stringify through
 * @fastify/fast-json-stringify-compiler), its results shared by every build of the process with
 * the same shared schemas and options. For Fastify's `schemaController.compilersFactory`.
 */
export const buildSharedSerializer: SerializerFactory = (externalSchemas, options) => {
  const factoryKey = JSON.stringify([externalSchemas ?? null, options ?? null]);
  let compile = serializerCompilers.get(factoryKey);
  if (!compile) {
    const compileRoute = SerializerSelector()(externalSchemas, options);
    // fast-json-stringify reads only the schema of the route definition.
    compile = compiledByContent((schema) => compileRoute({ method: '', url: '', httpStatus: '', schema }));
    serializerCompilers.set(factoryKey, compile);
  }
  const shared = compile;
  return (route) => shared(route.schema, 'response');
};
