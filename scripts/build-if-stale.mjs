// Builds each package whose sources are newer than its build output (or that has none).
import { join } from 'node:path';
import { newestMtime, root, run } from './lib.mjs';

/** In dependency order: the app bundles ui and api-client. */
export const packages = [
  {
    name: '@tsumiki/api-client',
    dir: 'packages/api-client',
    sources: ['src', 'package.json', 'tsup.config.ts'],
  },
  { name: '@tsumiki/ui', dir: 'packages/ui', sources: ['src', 'package.json', 'tsup.config.ts'] },
  {
    name: '@tsumiki/server',
    dir: 'packages/server',
    sources: ['src', 'migrations', 'package.json', 'tsup.config.ts', '../../openapi'],
  },
  {
    name: '@tsumiki/app',
    dir: 'packages/app',
    sources: ['src', 'public', 'index.html', 'package.json', 'vite.config.ts'],
    // A rebuilt library means a rebuilt app.
    inputs: ['packages/api-client/dist', 'packages/ui/dist'],
  },
];

export async function buildIfStale({ force = false } = {}) {
  for (const pkg of packages) {
    const dir = join(root, pkg.dir);
    const sourceTime = Math.max(
      newestMtime(pkg.sources.map((source) => join(dir, source))),
      ...(pkg.inputs ?? []).map((input) => newestMtimeOfBuild(join(root, input))),
    );
    const builtTime = newestMtimeOfBuild(join(dir, 'dist'));
    if (!force && builtTime > 0 && builtTime >= sourceTime) continue;
    console.log(`\n▶ ${pkg.name} をビルドしています…`);
    const code = await run('pnpm', ['--filter', pkg.name, 'run', 'build']);
    if (code !== 0) return code;
  }
  return 0;
}

function newestMtimeOfBuild(dist) {
  return newestMtime([dist]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(await buildIfStale({ force: process.argv.includes('--force') }));
}
