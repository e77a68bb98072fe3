// The crash drill's server process: starting it again after a crash as a process manager would,
// the time until its PostgreSQL is ready, why a start failed (from the server's own log), and the
// clean stop at the end, after which nothing of ours may be left running.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  commandOf,
  logTail,
  pgDataOf,
  postmasterOf,
  processState,
  sharedMemory,
  stopLeftovers,
  stopProduct,
  waitHealthy,
} from '../lib/product.mjs';
import { say, step } from '../lib/runtime.mjs';

/**
 * Why a server process ended, from the end of its log: the error it printed (a failed start's
 * message, or the uncaught error that ended it) and its cause.
 */
export function failureReason(log) {
  const lines = log.split('\n');
  const error = lines.find((line) => /^(?:[A-Za-z]*Error(?: \[\w+\])?|error): /.test(line));
  const cause = lines.find((line) => line.startsWith('原因 / cause:'));
  // PostgreSQL's own refusal, when the server passes its output on (FATAL: lock file …).
  const fatal = lines.find((line) => /\bFATAL: /.test(line))?.replace(/^.*?FATAL: +/, 'PostgreSQL: ');
  return (
    [error, cause, fatal].filter(Boolean).join(' / ').slice(0, 500) || (lines.at(-1) ?? '').slice(0, 200)
  );
}

/** When PostgreSQL of this data directory says "ready" in its lock file (polled every 25 ms). */
function watchPostgresReady(dataDir, since) {
  let readyAt = null;
  let done = false;
  const watching = (async () => {
    while (!done && readyAt === null) {
      const lock = postmasterOf(dataDir);
      if (lock?.status === 'ready' && commandOf(lock.pid)?.includes(pgDataOf(dataDir)))
        readyAt = performance.now();
      else await sleep(25);
    }
  })();
  return async () => {
    done = true;
    await watching;
    return readyAt === null ? null : Math.max(0, readyAt - since);
  };
}

/**
 * Starts the server again as a process manager would: a start that fails (the process exits) is
 * retried after a second, until --timeout has passed since the first attempt. Every failed
 * attempt is kept, with the reason the server gave.
 */
export async function restart({ dataDir, origin, start, timeoutSeconds }) {
  const firstSpawnAt = performance.now();
  const postgresReady = watchPostgresReady(dataDir, firstSpawnAt);
  const failedStarts = [];
  const deadline = firstSpawnAt + timeoutSeconds * 1000;
  for (;;) {
    const handle = start();
    const health = await waitHealthy(origin, handle, deadline - handle.spawnedAt);
    if (health.healthy) {
      const healthyAt = handle.spawnedAt + health.ms;
      return {
        healthy: true,
        server: handle,
        firstSpawnAt,
        healthyAt,
        msToHealthy: healthyAt - firstSpawnAt,
        msToPostgresReady: await postgresReady(),
        failedStarts,
      };
    }
    // What the lock file pointed at when the start failed (PostgreSQL refuses to start while
    // the PID in postmaster.pid is a process it may signal: a live one or a zombie).
    const lock = postmasterOf(dataDir);
    failedStarts.push({
      last: health.last,
      exited: health.exited ?? null,
      reason: failureReason(logTail(handle.logFile, 80)),
      lockFile: lock ? { pid: lock.pid, status: lock.status, process: processState(lock.pid) } : null,
      log: handle.logFile,
    });
    if (!handle.ended || performance.now() + 1_000 >= deadline) {
      await stopProduct(handle, 5_000);
      await postgresReady();
      return { healthy: false, firstSpawnAt, msToHealthy: null, lastLog: handle.logFile, failedStarts };
    }
    await sleep(1_000);
  }
}

/**
 * The end: a clean stop (SIGTERM, then SIGKILL after the grace period); whatever of this run is
 * still running then is stopped and listed, and a shared memory segment left behind is reported.
 */
export async function stopAtTheEnd({ server, pool, runDir, dataDir, settings }) {
  step('停止して、残ったプロセスがないか確かめています');
  const lastLock = postmasterOf(dataDir);
  const finalStop = await stopProduct(server, settings.stopGraceSeconds * 1000);
  await pool.destroy();
  const leftovers = await stopLeftovers(runDir, dataDir);
  const segment = lastLock ? sharedMemory(lastLock.shmId) : null;
  const leftBehind = { processes: leftovers, sharedMemory: segment };
  say(
    `  サーバーの停止: ${(finalStop.ms / 1000).toFixed(1)} 秒、${finalStop.forced ? 'SIGKILL で強制終了' : `終了コード ${finalStop.code ?? finalStop.signal}`}`,
  );
  if (leftovers.length > 0) {
    say(
      `  ✗ 停止後も動いていたプロセス（停止させました）: ${leftovers.map((p) => `${p.pid} ${p.command}`).join(' / ')}`,
    );
  }
  if (segment) say(`  注意: 共有メモリ（shmid ${lastLock.shmId}）が残っています（接続数 ${segment.nattch}）`);
  return { finalStop, leftovers, leftBehind };
}
