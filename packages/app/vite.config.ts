import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    proxy: { '/api': apiOrigin, '/auth/v1': apiOrigin },
  },
  build: {
    outDir: 'dist',
    // dist/ is what the server serves: no source maps in it (`vite build --sourcemap` for a local
    // investigation). The server refuses *.map as well.
    sourcemap: false,
    // dist/.vite/manifest.json: the chunks of each entry and lazy route, read by
    // scripts/check-size.mjs for the size budgets.
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything the entry needs in one chunk. Left to itself, Rolldown cuts the modules that
        // the entry shares with lazy routes into several small chunks, which cost a request each
        // and compress worse (about 2 KB gzip more on every first screen). Lazy routes keep
        // Rolldown's automatic chunks.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
});
