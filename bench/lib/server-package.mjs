// Where the product server lives, and its libraries: the baseline and the bench use the server's
// own fastify, pg and jose (same versions as the product), resolved from its package folder.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const benchDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = resolve(benchDir, '..');

/** BENCH_SERVER_DIR (e.g. a git worktree's packages/server), else this repository's server. */
export function serverDir(env = process.env) {
  return resolve(env.BENCH_SERVER_DIR ?? join(repoRoot, 'packages', 'server'));
}

/** import() of a dependency of the server package (fastify, pg, jose, …). */
export async function importFromServer(dir, name) {
  const require = createRequire(join(dir, 'package.json'));
  return import(pathToFileURL(require.resolve(name)).href);
}

/** The server's typed programmatic API (packages/server/src/index.ts, built to dist/index.js). */
export async function importServerApi(dir) {
  return import(pathToFileURL(join(dir, 'dist', 'index.js')).href);
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Whether dist/ is missing or older than the sources it is built from. */
export function buildIsStale(dir) {
  const built = join(dir, 'dist', 'index.js');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  const sources = [join(dir, 'src'), join(dir, 'tsup.config.ts'), join(dir, 'package.json')];
  const spec = resolve(dir, '..', '..', 'openapi');
  if (existsSync(spec)) sources.push(spec);
  return sources.some((source) => newestMtime(source) > builtAt);
}

/** `pnpm run build` in the server package (pnpm as it runs this script, else npx pnpm@10.34.9). */
export function buildServerPackage(dir, log) {
  const execPath = process.env.npm_execpath;
  const [command, args] =
    execPath && /pnpm/.test(execPath)
      ? [process.execPath, [execPath, 'run', 'build']]
      : ['npx', ['-y', 'pnpm@10.34.9', 'run', 'build']];
  log(`サーバーをビルドしています: ${dir}`);
  const result = spawnSync(command, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(
      `サーバーのビルドに失敗しました（${dir}）。BENCH_SERVER_DIR で別の場所を指定できます。\n${result.stdout}\n${result.stderr}`,
    );
  }
}
