import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * Serves the built SPA. Vite puts content-hashed files under assets/, which never change and are
 * cached for a year; everything else (index.html above all) is revalidated on every load so a
 * deployment is picked up at once.
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
    cacheControl: false,
    etag: true,
    lastModified: true,
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
