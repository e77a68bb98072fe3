import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * Source maps stay out of production even when a build leaves them in the directory — and their
 * compressed copies too, which the build writes beside every text file (`x.js.map.br`).
 */
const SOURCE_MAP = /\.map(\.(br|gz))?$/i;

/**
 * Serves the built SPA. Vite puts content-hashed files under assets/, which never change and are
 * cached for a year; everything else is revalidated on every load so a deployment is picked up at
 * once: index.html, and the service worker /sw.js above all — a changed script is how an open page
 * learns about a new version, and an HTTP-cached copy would hide a deployment from it (the build
 * keeps it and any web app manifest at the root, never under assets/).
 *
 * The build writes `name.br` and `name.gz` beside each text file (packages/app/vite.config.ts):
 * `preCompressed` sends the one the browser accepts (brotli first), else the file itself, always
 * with `Vary: Accept-Encoding`. Source maps (compressed or not) are answered 404.
 */
export async function registerStaticApp(
  app: FastifyInstance,
  appDistDir: string,
): Promise<(request: FastifyRequest, reply: FastifyReply) => Promise<unknown>> {
  await app.register(fastifyStatic, {
    root: appDistDir,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    allowedPath: (pathname) => !SOURCE_MAP.test(pathname),
    setHeaders: (reply, filePath) => {
      const relative = (
        filePath.startsWith(appDistDir) ? filePath.slice(appDistDir.length) : filePath
      ).replaceAll('\\', '/');
      reply.header('Cache-Control', relative.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
    },
  });
  return async (_request, reply) => {
    reply.header('Cache-Control', REVALIDATE);
    return reply.sendFile('index.html', appDistDir, { cacheControl: false });
  };
}
