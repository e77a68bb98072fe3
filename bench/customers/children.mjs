// The three servers the customer-list bench measures run as children of it: the product server
// (real-server.mjs), the same-SQL baseline and the floor (baseline-server.mjs, floor-server.mjs).
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { atCleanup, freePort } from '../lib/runtime.mjs';
import { benchDir } from '../lib/server-package.mjs';

const env = process.env;

const ROUND_TRIP_COUNTER = join(benchDir, 'lib', 'round-trips.mjs');

/**
 * Starts a child (Node 24, NODE_ENV=production) and waits for its { ready, url } message. Every
 * child counts its round trips to PostgreSQL (lib/round-trips.mjs; `roundTrips()` reads the count).
 * BENCH_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") goes to Tsumiki's node only.
 */
export function startChild(label, script, childEnv) {
  const nodeArgs = [
    '--import',
    ROUND_TRIP_COUNTER,
    ...(label === 'Tsumiki' ? (env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean) : []),
  ];
  return new Promise((resolveChild, reject) => {
    const child = fork(join(benchDir, script), [], {
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      execArgv: nodeArgs,
    });
    let output = '';
    const keep = (chunk) => {
      output = (output + chunk).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const stop = () =>
      new Promise((resolveStop) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolveStop();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolveStop();
        });
        child.kill('SIGTERM');
      });
    atCleanup(stop);
    const timer = setTimeout(
      () => reject(new Error(`${label} が 60 秒以内に起動しませんでした\n${output}`)),
      60_000,
    );
    let asked = 0;
    const roundTrips = () =>
      new Promise((resolveCount, rejectCount) => {
        asked += 1;
        const id = asked;
        const timeout = setTimeout(() => rejectCount(new Error(`${label} が往復の数を答えません`)), 5_000);
        const answer = (message) => {
          if (message?.roundTripsAnswer !== id) return;
          clearTimeout(timeout);
          child.off('message', answer);
          resolveCount(message.roundTrips);
        };
        child.on('message', answer);
        child.send({ roundTripsRequest: id });
      });
    child.once('message', (message) => {
      clearTimeout(timer);
      if (message?.ready)
        resolveChild({ url: message.url, pid: child.pid, stop, output: () => output, roundTrips });
      else reject(new Error(`${label} から想定外のメッセージ: ${JSON.stringify(message)}`));
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${label} が終了しました（${code ?? signal}）\n${output}`));
    });
  });
}

export async function getJson(url, headers) {
  const response = await fetch(url, { headers });
  const text = await response.text();
  let body = null;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: response.status, body, text, bytes: Buffer.byteLength(text) };
}

/**
 * The environment every child starts from: ours in production mode, with the server package to
 * measure, and without what would point the product at another database or preload into its node.
 */
export function childEnv(dir) {
  const baseEnv = { ...env, NODE_ENV: 'production', BENCH_SERVER_DIR: dir };
  for (const name of ['NODE_OPTIONS', 'DATABASE_URL', 'DATABASE_APP_URL', 'TSUMIKI_PG_PORT'])
    delete baseEnv[name];
  return baseEnv;
}

/**
 * Starts one of the two bare servers. Both read the same variables under their own prefix
 * (BASELINE_… or FLOOR_…: PLAN, DATABASE_URL, POOL_SIZE, JWT_AUDIENCE) and verify the product's
 * tokens with its secret.
 */
export async function startBareServer(
  label,
  script,
  prefix,
  { baseEnv, planFile, appUrl, poolSize, claims, secret },
) {
  return startChild(label, script, {
    ...baseEnv,
    [`${prefix}_PLAN`]: planFile,
    [`${prefix}_DATABASE_URL`]: appUrl,
    [`${prefix}_POOL_SIZE`]: String(poolSize),
    [`${prefix}_JWT_AUDIENCE`]: typeof claims.aud === 'string' ? claims.aud : '',
    AUTH_JWT_SECRET: secret,
    PORT: String(await freePort()),
  });
}
