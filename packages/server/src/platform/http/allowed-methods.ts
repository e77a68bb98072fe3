import type { FastifyInstance } from 'fastify';
import { MalformedRequestError } from '../errors';
import type { OpenApiDocument } from './openapi';
import { API_PREFIX, isUnder, pathOf } from './prefixes';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

interface PathTemplate {
  /** `/api/documents/{id}` split at `/`; a null segment is a parameter. */
  segments: Array<string | null>;
  /** What the contract declares here, as the Allow header lists it. */
  allow: string;
  methods: ReadonlySet<string>;
}

function templatesOf(document: OpenApiDocument): Map<number, PathTemplate[]> {
  const bySegmentCount = new Map<number, PathTemplate[]>();
  for (const [path, pathItem] of Object.entries(document.paths)) {
    const declared = HTTP_METHODS.filter((method) => Object.hasOwn(pathItem, method)).map((method) =>
      method.toUpperCase(),
    );
    // Fastify answers HEAD wherever it answers GET.
    if (declared.includes('GET') && !declared.includes('HEAD')) declared.push('HEAD');
    const segments = path.split('/').map((segment) => (/^\{[^}]+\}$/.test(segment) ? null : segment));
    const template = { segments, allow: declared.join(', '), methods: new Set(declared) };
    const list = bySegmentCount.get(segments.length) ?? [];
    list.push(template);
    bySegmentCount.set(segments.length, list);
  }
  return bySegmentCount;
}

function matches(template: PathTemplate, segments: string[]): boolean {
  return template.segments.every((expected, index) =>
    expected === null ? (segments[index] ?? '') !== '' : expected === segments[index],
  );
}

/** Of two templates that both match, the one the router prefers: a fixed segment before a parameter. */
function moreSpecific(a: PathTemplate, b: PathTemplate): PathTemplate {
  for (let index = 0; index < a.segments.length; index++) {
    const left = a.segments[index] !== null;
    const right = b.segments[index] !== null;
    if (left !== right) return left ? a : b;
  }
  return a;
}

/**
 * A method the contract does not declare on a path it does answers 405 with `Allow` (RFC 9110
 * §15.5.6), in the envelope, before authentication: the contract is public, so the answer tells
 * nothing new. Without this the path answered 404 as if it did not exist, or — where a
 * parametric path matches it too — whatever that operation says (GET /api/documents/upload
 * would reach GET /api/documents/{id} and be refused as a bad id).
 */
export function installAllowedMethods(app: FastifyInstance, document: OpenApiDocument): void {
  const templates = templatesOf(document);
  app.addHook('onRequest', async (request, reply) => {
    const path = pathOf(request.url);
    if (!isUnder(path, API_PREFIX)) return;
    const segments = path.split('/');
    let best: PathTemplate | null = null;
    for (const template of templates.get(segments.length) ?? []) {
      if (matches(template, segments)) best = best ? moreSpecific(best, template) : template;
    }
    if (!best || best.methods.has(request.method)) return;
    reply.header('Allow', best.allow);
    throw new MalformedRequestError(405);
  });
}
