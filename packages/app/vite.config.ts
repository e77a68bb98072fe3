import { createHash } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// In development the API server (pnpm dev) answers /api and /auth on port 3000.
const apiOrigin = process.env.TSUMIKI_API_ORIGIN ?? 'http://127.0.0.1:3000';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Writes `name.br` and `name.gz` beside every text file of the build, for the server's
 * @fastify/static `preCompressed` (it picks one by Accept-Encoding and falls back to the file).
 * Compressing once at build time lets it use the slowest, smallest settings. A compressed copy
 * that would not be smaller is not written.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'tsumiki:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // After the bundle and the public/ files are all written.
    async closeBundle() {
      const files = await textFiles(outDir);
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(file);
          const [br, gz] = await Promise.all([
            brotliAsync(source, {
              params: {
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < source.length) await writeFile(`${file}.br`, br);
          if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
        }),
      );
      this.info?.(
        `${files.length} 件のファイルに .br と .gz を書きました（${relative(process.cwd(), outDir)}）`,
      );
    },
  };
}

/** Text files under `dir`, skipping dot folders such as .vite/ (the manifest is not served). */
async function textFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await textFiles(path)));
    else if (COMPRESSIBLE.test(entry.name) && (await stat(path)).size > 0) found.push(path);
  }
  return found;
}

/**
 * react-router's package.json sends every bundler to its development build (issue #12532 upstream,
 * "temporary" since 7.0.2): the same code with its development warnings switched on. The
 * production build beside it is what a production bundle should hold.
 */
function reactRouterProduction(): { find: RegExp; replacement: string }[] {
  // The app depends on react-router-dom, which depends on react-router: resolve it from there.
  const fromRouterDom = createRequire(
    createRequire(import.meta.url).resolve('react-router-dom/package.json'),
  );
  const dist = join(dirname(fromRouterDom.resolve('react-router/package.json')), 'dist/production');
  return [
    { find: /^react-router$/, replacement: join(dist, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: join(dist, 'dom-export.mjs') },
  ];
}

/**
 * `<meta name="tsumiki-build" content="…">` in index.html: a hash of the page as built (which names
 * the entry's hashed files, so any change of code changes it). It tells which version a page runs
 * (the update check of e2e/tests/updates.spec.ts reads it).
 */
function buildId(): Plugin {
  return {
    name: 'tsumiki:build-id',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const id = createHash('sha256').update(html).digest('hex').slice(0, 12);
        return [{ tag: 'meta', attrs: { name: 'tsumiki-build', content: id }, injectTo: 'head' }];
      },
    },
  };
}

/**
 * The service worker (src/updates/sw.ts → dist/sw.js): precaches the app shell, answers the SPA's
 * navigations offline, and waits for the user to accept an update (prompt mode). The page
 * registers it itself (src/updates/register.ts, after the first paint), so the plugin injects
 * nothing into index.html, and there is no web app manifest.
 */
function serviceWorker(): Plugin[] {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/updates',
    filename: 'sw.ts',
    registerType: 'prompt',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      // Everything the screens need to open: index.html, the entry and every route chunk, the
      // CSS, the fonts and icons. The .br/.gz copies are the server's business, not the cache's.
      globPatterns: ['**/*.{html,js,css,svg,png,ico,woff2}'],
      globIgnores: ['sw.js', '**/*.map'],
      // The largest chunk is far below this; a file over it would mean something went wrong.
      maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
    },
  });
}

/** Module ids are absolute paths; @tsumiki/ui's dist has one file per source module. */
const ui = (path: string) => `/ui/dist/${path}`;
const app = (path: string) => `/app/src/${path}`;

/** A code-splitting `test` that takes the modules whose path contains one of `paths`. */
function modules(...paths: string[]): (id: string) => boolean {
  return (id) => {
    const path = id.replaceAll('\\', '/');
    return paths.some((part) => path.includes(part));
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), buildId(), serviceWorker(), precompress()],
  resolve: { alias: command === 'build' ? reactRouterProduction() : [] },
  server: {
    proxy: { '/api': apiOrigin, '/auth/v1': apiOrigin },
  },
  build: {
    // Every browser the app supports has <link rel="modulepreload"> (Chrome 66, Safari 17,
    // Firefox 115): no polyfill in the entry chunk.
    modulePreload: {
      polyfill: false,
      // An icon (a few hundred bytes, named i-* below) is fetched when the screen's chunk that
      // imports it is read, not listed for preloading in the entry: every name in that list is
      // entry bytes (34 icons were 0.5 KB gzip of the / budget) for a file that arrives one round
      // trip later at most.
      resolveDependencies: (_file, dependencies) =>
        dependencies.filter((dependency) => !/(^|\/)i-[^/]*\.js$/.test(dependency)),
    },
    outDir: 'dist',
    // dist/ is what the server serves: no source maps in it (`vite build --sourcemap` for a local
    // investigation). The server refuses *.map as well.
    sourcemap: false,
    // dist/.vite/manifest.json: the chunks of each entry and lazy route, read by
    // scripts/check-size.mjs for the size budgets.
    manifest: true,
    rolldownOptions: {
      output: {
        // Chunks are named by their hash alone: the entry lists every chunk's file name for
        // preloading, so a name is entry bytes on the first screen (about 1.5 KB gzip for 170
        // chunks). The manifest (.vite/manifest.json) still says which source each chunk holds.
        // Seven characters of hash, the fewest Rolldown accepts for this many chunks (about 0.1 KB
        // gzip less on / than eight). Chunks of lucide icons alone are named i-* (see modulePreload above).
        chunkFileNames: (chunk) =>
          chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => id.includes('/lucide-react/'))
            ? 'assets/i-[hash:7].js'
            : 'assets/[hash:7].js',
        // Left to itself, Rolldown gives every set of modules that the same lazy routes share a
        // chunk of its own: / came in 23 files, many of a few hundred bytes, each a request and
        // each compressed apart (about 5 KB gzip more than whole chunks). The first screens get a
        // few whole chunks instead; the other lazy routes and parts keep Rolldown's automatic
        // chunks. A group takes the modules it names and what they import.
        codeSplitting: {
          groups: [
            // Everything the entry needs.
            { name: 'app', tags: ['$initial'], priority: 3 },
            // What /login and the protected layout of / both show, so that neither loads the
            // other's chunk for it. Keep it to what both use: pnpm size shows when /login grows.
            {
              name: 'first-screens',
              priority: 2,
              test: modules(
                ui('components/alert/'),
                // Not its reason-hint.js, loaded when a locked button is first hovered or focused.
                ui('components/button/button.js'),
                ui('components/card/'),
                ui('components/tsumiki-brand/'),
                app('errors/network-status.tsx'),
                app('lib/format.ts'),
                // The second factor's step (its screens load on first use): /login and the route
                // guard both lead there.
                app('features/two-factor/lazy-gate.tsx'),
                // 再試行's icon: the offline bar's (on /login too) and the dashboard's.
                '/lucide-react/dist/esm/icons/rotate-cw.mjs',
              ),
            },
            // The protected layout (route guard, sidebar, top bar), and the parts that the screens
            // inside it share with the dashboard (page header, links, empty state, dates, the
            // loaders' prefetch): every protected screen loads the layout anyway.
            {
              name: 'shell',
              priority: 1,
              test: modules(
                app('shell/main-layout.tsx'),
                app('shell/nav-items.ts'),
                app('shell/require-auth.tsx'),
                app('app/prefetch.ts'),
                ui('components/page-header/'),
                ui('components/link/'),
                ui('components/empty-state/'),
                ui('lib/date.js'),
                // The dashboard's icons: on their own, each was a file of a few hundred bytes that
                // / waited for, with its import and gzip's overhead on / (about 0.2 KB for three).
                '/lucide-react/dist/esm/icons/users.mjs',
                '/lucide-react/dist/esm/icons/message-square-text.mjs',
              ),
            },
          ],
        },
      },
    },
  },
}));
