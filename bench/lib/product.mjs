// The product as `pnpm start` runs it — `node packages/server/dist/main.js`, NODE_ENV=production,
// with its own embedded PostgreSQL under TSUMIKI_DATA_DIR — started as a direct child of the bench
// (so that its PID is the server's, not a wrapper's), and what the crash drill and the soak need to
// watch it: its health, its postmaster, its memory, and whatever it may leave running.
import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { call, connect } from './http.mjs';
import {
  atCleanup,
  elapsedText,
  freePort,
  gitDescribe,
  loadText,
  machine,
  say,
  step,
  writeResult,
} from './runtime.mjs';
import { buildIsStale, buildServerPackage, importServerApi, repoRoot, serverDir } from './server-package.mjs';

// Every variable loadConfig reads: none of the caller's own settings (a DATABASE_URL, a
// TSUMIKI_DATA_DIR, a port) may point the measured server at anything but the throwaway directory.
const PRODUCT_VARIABLES = [
  'NODE_ENV',
  'PORT',
  'HOST',
  'DATABASE_URL',
  'DATABASE_APP_URL',
  'TSUMIKI_DATA_DIR',
  'TSUMIKI_PG_PORT',
  'TSUMIKI_DEMO',
  'AUTH_JWT_SECRET',
  'ACCESS_TOKEN_TTL',
  'SESSION_TTL',
  'REFRESH_TOKEN_REUSE_GRACE',
  'AUTH_RATE_LIMIT_PER_MINUTE',
  'API_RATE_LIMIT_PER_MINUTE',
  'APP_DIST_DIR',
  'TRUST_PROXY',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'LOG_LEVEL',
  'NODE_OPTIONS',
];

/**
 * APP_DIST_DIR with a bare index.html: production mode refuses to start without a built app, and
 * building packages/app is not what these scripts measure.
 */
export function placeholderApp(runDir) {
  const dir = join(runDir, 'app-dist');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>bench</title>\n');
  return dir;
}

/**
 * The environment of the product server: the caller's, without any product setting, plus the
 * given ones. Everything not given keeps the product's default (embedded PostgreSQL, demo seed on
 * an empty database, a generated signing key, info logs).
 */
export function productEnv(settings) {
  const env = { ...process.env };
  for (const name of PRODUCT_VARIABLES) delete env[name];
  return { ...env, NODE_ENV: 'production', ...settings };
}

/**
 * Spawns dist/main.js with Node 24 (the bench's own node, process.execPath: `pnpm drill` runs it)
 * and its output appended to `logFile`. The returned handle's `exited` resolves with
 * { code, signal, at } when it ends; a cleanup task makes sure it does not outlive the bench.
 */
export function startProduct({ dir, env, logFile }) {
  const fd = openSync(logFile, 'a');
  const spawnedAt = performance.now();
  // BENCH_NODE_ARGS: extra options for the product's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
  // to see where a request's time goes (Node refuses --cpu-prof in NODE_OPTIONS).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, join(dir, 'dist', 'main.js')], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd); // the child has its own copy
  const handle = {
    child,
    pid: child.pid,
    spawnedAt,
    logFile,
    ended: null,
    exited: new Promise((resolveExit) => {
      child.once('exit', (code, signal) => {
        handle.ended = { code, signal, at: performance.now() };
        resolveExit(handle.ended);
      });
    }),
  };
  child.once('error', () => {});
  atCleanup(() => stopProduct(handle, 20_000));
  return handle;
}

/**
 * Stops the server as a process manager would: SIGTERM, then SIGKILL after `graceMs`. Returns how
 * long it took, how it ended, and whether the server said it had stopped (its last log line).
 */
export async function stopProduct(handle, graceMs = 15_000) {
  const started = performance.now();
  if (handle.ended) return { ms: 0, forced: false, ...handle.ended, said: null };
  handle.child.kill('SIGTERM');
  const timer = sleep(graceMs).then(() => 'timeout');
  let forced = false;
  if ((await Promise.race([handle.exited, timer])) === 'timeout') {
    forced = true;
    handle.child.kill('SIGKILL');
    await handle.exited;
  }
  return {
    ms: performance.now() - started,
    forced,
    code: handle.ended.code,
    signal: handle.ended.signal,
    said: lastLine(handle.logFile),
  };
}

export function lastLine(file) {
  try {
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    return lines.at(-1)?.slice(0, 300) ?? '';
  } catch {
    return '';
  }
}

export function logTail(file, count = 30) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-count).join('\n');
  } catch {
    return '';
  }
}

/**
 * Polls GET /api/health (every 50 ms, each try bounded to 2 s) until it answers 200 with
 * status ok, the server exits, or `timeoutMs` passes. `ms` counts from the spawn.
 */
export async function waitHealthy(origin, handle, timeoutMs = 60_000) {
  const pool = connect(origin, { connections: 1, timeoutMs: 2_000 });
  let last = null;
  let tries = 0;
  try {
    while (performance.now() - handle.spawnedAt < timeoutMs && !handle.ended) {
      tries += 1;
      last = await call(pool, 'GET', '/api/health');
      if (last.status === 200 && last.body?.status === 'ok') {
        return { healthy: true, ms: performance.now() - handle.spawnedAt, tries, last: 200 };
      }
      await sleep(50);
    }
  } finally {
    await pool.destroy();
  }
  return {
    healthy: false,
    ms: performance.now() - handle.spawnedAt,
    tries,
    last: last ? last.status || last.error : null,
    exited: handle.ended,
  };
}

// ── what the process table says ──────────────────────────────────────────────────────────

/**
 * PGDATA of a data directory: `<dataDir>/postgres`, or where `<dataDir>/postgres-location` says
 * when the server had to place the cluster elsewhere (root, and a directory the postgres OS user
 * cannot reach).
 */
export function pgDataOf(dataDir) {
  const location = join(dataDir, 'postgres-location');
  const recorded = existsSync(location) ? readFileSync(location, 'utf8').split('\n')[0].trim() : '';
  return recorded || join(dataDir, 'postgres');
}

/**
 * The postmaster that owns PGDATA of `dataDir`, from its lock file postmaster.pid (line 1 the
 * PID, line 4 the port, line 7 the System V shared memory key and id, line 8 its status:
 * starting, ready, stopping). Null without the file.
 */
export function postmasterOf(dataDir) {
  const file = join(pgDataOf(dataDir), 'postmaster.pid');
  if (!existsSync(file)) return null;
  const lines = readFileSync(file, 'utf8').split('\n');
  const [shmKey, shmId] = (lines[6] ?? '').trim().split(/\s+/).map(Number);
  return {
    file,
    pid: Number(lines[0]),
    port: Number(lines[3]),
    shmKey: Number.isFinite(shmKey) ? shmKey : null,
    shmId: Number.isFinite(shmId) ? shmId : null,
    status: (lines[7] ?? '').trim(),
  };
}

/** The command line of a live process (null when it is gone or a zombie: a zombie has none). */
export function commandOf(pid) {
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    return command === '' ? null : command;
  } catch {
    return null;
  }
}

/**
 * What a PID is now, from /proc: { state (R, S, D, Z = zombie: ended, not yet reaped by its
 * parent), parentPid, uid, command }, or null when no such process exists.
 */
export function processState(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, parentPid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const uid = /^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return { pid, state, parentPid: Number(parentPid), uid: Number(uid), command: commandOf(pid) };
  } catch {
    return null;
  }
}

/** Live processes (zombies excluded) whose command line contains `text`, e.g. the run directory. */
export function processesMentioning(text) {
  const found = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    const command = commandOf(entry);
    if (command?.includes(text)) found.push({ pid: Number(entry), command: command.slice(0, 200) });
  }
  return found;
}

/**
 * The System V shared memory segment `shmId`, as /proc/sysvipc/shm lists it: { nattch } (how
 * many processes still have it attached), or null when it is gone.
 */
export function sharedMemory(shmId) {
  if (shmId === null) return null;
  try {
    const [header, ...rows] = readFileSync('/proc/sysvipc/shm', 'utf8').trim().split('\n');
    const columns = header.trim().split(/\s+/);
    for (const row of rows) {
      const cells = row.trim().split(/\s+/);
      const get = (name) => Number(cells[columns.indexOf(name)]);
      if (get('shmid') === shmId) return { key: get('key'), nattch: get('nattch') };
    }
  } catch {}
  return null;
}

/** Resident memory of a process in KiB (VmRSS of /proc/<pid>/status), or null once it is gone. */
export function rssKiB(pid) {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * Stops, by PID, the processes this run's product started that are still running (a postmaster
 * whose server is gone), and says which they were: SIGINT first (PostgreSQL's fast shutdown: its
 * children go with it), SIGKILL after 10 s. Only processes whose command line names this run's
 * own directory or its PGDATA are touched.
 */
export async function stopLeftovers(runDir, dataDir) {
  const ours = () => {
    const places = new Set([runDir, pgDataOf(dataDir)]);
    return [...places].flatMap((place) => processesMentioning(place));
  };
  const leftovers = ours();
  const signalAll = (signal) => {
    for (const { pid } of ours()) {
      try {
        process.kill(pid, signal);
      } catch {}
    }
  };
  const waitGone = async (ms) => {
    for (let waited = 0; waited < ms && ours().length > 0; waited += 100) await sleep(100);
  };
  if (leftovers.length > 0) {
    signalAll('SIGINT');
    await waitGone(10_000);
    signalAll('SIGKILL');
    await waitGone(5_000);
  }
  return leftovers;
}

// ── one throwaway installation ───────────────────────────────────────────────────────────

/**
 * The product on a fresh data directory below `runDir`, on a free loopback port, with the
 * product's defaults except what load from one address needs. `start()` spawns it (again) on the
 * same directory, each time with its own log file (server-1.log, server-2.log, …). Whatever of
 * it is still running at the end of the bench is stopped (by PID, this run's directory only).
 */
export async function freshInstallation({ dir, runDir }) {
  const dataDir = join(runDir, 'data');
  const port = await freePort();
  const env = productEnv({
    HOST: '127.0.0.1',
    PORT: String(port),
    TSUMIKI_DATA_DIR: dataDir,
    APP_DIST_DIR: placeholderApp(runDir),
    // The demo tenants and users (signed in as the demo admin): production leaves them out unless
    // asked for, since their password is published.
    TSUMIKI_DEMO: '1',
    // Every client shares one loopback address: the default 1,200 requests a minute per address
    // would answer 429 to the load. The limiter itself stays on.
    API_RATE_LIMIT_PER_MINUTE: '1000000',
    // debug also writes PostgreSQL's own log (crash recovery, why it would not start) to server-N.log.
    ...(process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {}),
  });
  // A cluster the server placed outside the run directory (see pgDataOf) is this run's too.
  atCleanup(() => {
    const pgData = pgDataOf(dataDir);
    if (!pgData.startsWith(`${runDir}/`) && pgData.includes('/clusters/')) {
      say(`PostgreSQL のデータは ${pgData} に置かれていました。消します。`);
      rmSync(dirname(pgData), { recursive: true, force: true });
    }
  });
  atCleanup(() => stopLeftovers(runDir, dataDir));
  let starts = 0;
  const installation = {
    dataDir,
    origin: `http://127.0.0.1:${port}`,
    start: () => {
      starts += 1;
      return startProduct({ dir, env, logFile: join(runDir, `server-${starts}.log`) });
    },
    /** The first start: initdb, migrations and the demo seed; throws with the log if it fails. */
    async startFirst(timeoutMs = 180_000) {
      const server = installation.start();
      const health = await waitHealthy(installation.origin, server, timeoutMs);
      if (!health.healthy)
        throw new Error(`起動しませんでした（${health.last}）\n${logTail(server.logFile)}`);
      return { server, msToHealthy: health.ms };
    },
  };
  return installation;
}

/**
 * The server package to measure (BENCH_SERVER_DIR, else this repository's), announced under
 * `title`, built first when its dist is older than its sources (unless BENCH_BUILD=0), with its
 * programmatic API (DEMO_USERS, DEMO_PASSWORD, …).
 */
export async function productToMeasure(title) {
  const startedAt = new Date();
  const loadAtStart = machine().loadAverage1m;
  if (Number(process.versions.node.split('.')[0]) < 24) {
    say(`注意: Node ${process.version} で動いています。pnpm から実行すると Node 24 になります。`);
  }
  const dir = serverDir();
  const shownDir = dir.startsWith(`${repoRoot}/`) ? relative(repoRoot, dir) : dir;
  const git = gitDescribe(dir);
  say(title);
  say(`  サーバー: ${shownDir}  ${git ?? ''}`);
  if (process.env.BENCH_BUILD !== '0' && buildIsStale(dir)) buildServerPackage(dir, step);
  return {
    dir,
    shownDir,
    api: await importServerApi(dir),
    /** For the heading: cores, the load average now and when the script started. */
    loadText: () => `${loadText()}（開始時 ${loadAtStart.toFixed(1)}）`,
    /** Writes the JSON result — what, when, where, on which server — and says where it went. */
    finish(outFile, benchmark, settings, body) {
      const elapsedSeconds = (Date.now() - startedAt.getTime()) / 1000;
      const shown = writeResult(outFile, {
        benchmark,
        createdAt: startedAt.toISOString(),
        node: process.version,
        machine: { ...machine(), loadAverageAtStart: loadAtStart },
        server: { dir: shownDir, git },
        settings,
        ...body,
        elapsedSeconds,
      });
      say(`結果: ${shown}（所要時間 ${elapsedText(elapsedSeconds)}）`);
    },
  };
}
