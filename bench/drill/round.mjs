// One round of the crash drill: clients write, the server or its PostgreSQL is killed with SIGKILL
// mid-load, the server is started again on the same directory, and everything acknowledged so far
// is read back. `drill` carries what the rounds share; its pool, token and server change as they go.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { prng } from '../lib/data.mjs';
import { call, connect, signIn } from '../lib/http.mjs';
import {
  commandOf,
  logTail,
  pgDataOf,
  postmasterOf,
  processState,
  sharedMemory,
  stopProduct,
} from '../lib/product.mjs';
import { integer } from '../lib/report.mjs';
import { say } from '../lib/runtime.mjs';
import { verify } from './ledger.mjs';
import { failureReason, restart } from './server.mjs';
import { writeUnderLoad } from './writers.mjs';

/** Runs round `round` and returns its record; `record.healthy` false means the drill stops here. */
export async function runRound(drill, round) {
  const { settings } = drill;
  const target = settings.kill === 'both' ? (round % 2 === 1 ? 'server' : 'postgres') : settings.kill;
  const stats = {
    acknowledged: { customers: 0, interactions: 0, updates: 0 },
    acknowledgedAfterKill: 0,
    beforeKill: {},
    afterKill: {},
  };
  const control = { stop: false, killedAt: null };
  const writing = writeUnderLoad({
    settings,
    ledger: drill.ledger,
    pool: drill.pool,
    token: drill.token,
    round,
    people: drill.people,
    control,
    stats,
  });
  const jitter = 0.5 + prng(settings.seed * 7 + round).next();
  await sleep(settings.loadSeconds * jitter * 1000);

  const { killed, afterCrash } = await crash(drill, target, control, writing);

  // ── the restart ──
  const again = await restart({
    dataDir: drill.dataDir,
    origin: drill.origin,
    start: drill.start,
    timeoutSeconds: settings.timeoutSeconds,
  });
  const record = {
    round,
    killed,
    load: stats,
    afterCrash,
    healthy: again.healthy,
    failedStarts: again.failedStarts,
    msToPostgresReady: again.msToPostgresReady,
    msToHealthy: again.msToHealthy,
    // The whole outage as users see it: from the kill to the first healthy answer.
    msFromKillToHealthy: again.healthy ? again.healthyAt - control.killedAt : null,
  };
  for (const failure of again.failedStarts) {
    say(
      `  ✗ ラウンド ${round}: 起動に失敗しました（${failure.exited?.code ?? failure.last}）: ${failure.reason}`,
    );
  }
  if (!again.healthy) {
    say(`  ✗ ラウンド ${round}: ${settings.timeoutSeconds} 秒以内に正常になりませんでした`);
    say(logTail(again.lastLog, 40).replace(/^/gm, '    '));
    return record;
  }
  drill.server = again.server;
  record.tookOver = /引き継ぎます/.test(logTail(drill.server.logFile, 200));
  await readWithOldToken(drill, record, again, round);
  await readBack(drill, record, { round, target, stats, again });
  return record;
}

/**
 * Kills the round's target while the clients write, waits for them to stop, and notes what the
 * crash left: how the server took a dead database, the lock file, a postmaster, shared memory.
 */
async function crash(drill, target, control, writing) {
  const { settings, dataDir, server } = drill;
  const postmaster = postmasterOf(dataDir);
  const killed = { target, serverPid: server.pid, postmasterPid: postmaster?.pid ?? null };
  const afterCrash = {};
  if (target === 'server') {
    process.kill(server.pid, 'SIGKILL');
    control.killedAt = performance.now();
    control.stop = true;
    await writing;
    await server.exited;
  } else {
    // Only the postmaster of this run's data directory, never anything else.
    if (!postmaster || !commandOf(postmaster.pid)?.includes(pgDataOf(dataDir))) {
      throw new Error(
        `このデータディレクトリの postmaster が見つかりません（${postmaster?.pid ?? 'postmaster.pid なし'}）`,
      );
    }
    process.kill(postmaster.pid, 'SIGKILL');
    control.killedAt = performance.now();
    // The server may end by itself (then a process manager restarts it at once), or keep
    // running without its database: the clients go on meanwhile, to record what it answers.
    await Promise.race([server.exited, sleep(settings.afterPostgresKillSeconds * 1000)]);
    control.stop = true;
    await writing;
    if (server.ended) {
      afterCrash.server = {
        exitedByItself: true,
        msAfterKill: server.ended.at - control.killedAt,
        code: server.ended.code,
        signal: server.ended.signal,
        reason: failureReason(logTail(server.logFile, 80)),
      };
    } else {
      const health = await call(drill.pool, 'GET', '/api/health');
      // As a process manager restarting the service: SIGTERM, SIGKILL after a grace period.
      afterCrash.server = {
        exitedByItself: false,
        healthWhileDatabaseDown: health.status || health.error,
        stop: await stopProduct(server, settings.stopGraceSeconds * 1000),
      };
    }
  }
  await drill.pool.destroy();
  drill.pool = connect(drill.origin, { connections: settings.clients + 2 });

  // What the crash left in the data directory: the lock file, a postmaster, shared memory.
  const lock = postmasterOf(dataDir);
  afterCrash.postmasterPidFile = lock !== null;
  afterCrash.postmasterRunning = lock ? commandOf(lock.pid)?.includes(pgDataOf(dataDir)) === true : false;
  afterCrash.sharedMemory = lock ? sharedMemory(lock.shmId) : null;
  // The PID in the lock file just before the restart: gone, a zombie (ended, not yet reaped by
  // its parent), or alive. PostgreSQL refuses to start over the last two.
  afterCrash.lockHolder = lock ? (processState(lock.pid) ?? { pid: lock.pid, state: 'gone' }) : null;
  return { killed, afterCrash };
}

/**
 * A real authenticated read with the token issued before the crash (its session must survive);
 * if it was refused, the drill signs in again and goes on with the new token.
 */
async function readWithOldToken(drill, record, again, round) {
  let read = await call(drill.pool, 'GET', '/api/customers?limit=1', { token: drill.token });
  record.tokenSurvived = read.status === 200;
  if (read.status === 401) {
    drill.token = (await signIn(drill.pool, drill.user.email, drill.password)).access_token;
    read = await call(drill.pool, 'GET', '/api/customers?limit=1', { token: drill.token });
  }
  record.msToAuthenticatedRead = performance.now() - again.firstSpawnAt;
  record.authenticatedRead = read.status;
  if (read.status !== 200) {
    say(`  ✗ ラウンド ${round}: 認証付きの読み取りが ${read.status} でした: ${read.text.slice(0, 200)}`);
  }
}

/** Everything acknowledged so far, read back; the round's line of the drill's output. */
async function readBack(drill, record, { round, target, stats, again }) {
  const check = await verify({ ledger: drill.ledger, pool: drill.pool, token: drill.token, round });
  record.verify = {
    checked: check.checked,
    lost: check.lost.length,
    changed: check.changed.length,
    updateApplied: check.updateApplied,
    storedUnacknowledged: check.storedUnacknowledged,
    examples: [...check.lost, ...check.changed].slice(0, 10),
  };
  record.ledger = { customers: drill.ledger.customers.size, interactions: drill.ledger.interactions.size };
  const acked = stats.acknowledged;
  const bad = check.lost.length + check.changed.length;
  say(
    `  ${bad === 0 && again.failedStarts.length === 0 ? '✓' : '✗'} ラウンド ${round}（${target === 'server' ? 'サーバー' : 'PostgreSQL'}）: ` +
      `確認済み ${integer(acked.customers + acked.interactions + acked.updates)} 件、失われた ${check.lost.length}、` +
      `不一致 ${check.changed.length}、正常まで ${(again.msToHealthy / 1000).toFixed(2)} 秒`,
  );
  for (const example of [...check.lost, ...check.changed].slice(0, 3))
    say(`      ${JSON.stringify(example).slice(0, 400)}`);
}
