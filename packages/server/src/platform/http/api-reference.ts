import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from './prefixes';

/** The human-readable reference of the contract: Scalar's standalone bundle, served from node_modules. */
export const API_REFERENCE_PATH = `${API_PREFIX}/docs`;
export const OPENAPI_JSON_PATH = `${API_PREFIX}/openapi.json`;

interface ScalarBundle {
  file: string;
  /** The first hex digits of the bundle's SHA-256: a new bundle has a new name, no version shown. */
  hash: string;
}

let scalarBundle: Promise<ScalarBundle> | undefined;

/** Found and hashed once per process (4 MB), however many servers it builds. */
function locateScalar(): Promise<ScalarBundle> {
  scalarBundle ??= (async () => {
    const require = createRequire(import.meta.url);
    // The package exports only its ESM entry (dist/index.js); the browser bundle sits beside it.
    const file = join(dirname(require.resolve('@scalar/api-reference')), 'browser', 'standalone.js');
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
    return { file, hash: hash.digest('hex').slice(0, 16) };
  })();
  return scalarBundle;
}

/**
 * Scalar runs its own scripts, inline styles, data: and blob: images and a worker; it talks only
 * to this origin (the contract, and "try it" requests). No CDN, no fonts from elsewhere.
 */
export const API_REFERENCE_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const IMMUTABLE = 'public, max-age=31536000, immutable';

function page(scriptPath: string): string {
  return `<!doctype html>
<html lang="ja">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <link rel="icon" href="data:," />
    <title>Tsumiki API リファレンス</title>
  </head>
  <body>
    <noscript>
      API リファレンスの表示には JavaScript が必要です。契約そのものは
      <a href="${OPENAPI_JSON_PATH}">${OPENAPI_JSON_PATH}</a> で読めます。
    </noscript>
    <!-- Not id="api-reference": Scalar's bundle auto-mounts a second, unconfigured reference there. -->
    <div id="reference"></div>
    <script src="${scriptPath}"></script>
    <script src="${API_REFERENCE_PATH}/init.js"></script>
  </body>
</html>
`;
}

// A file rather than an inline script, so that the page's CSP needs no 'unsafe-inline' for scripts.
const INIT_SCRIPT = `Scalar.createApiReference('#reference', ${JSON.stringify({
  url: OPENAPI_JSON_PATH,
  withDefaultFonts: false,
  telemetry: false,
  mcp: { disabled: true },
  // Scalar's hosted AI chat: it would leave this origin (and the CSP blocks it anyway).
  agent: { disabled: true },
  showDeveloperTools: 'never',
  documentDownloadType: 'json',
  defaultOpenFirstTag: true,
  operationTitleSource: 'summary',
  showOperationId: true,
  customCss:
    ':root { --scalar-font: "Hiragino Sans", "Noto Sans JP", "Yu Gothic UI", Meiryo, system-ui, sans-serif; --scalar-font-code: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; }',
})});
`;

/**
 * GET /api/docs (the page), /api/docs/init.js and /api/docs/scalar-<hash>.js (the bundle,
 * cached for a year: a new bundle has a new name, and no version is shown to anybody). Plain routes, not operations of the contract:
 * they serve people reading it, not API clients.
 */
export async function registerApiReference(app: FastifyInstance): Promise<void> {
  const scalar = await locateScalar();
  const scriptPath = `${API_REFERENCE_PATH}/scalar-${scalar.hash}.js`;
  const html = page(scriptPath);

  app.get(API_REFERENCE_PATH, async (_request, reply) =>
    reply
      .header('Content-Security-Policy', API_REFERENCE_CSP)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html),
  );
  app.get(`${API_REFERENCE_PATH}/init.js`, async (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').type('text/javascript; charset=utf-8').send(INIT_SCRIPT),
  );
  app.get(scriptPath, async (_request, reply) =>
    reply
      .header('Cache-Control', IMMUTABLE)
      .type('text/javascript; charset=utf-8')
      .send(createReadStream(scalar.file)),
  );
}
