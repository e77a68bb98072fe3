#!/usr/bin/env node
// pnpm drill: the crash drill. The product server (dist/main.js with its embedded PostgreSQL, as
// `pnpm start` runs it) on a fresh data directory takes writes from several clients; mid-load it
// is killed with SIGKILL — the server process in odd rounds, the PostgreSQL postmaster in even
// ones — and started again on the same directory. Every write it acknowledged (2xx) must then be
// there, unchanged, read back through the API. See bench/README.md.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { apiInputs, prng } from './lib/data.mjs';
import { call, connect, readAll, signIn } from './lib/http.mjs';
import { percentile } from './lib/load.mjs';
import {
  commandOf,
  freshInstallation,
  logTail,
  pgDataOf,
  postmasterOf,
  processState,
  productToMeasure,
  sharedMemory,
  stopLeftovers,
  stopProduct,
  waitHealthy,
} from './lib/product.mjs';
import { integer, table } from './lib/report.mjs';
import { argNumber, makeRunDir, resultFile, runScript, say, step } from './lib/runtime.mjs';

const argv = process.argv.slice(2);
if (argv.includes('--help') || argv.includes('-h')) {
  process.stdout.write(`使い方: pnpm drill [--rounds N] [--kill both|server|postgres] [--clients N] [--load-seconds S] [--timeout S]

  --rounds N        強制終了して起動し直す回数（10）。奇数回はサーバー、偶数回は PostgreSQL を kill -9
  --kill WHAT       both（既定、交互）/ server（毎回サーバー）/ postgres（毎回 postmaster）
  --clients N       同時に書き込むクライアントの数（4）
  --load-seconds S  書き込み開始から kill までの秒数の目安（3：各回 0.5〜1.5 倍のどこか）
  --timeout S       起動し直してから正常になるまで待つ秒数（60）

環境変数: BENCH_SERVER_DIR（計測するサーバー）、BENCH_BUILD=0（ビルドしない）、
  BENCH_DATA_DIR（使い捨てディレクトリの置き場所、bench/.data）、BENCH_KEEP_DATA=1（残す）、
  BENCH_OUT（結果の JSON、bench/results/drill.json）、
  BENCH_LOG_LEVEL=debug（サーバーのログに PostgreSQL のログも出す。BENCH_KEEP_DATA=1 と一緒に）
`);
  process.exit(0);
}

const settings = {
  rounds: argNumber(argv, '--rounds', 10, { min: 1 }),
  kill: killOption(argv),
  clients: argNumber(argv, '--clients', 4, { min: 1 }),
  loadSeconds: argNumber(argv, '--load-seconds', 3, { min: 0.2, integer: false }),
  timeoutSeconds: argNumber(argv, '--timeout', 60, { min: 1, integer: false }),
  // After the postmaster is killed the server keeps running: the clients go on for this long, to
  // record what it answers without its database.
  afterPostgresKillSeconds: 1,
  // How long a process manager would wait after SIGTERM before SIGKILL.
  stopGraceSeconds: 15,
  seed: 20_261_123,
};
/** --kill both (default: the server in odd rounds, PostgreSQL in even ones) | server | postgres. */
function killOption(args) {
  const index = args.findIndex((arg) => arg === '--kill' || arg.startsWith('--kill='));
  if (index === -1) return 'both';
  const value = args[index].includes('=') ? args[index].split('=')[1] : args[index + 1];
  if (!['both', 'server', 'postgres'].includes(value)) {
    throw new Error(`--kill は both / server / postgres のいずれかです（現在: "${value}"）`);
  }
  return value;
}

const outFile = resultFile('drill.json');

// ── the ledger: every write the server acknowledged ──────────────────────────────────────

// customers: id → { acked: the body of the last 2xx, round, possible: updates sent but not
//   acknowledged (a PUT cut off by the crash may or may not have committed) }
// interactions: id → { acked, round }
// Every create carries a marker (customers in notes, interactions in summary) so that a create
// the crash cut off, but which did commit, is recognised afterwards ("stored, unacknowledged").
const ledger = { customers: new Map(), interactions: new Map() };
const MARKER = 'drill r';

/** Stable JSON (keys sorted) for comparing what was acknowledged with what is read back. */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The fields in which two objects differ (for the report). */
function differences(expected, actual) {
  const keys = new Set([...Object.keys(expected ?? {}), ...Object.keys(actual ?? {})]);
  return [...keys]
    .filter((key) => canonical(expected?.[key]) !== canonical(actual?.[key]))
    .map((key) => ({ field: key, expected: expected?.[key], actual: actual?.[key] }));
}

// ── the writers ──────────────────────────────────────────────────────────────────────────

/**
 * `clients` loops, each: create a customer, record one or two interactions for it, and now and
 * then update it with its version. Stops when `control.stop` is set; every answer is counted, by
 * status (0 = no answer: refused, reset, timed out), before and after the kill.
 */
async function writeUnderLoad({ pool, token, round, people, control, stats }) {
  const random = prng(settings.seed + round);
  let next = 0;
  const count = (answer, kind) => {
    const phase = control.killedAt === null ? 'beforeKill' : 'afterKill';
    const key = answer.status === 0 ? `0 ${answer.error}` : String(answer.status);
    stats[phase][key] = (stats[phase][key] ?? 0) + 1;
    if (answer.status >= 200 && answer.status < 300) {
      stats.acknowledged[kind] += 1;
      if (control.killedAt !== null) stats.acknowledgedAfterKill += 1;
      return true;
    }
    return false;
  };
  const client = async (clientNumber) => {
    while (!control.stop) {
      const n = next++;
      const person = people[n % people.length];
      const marker = `${MARKER}${round} c${clientNumber} n${n}`;
      const created = await call(pool, 'POST', '/api/customers', {
        token,
        body: { ...person.input, notes: marker },
      });
      if (!count(created, 'customers')) continue;
      const customer = { acked: created.body, round, possible: [] };
      ledger.customers.set(created.body.id, customer);
      for (const [i, entry] of person.interactions.slice(0, 1 + (n % 2)).entries()) {
        if (control.stop) return;
        const recorded = await call(pool, 'POST', '/api/interactions', {
          token,
          body: {
            customer_id: created.body.id,
            type: entry.type,
            summary: `${entry.summary}（${marker} i${i}）`,
            content: entry.content,
          },
        });
        if (count(recorded, 'interactions'))
          ledger.interactions.set(recorded.body.id, { acked: recorded.body, round });
      }
      if (control.stop || !random.chance(0.3)) continue;
      const changes = {
        phone: `090-${String(random.int(0, 9999)).padStart(4, '0')}-${String(n % 10_000).padStart(4, '0')}`,
        notes: `${marker} 更新`,
        tags: random.chance(0.5) ? ['要フォロー'] : ['VIP', '紹介'],
      };
      const version = customer.acked.version;
      customer.possible.push({ version: version + 1, changes });
      const updated = await call(pool, 'PUT', `/api/customers/${created.body.id}`, {
        token,
        body: { version, ...changes },
      });
      if (count(updated, 'updates')) {
        customer.acked = updated.body;
        customer.possible = [];
      }
    }
  };
  await Promise.all(Array.from({ length: settings.clients }, (_, i) => client(i + 1)));
}

/**
 * Why a server process ended, from the end of its log: the error it printed (a failed start's
 * message, or the uncaught error that ended it) and its cause.
 */
function failureReason(log) {
  const lines = log.split('\n');
  const error = lines.find((line) => /^(?:[A-Za-z]*Error(?: \[\w+\])?|error): /.test(line));
  const cause = lines.find((line) => line.startsWith('原因 / cause:'));
  // PostgreSQL's own refusal, when the server passes its output on (FATAL: lock file …).
  const fatal = lines.find((line) => /\bFATAL: /.test(line))?.replace(/^.*?FATAL: +/, 'PostgreSQL: ');
  return (
    [error, cause, fatal].filter(Boolean).join(' / ').slice(0, 500) || (lines.at(-1) ?? '').slice(0, 200)
  );
}

// ── reading it all back ──────────────────────────────────────────────────────────────────

/**
 * Compares every acknowledged write with what the API returns now: the whole ledger through the
 * list endpoints, and this round's customers once more one by one (GET /api/customers/{id}).
 */
async function verify({ pool, token, round }) {
  const customers = new Map(
    (await readAll(pool, '/api/customers?sort_by=created_at&sort_order=desc', 'customers', token)).map(
      (row) => [row.id, row],
    ),
  );
  const interactions = new Map(
    (await readAll(pool, '/api/interactions', 'interactions', token)).map((row) => [row.id, row]),
  );
  const result = { checked: 0, lost: [], changed: [], updateApplied: 0, storedUnacknowledged: 0 };

  const check = (kind, id, entry, row) => {
    result.checked += 1;
    if (!row) {
      result.lost.push({ kind, id, round: entry.round, expected: entry.acked });
      return;
    }
    if (canonical(row) === canonical(entry.acked)) return;
    // An update cut off by the crash that did commit: the row is that update, one version on.
    const applied = entry.possible?.find(
      (update) =>
        row.version === update.version &&
        Object.entries(update.changes).every(([key, value]) => canonical(row[key]) === canonical(value)),
    );
    if (applied) {
      result.updateApplied += 1;
      entry.acked = row;
      entry.possible = [];
      return;
    }
    result.changed.push({ kind, id, round: entry.round, differences: differences(entry.acked, row) });
  };

  for (const [id, entry] of ledger.customers) check('customer', id, entry, customers.get(id));
  for (const [id, entry] of ledger.interactions) check('interaction', id, entry, interactions.get(id));

  // This round's customers one by one, through the read the app's detail screen uses.
  const mine = [...ledger.customers].filter(([, entry]) => entry.round === round);
  for (let i = 0; i < mine.length; i += 8) {
    await Promise.all(
      mine.slice(i, i + 8).map(async ([id, entry]) => {
        const answer = await call(pool, 'GET', `/api/customers/${id}`, { token });
        const row = answer.status === 200 ? answer.body : null;
        if (answer.status !== 200 && answer.status !== 404) {
          throw new Error(
            `GET /api/customers/${id}: ${answer.status} ${answer.error ?? answer.text.slice(0, 200)}`,
          );
        }
        check('customer (GET)', id, entry, row);
      }),
    );
  }

  for (const row of customers.values()) {
    if (row.notes?.startsWith(MARKER) && !ledger.customers.has(row.id)) result.storedUnacknowledged += 1;
  }
  for (const row of interactions.values()) {
    if (row.summary?.includes(`（${MARKER}`) && !ledger.interactions.has(row.id))
      result.storedUnacknowledged += 1;
  }
  return result;
}

// ── main ─────────────────────────────────────────────────────────────────────────────────

async function main() {
  const measured = await productToMeasure(
    `Tsumiki クラッシュ訓練: kill -9 → 起動し直し → 確認済みの書き込みがすべて残っているか`,
  );
  const { dir, api } = measured;
  const user = api.DEMO_USERS.sakuraAdmin;

  const runDir = makeRunDir('drill');
  const { dataDir, origin, start, startFirst } = await freshInstallation({ dir, runDir });

  /** When PostgreSQL of this data directory says "ready" in its lock file (polled every 25 ms). */
  const watchPostgresReady = (since) => {
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
  };

  /**
   * Starts the server again as a process manager would: a start that fails (the process exits) is
   * retried after a second, until --timeout has passed since the first attempt. Every failed
   * attempt is kept, with the reason the server gave.
   */
  const restart = async () => {
    const firstSpawnAt = performance.now();
    const postgresReady = watchPostgresReady(firstSpawnAt);
    const failedStarts = [];
    const deadline = firstSpawnAt + settings.timeoutSeconds * 1000;
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
  };

  step(`新しいデータディレクトリで起動しています（初期化とデモデータの投入を含む）`);
  const first = await startFirst();
  let server = first.server;
  say(`  正常になるまで ${(first.msToHealthy / 1000).toFixed(1)} 秒（PID ${server.pid}）`);
  let pool = connect(origin, { connections: settings.clients + 2 });
  const session = await signIn(pool, user.email, api.DEMO_PASSWORD);
  let token = session.access_token;
  const people = apiInputs({ seed: settings.seed, count: 3_000, assigneeIds: [user.id] });

  const rounds = [];
  let stopped = false;
  const victims = {
    both: '奇数回はサーバー、偶数回は PostgreSQL',
    server: '毎回サーバー',
    postgres: '毎回 PostgreSQL',
  };
  step(
    `${settings.rounds} ラウンド: クライアント ${settings.clients}、書き込み開始から約 ${settings.loadSeconds} 秒で kill -9（${victims[settings.kill]}）`,
  );
  for (let round = 1; round <= settings.rounds && !stopped; round += 1) {
    const target = settings.kill === 'both' ? (round % 2 === 1 ? 'server' : 'postgres') : settings.kill;
    const stats = {
      acknowledged: { customers: 0, interactions: 0, updates: 0 },
      acknowledgedAfterKill: 0,
      beforeKill: {},
      afterKill: {},
    };
    const control = { stop: false, killedAt: null };
    const writing = writeUnderLoad({ pool, token, round, people, control, stats });
    const jitter = 0.5 + prng(settings.seed * 7 + round).next();
    await sleep(settings.loadSeconds * jitter * 1000);

    // ── the crash ──
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
        const health = await call(pool, 'GET', '/api/health');
        // As a process manager restarting the service: SIGTERM, SIGKILL after a grace period.
        afterCrash.server = {
          exitedByItself: false,
          healthWhileDatabaseDown: health.status || health.error,
          stop: await stopProduct(server, settings.stopGraceSeconds * 1000),
        };
      }
    }
    await pool.destroy();
    pool = connect(origin, { connections: settings.clients + 2 });

    // What the crash left in the data directory: the lock file, a postmaster, shared memory.
    const lock = postmasterOf(dataDir);
    afterCrash.postmasterPidFile = lock !== null;
    afterCrash.postmasterRunning = lock ? commandOf(lock.pid)?.includes(pgDataOf(dataDir)) === true : false;
    afterCrash.sharedMemory = lock ? sharedMemory(lock.shmId) : null;
    // The PID in the lock file just before the restart: gone, a zombie (ended, not yet reaped by
    // its parent), or alive. PostgreSQL refuses to start over the last two.
    afterCrash.lockHolder = lock ? (processState(lock.pid) ?? { pid: lock.pid, state: 'gone' }) : null;

    // ── the restart ──
    const again = await restart(control.killedAt);
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
    rounds.push(record);
    for (const failure of again.failedStarts) {
      say(
        `  ✗ ラウンド ${round}: 起動に失敗しました（${failure.exited?.code ?? failure.last}）: ${failure.reason}`,
      );
    }
    if (!again.healthy) {
      stopped = true;
      say(`  ✗ ラウンド ${round}: ${settings.timeoutSeconds} 秒以内に正常になりませんでした`);
      say(logTail(again.lastLog, 40).replace(/^/gm, '    '));
      break;
    }
    server = again.server;
    record.tookOver = /引き継ぎます/.test(logTail(server.logFile, 200));

    // A real authenticated read with the token issued before the crash (its session must survive).
    let read = await call(pool, 'GET', '/api/customers?limit=1', { token });
    record.tokenSurvived = read.status === 200;
    if (read.status === 401) {
      token = (await signIn(pool, user.email, api.DEMO_PASSWORD)).access_token;
      read = await call(pool, 'GET', '/api/customers?limit=1', { token });
    }
    record.msToAuthenticatedRead = performance.now() - again.firstSpawnAt;
    record.authenticatedRead = read.status;
    if (read.status !== 200) {
      say(`  ✗ ラウンド ${round}: 認証付きの読み取りが ${read.status} でした: ${read.text.slice(0, 200)}`);
    }

    // ── everything acknowledged so far, read back ──
    const check = await verify({ pool, token, round });
    record.verify = {
      checked: check.checked,
      lost: check.lost.length,
      changed: check.changed.length,
      updateApplied: check.updateApplied,
      storedUnacknowledged: check.storedUnacknowledged,
      examples: [...check.lost, ...check.changed].slice(0, 10),
    };
    record.ledger = { customers: ledger.customers.size, interactions: ledger.interactions.size };
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

  // ── the end: a clean stop, and nothing of ours may be left running ──
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

  // ── report ──
  const seconds = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} 秒` : '—');
  const afterText = (r) => {
    const s = r.afterCrash.server;
    if (!s) return r.tookOver ? 'PG を引き継ぎ' : '—';
    if (s.exitedByItself) return `異常終了（${s.code ?? s.signal}）`;
    return `${s.healthWhileDatabaseDown} → 停止 ${seconds(s.stop.ms)}${s.stop.forced ? '（SIGKILL）' : ''}`;
  };
  say();
  say(`kill -9 の後に起動し直して、確認済み（2xx）の書き込みを API で読み直した結果`);
  say(
    `クライアント ${settings.clients}、Node ${process.version}、${measured.loadText()}、初回の起動 ${seconds(first.msToHealthy)}（initdb・マイグレーション・デモデータ込み）`,
  );
  say();
  say(
    table(
      [
        '回',
        'kill -9',
        '確認済み',
        '累計',
        '失われた/不一致',
        '未確認で保存',
        'その後のサーバー',
        '起動失敗',
        'PG 準備',
        '正常まで',
        '停止時間',
      ],
      rounds.map((r) => {
        const a = r.load.acknowledged;
        return [
          String(r.round),
          r.killed.target === 'server' ? 'サーバー' : 'PostgreSQL',
          integer(a.customers + a.interactions + a.updates),
          r.ledger ? integer(r.ledger.customers + r.ledger.interactions) : '—',
          r.verify ? `${integer(r.verify.lost)} / ${integer(r.verify.changed)}` : '—',
          r.verify ? integer(r.verify.storedUnacknowledged + r.verify.updateApplied) : '—',
          afterText(r),
          integer(r.failedStarts.length),
          seconds(r.msToPostgresReady),
          r.healthy ? seconds(r.msToHealthy) : '✗ 起動せず',
          seconds(r.msFromKillToHealthy),
        ];
      }),
      ['r', 'l', 'r', 'r', 'r', 'r', 'l', 'r', 'r', 'r', 'r'],
    ),
  );
  const lost = rounds.reduce((sum, r) => sum + (r.verify?.lost ?? 0) + (r.verify?.changed ?? 0), 0);
  const unhealthy = rounds.filter((r) => !r.healthy || (r.authenticatedRead ?? 200) !== 200).length;
  const failedStarts = rounds.flatMap((r) => r.failedStarts.map((f) => ({ round: r.round, ...f })));
  const crashedWithDatabase = rounds.filter((r) => r.afterCrash.server?.exitedByItself);
  const tokenLost = rounds.filter((r) => r.tokenSurvived === false).length;
  const healthyTimes = Float64Array.from(rounds.filter((r) => r.healthy).map((r) => r.msToHealthy)).sort();
  say();
  if (healthyTimes.length > 0) {
    say(
      `正常まで（起動し直してから /api/health が 200）: 中央値 ${seconds(percentile(healthyTimes, 50))}、最大 ${seconds(healthyTimes.at(-1))}。` +
        `認証付きの読み取りも毎回 ${rounds.every((r) => r.authenticatedRead === 200) ? '成功' : '成功せず'}`,
    );
  }
  if (crashedWithDatabase.length > 0) {
    say(
      `注意: PostgreSQL を止めた ${crashedWithDatabase.length} 回、サーバーも異常終了しました: ${crashedWithDatabase[0].afterCrash.server.reason}`,
    );
  }
  // The same failure in several rounds differs only in its port: one line for all of them.
  const reasonKey = (reason) => reason.replace(/ポート \d+/g, 'ポート …');
  for (const reason of new Set(failedStarts.map((f) => reasonKey(f.reason)))) {
    const times = failedStarts.filter((f) => reasonKey(f.reason) === reason);
    say(`✗ 起動の失敗 ${times.length} 回（ラウンド ${times.map((f) => f.round).join(', ')}）: ${reason}`);
    const describe = (holder) => {
      if (!holder || holder.state === 'gone') return 'もうない';
      if (holder.state === 'Z') return `ゾンビ：終了済み、親 ${holder.parentPid} が未回収`;
      return `動作中：${holder.command ?? '?'}`;
    };
    for (const { round, lockFile } of times) {
      const before = rounds.find((r) => r.round === round)?.afterCrash.lockHolder;
      say(
        lockFile
          ? `    ラウンド ${round}: postmaster.pid の PID ${lockFile.pid} は、起動し直す直前に${describe(before)}、失敗を見た時点で${describe(lockFile.process)}`
          : `    ラウンド ${round}: postmaster.pid なし`,
      );
    }
  }
  if (tokenLost > 0)
    say(`注意: ${tokenLost} 回、クラッシュ前のアクセストークンが使えなくなりました（ログインし直しました）`);

  measured.finish(outFile, 'crash-drill', settings, {
    firstStart: { msToHealthy: first.msToHealthy },
    rounds,
    finalStop,
    leftBehind,
    failures: {
      lostOrChanged: lost,
      unhealthy,
      failedStarts: failedStarts.length,
      leftover: leftovers.length,
    },
  });
  const problems = [
    lost > 0 ? `確認済みの書き込みのうち ${lost} 件が失われたか変わっていました` : null,
    unhealthy > 0 || rounds.length < settings.rounds ? '起動し直したサーバーが正常になりませんでした' : null,
    failedStarts.length > 0
      ? `起動し直しが ${failedStarts.length} 回失敗しました（再試行で回復しても、手当てなしの再起動が失敗したことになります）`
      : null,
    leftovers.length > 0 ? `停止後もプロセスが ${leftovers.length} 個残っていました` : null,
  ].filter(Boolean);
  if (problems.length > 0) {
    for (const problem of problems) say(`✗ ${problem}`);
    process.exitCode = 1;
  } else {
    say('✓ 失われた書き込みなし。毎回正常に起動し直しました。');
  }
}

await runScript(main, 'クラッシュ訓練');
