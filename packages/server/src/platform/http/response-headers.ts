import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { isApiOrAuth, pathOf } from './prefixes';

/** The security headers of every response (CSP fit for the SPA). */
const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      // The app's service worker (/sw.js), and a web app manifest should one be added.
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      // The document preview shows a file the app fetched (with its token) as a blob: in a frame.
      frameSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  // The same as frame-ancestors 'none', for browsers that know only the older header.
  xFrameOptions: { action: 'deny' as const },
  // Only over HTTPS (below): sent over plain HTTP it means nothing and says the wrong thing.
  strictTransportSecurity: false,
};

/** helmet's default policy: a year, subdomains included. */
const HSTS = 'max-age=31536000; includeSubDomains';

/** Tenant data and tokens must not stay in browser or proxy caches. */
const NO_STORE = 'no-store';

export type HeaderSet = Readonly<Record<string, string>>;

/** Headers of Fastify itself, not of helmet. */
const FRAMEWORK_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

let helmetHeaders: Promise<HeaderSet> | undefined;

/**
 * The headers helmet sets with our options, read once from a throwaway instance: the answers
 * Fastify gives before any hook runs (a malformed URL, an unreadable request) carry the same.
 */
export function securityHeaderSet(): Promise<HeaderSet> {
  helmetHeaders ??= readHelmetHeaders();
  return helmetHeaders;
}

async function readHelmetHeaders(): Promise<HeaderSet> {
  const probe = Fastify({ logger: false });
  try {
    await probe.register(fastifyHelmet, HELMET_OPTIONS);
    probe.get('/', async () => '');
    const response = await probe.inject({ method: 'GET', url: '/' });
    return Object.fromEntries(
      Object.entries(response.headers)
        .filter(([name, value]) => !FRAMEWORK_HEADERS.has(name) && typeof value === 'string')
        .map(([name, value]) => [name, String(value)]),
    );
  } finally {
    await probe.close();
  }
}

/**
 * Every response that goes through Fastify's hooks: the request id, no-store under /api and
 * /auth/v1, then helmet's security headers. Registered before anything that can answer early
 * (rate limit, authentication), so that those answers have them too. helmet's headers are the
 * ones it set once with our options (securityHeaderSet): the same on every response, so they are
 * copied rather than computed again per request by helmet's middleware (its CSP parsed anew each
 * time cost as much CPU as the rest of the hooks together under `pnpm bench`).
 */
export async function registerResponseHeaders(app: FastifyInstance): Promise<void> {
  const securityHeaders = await securityHeaderSet();
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    if (isApiOrAuth(pathOf(request.url))) reply.header('Cache-Control', NO_STORE);
    // `protocol` reads X-Forwarded-Proto only from the proxies TRUST_PROXY names.
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    reply.headers(securityHeaders);
  });
}

/** The headers of an answer given outside Fastify's hooks, whatever the path. */
export function headersOutsideHooks(securityHeaders: HeaderSet, requestId: string): HeaderSet {
  return { ...securityHeaders, 'X-Request-Id': requestId, 'Cache-Control': NO_STORE };
}
