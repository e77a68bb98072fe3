// Builds each package whose sources are newer than its build output (or that has none). A package
// waits only for the ones it `needs`; the others build side by side. The two libraries' builds
// (tsup with declarations) keep one core busy each, so on two cores the four builds took 101 s in a
// row and take about two thirds of that this way.
import { join } from 'node:path';
import { newestMtime, root, run } from './lib.mjs';

/** The app bundles ui and api-client; the server imports api-client's built labels. */
export const packages = [
  {
    name: '@tsumiki/api-client',
    dir: 'packages/api-client',
    sources: ['src', 'package.json', 'tsup.config.ts'],
    needs: [],
  },
  { name: '@tsumiki/ui', dir: 'packages/ui', sources: ['src', 'package.json', 'tsup.config.ts'], needs: [] },
  {
    name: '@tsumiki/server',
    dir: 'packages/server',
    sources: ['src', 'migrations', 'package.json', 'tsup.config.ts', '../../openapi'],
    needs: ['@tsumiki/api-client'],
  },
  {
    name: '@tsumiki/app',
    dir: 'packages/app',
    sources: ['src', 'public', 'index.html', 'package.json', 'vite.config.ts'],
    needs: ['@tsumiki/api-client', '@tsumiki/ui'],
  },
];

/** Resolves to 0, or to the exit code of the first build that failed. */
export async function buildIfStale({ force = false } = {}) {
  const builds = new Map();
  const build = (pkg) => {
    if (!builds.has(pkg.name)) builds.set(pkg.name, buildOne(pkg));
    return builds.get(pkg.name);
  };
  const buildOne = async (pkg) => {
    const needed = packages.filter((other) => pkg.needs.includes(other.name));
    const codes = await Promise.all(needed.map(build));
    const failed = codes.find((code) => code !== 0);
    if (failed !== undefined) return failed;
    const dir = join(root, pkg.dir);
    // A rebuilt library means a rebuilt app (read once the libraries are done).
    const sourceTime = Math.max(
      newestMtime(pkg.sources.map((source) => join(dir, source))),
      ...needed.map((other) => newestMtime([join(root, other.dir, 'dist')])),
    );
    const builtTime = newestMtime([join(dir, 'dist')]);
    if (!force && builtTime > 0 && builtTime >= sourceTime) return 0;
    console.log(`\n▶ ${pkg.name} をビルドしています…`);
    const code = await run('pnpm', ['--filter', pkg.name, 'run', 'build']);
    if (code !== 0) console.error(`✘ ${pkg.name} のビルドに失敗しました（終了コード ${code}）`);
    return code;
  };
  const codes = await Promise.all(packages.map(build));
  return codes.find((code) => code !== 0) ?? 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(await buildIfStale({ force: process.argv.includes('--force') }));
}
