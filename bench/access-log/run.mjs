#!/usr/bin/env node
// pnpm bench (after the customer list): what the access log costs the customer detail read.
// Two servers of the same build on the same database, one as shipped (ACCESS_LOG_READS=on: every
// GET /api/customers/{id} writes a hash-chained access-log row in its transaction) and one with
// ACCESS_LOG_READS=off, measured in alternating rounds (on/off, off/on, … so neither always goes
// first) after the same warm-up, with the same 10 closed-loop clients on one demo customer. The
// target: the read with the log no more than 10 % slower (throughput). The machine may be shared:
// each round's on/off ratio is reported with the median and the range across rounds, and the CPU
// time per request (server process and PostgreSQL, from /proc) beside it, which noise hardly moves.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { call, connect, signIn } from '../lib/http.mjs';
import { runLoad, summarize } from '../lib/load.mjs';
import {
  freshInstallation,
  logTail,
  placeholderApp,
  productEnv,
  productToMeasure,
  startProduct,
  stopProduct,
  waitHealthy,
} from '../lib/product.mjs';
import { ms, percent, table } from '../lib/report.mjs';
import { argNumber, freePort, makeRunDir, resultFile, runScript, say, step } from '../lib/runtime.mjs';
import { cpuPerRequest, cpuSnapshot } from './cpu.mjs';

const argv = process.argv.slice(2);
const env = process.env;
if (argv.includes('--help') || argv.includes('-h')) {
  process.stdout.write(`使い方: pnpm bench（操作ログの費用: 顧客詳細の読み取りを記録あり・なしで比べます）

  --quick     小さな確認用（2 秒 × 2 ラウンド）

環境変数:
  BENCH_AUDIT_SECONDS      1 ラウンドの秒数（既定 6、--quick は 2）
  BENCH_AUDIT_ROUNDS       ラウンド数（既定 5、--quick は 2）
  BENCH_AUDIT_CONNECTIONS  同時接続（既定 10）
  BENCH_AUDIT_DETAIL=1     PostgreSQL の CPU 時間をプロセスの種類ごとにも表示
  BENCH_SERVER_DIR / BENCH_BUILD=0 / BENCH_DATA_DIR / BENCH_KEEP_DATA   pnpm bench と同じ
  BENCH_OUT                結果の JSON（bench/results/access-log.json、--quick は access-log.quick.json）
`);
  process.exit(0);
}
const quick = argv.includes('--quick') || env.BENCH_QUICK === '1';
const seconds = argNumber(argv, '--seconds', Number(env.BENCH_AUDIT_SECONDS) || (quick ? 2 : 6), { min: 1 });
const rounds = argNumber(argv, '--rounds', Number(env.BENCH_AUDIT_ROUNDS) || (quick ? 2 : 5), { min: 1 });
const connections = Number(env.BENCH_AUDIT_CONNECTIONS) || 10;
const detail = env.BENCH_AUDIT_DETAIL === '1';
const TARGET_SLOWDOWN = 0.1;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The newest access-log row's number (the admin reads the log through the API). */
async function newestLogId(pool, token) {
  const answer = await call(pool, 'GET', '/api/audit-log?limit=1&action=customer.read', { token });
  if (answer.status !== 200)
    throw new Error(`操作ログを読めませんでした（${answer.status}）: ${answer.text.slice(0, 200)}`);
  return answer.body.entries[0]?.id ?? 0;
}

/** The read log's batches as the server logged them when it stopped (null if it did not). */
function readLogBatches(logFile) {
  let found = null;
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.includes('"readLog"')) continue;
    try {
      found = JSON.parse(line).readLog ?? found;
    } catch {}
  }
  return found;
}

async function main() {
  const product = await productToMeasure(
    '操作ログの費用（顧客詳細 GET /api/customers/{id}、記録あり / なし）',
  );
  const runDir = makeRunDir('access-log');
  step('サーバーを起動しています（記録あり）');
  const installation = await freshInstallation({ dir: product.dir, runDir });
  const { server: on } = await installation.startFirst();
  step('同じデータベースでもう 1 つ起動しています（ACCESS_LOG_READS=off）');
  const offPort = await freePort();
  const offOrigin = `http://127.0.0.1:${offPort}`;
  const off = startProduct({
    dir: product.dir,
    env: productEnv({
      HOST: '127.0.0.1',
      PORT: String(offPort),
      TSUMIKI_DATA_DIR: installation.dataDir,
      APP_DIST_DIR: placeholderApp(runDir),
      TSUMIKI_DEMO: '1',
      API_RATE_LIMIT_PER_MINUTE: '1000000',
      ACCESS_LOG_READS: 'off',
    }),
    logFile: join(runDir, 'server-off.log'),
  });
  const health = await waitHealthy(offOrigin, off, 120_000);
  if (!health.healthy) throw new Error(`記録なしのサーバーが起動しませんでした\n${logTail(off.logFile)}`);

  const pool = connect(installation.origin);
  const { DEMO_USERS, DEMO_PASSWORD } = product.api;
  const staff = await signIn(pool, DEMO_USERS.sakuraStaff.email, DEMO_PASSWORD);
  const admin = await signIn(pool, DEMO_USERS.sakuraAdmin.email, DEMO_PASSWORD);
  const list = await call(pool, 'GET', '/api/customers?limit=1', { token: staff.access_token });
  const customerId = list.body?.customers?.[0]?.id;
  if (!customerId) throw new Error(`顧客が見つかりません: ${list.text.slice(0, 200)}`);
  const path = `/api/customers/${customerId}`;
  const headers = { authorization: `Bearer ${staff.access_token}` };
  const servers = { on: installation.origin, off: offOrigin };
  const pids = { on: on.pid, off: off.pid };

  step(`ウォームアップ（各 ${Math.min(seconds, 2)} 秒）`);
  for (const origin of Object.values(servers)) {
    await runLoad({ origin, path, headers, connections, seconds: Math.min(seconds, 2) });
  }

  const results = { on: [], off: [] };
  const ratios = [];
  for (let round = 1; round <= rounds; round += 1) {
    const rps = {};
    for (const mode of round % 2 ? ['on', 'off'] : ['off', 'on']) {
      const before = await newestLogId(pool, admin.access_token);
      const cpuBefore = cpuSnapshot(installation.dataDir, pids);
      const run = await runLoad({ origin: servers[mode], path, headers, connections, seconds });
      const cpuAfter = cpuSnapshot(installation.dataDir, pids);
      if (run.errors > 0) throw new Error(`${mode}: ${run.errors} 件のエラー（${run.firstError}）`);
      const after = await newestLogId(pool, admin.access_token);
      const summary = summarize(run.latencies, run.seconds);
      summary.cpu = cpuPerRequest(cpuBefore, cpuAfter, mode, summary.requests);
      // The log must really be written with it on, and not with it off.
      const written = after - before;
      if (mode === 'on' && written < summary.requests)
        throw new Error(`記録ありなのに操作ログが ${written} 行しか増えていません（${summary.requests} 件）`);
      if (mode === 'off' && written !== 0)
        throw new Error(`記録なしなのに操作ログが ${written} 行増えました`);
      results[mode].push(summary);
      rps[mode] = summary.rps;
      say(
        `  ラウンド ${round} ${mode === 'on' ? '記録あり' : '記録なし'}: ${summary.rps.toFixed(0)} req/s、p50 ${ms(summary.p50)}、p95 ${ms(summary.p95)}、CPU/件 サーバー ${ms(summary.cpu.node)}・PostgreSQL ${ms(summary.cpu.postgres)}`,
      );
      if (detail)
        say(
          `    PostgreSQL の内訳（CPU/件）: ${Object.entries(summary.cpu.kinds)
            .filter(([, value]) => value > 0)
            .map(([kind, value]) => `${kind} ${ms(value)}`)
            .join('、')}`,
        );
    }
    ratios.push(rps.on / rps.off);
  }
  await pool.close();

  const figure = (mode) => ({
    rps: median(results[mode].map((r) => r.rps)),
    p50: median(results[mode].map((r) => r.p50)),
    p95: median(results[mode].map((r) => r.p95)),
    cpuNode: median(results[mode].map((r) => r.cpu.node)),
    cpuPostgres: median(results[mode].map((r) => r.cpu.postgres)),
  });
  const withLog = figure('on');
  const withoutLog = figure('off');
  // The figure: the median of the rounds' on/off ratios (each pair ran back to back, so the
  // machine's other load changes least between its two halves).
  const ratio = median(ratios);
  const ratioRange = [Math.min(...ratios), Math.max(...ratios)];
  const ratioOfMedians = withLog.rps / withoutLog.rps;
  const slowdown = 1 - ratio;
  const met = slowdown <= TARGET_SLOWDOWN;
  say('');
  say(
    `顧客詳細 GET /api/customers/{id}（${connections} 接続、${seconds} 秒 × ${rounds} ラウンドの中央値、${product.loadText()}）`,
  );
  say(
    table(
      ['', 'req/s', 'p50', 'p95', 'CPU/件 サーバー', 'CPU/件 PostgreSQL'],
      [
        [
          '記録あり（ACCESS_LOG_READS=on）',
          withLog.rps.toFixed(0),
          ms(withLog.p50),
          ms(withLog.p95),
          ms(withLog.cpuNode),
          ms(withLog.cpuPostgres),
        ],
        [
          '記録なし（ACCESS_LOG_READS=off）',
          withoutLog.rps.toFixed(0),
          ms(withoutLog.p50),
          ms(withoutLog.p95),
          ms(withoutLog.cpuNode),
          ms(withoutLog.cpuPostgres),
        ],
      ],
      ['l', 'r', 'r', 'r', 'r', 'r'],
    ),
  );
  say(
    `記録あり / なし = ${ratio.toFixed(3)}（ラウンドごとの比の中央値、範囲 ${ratioRange[0].toFixed(3)}–${ratioRange[1].toFixed(3)}、中央値どうしの比 ${ratioOfMedians.toFixed(3)}）`,
  );
  say(`${percent(slowdown)} 遅い。目標 ${percent(TARGET_SLOWDOWN)} 以内: ${met ? '✓' : '✗'}`);

  await stopProduct(off);
  await stopProduct(on);
  // How the read log batched the rows (the server logs it as it stops): fewer, larger batches
  // mean fewer commits (WAL flushes), the cost that dominates.
  const batching = readLogBatches(on.logFile);
  if (batching)
    say(
      `操作ログのバッチ（記録ありのサーバー、ウォームアップ込み）: ${batching.batches} 回のコミットで ${batching.rows} 行（平均 ${(batching.rows / batching.batches).toFixed(1)} 行）、行数別: ${Object.entries(
        batching.sizes,
      )
        .sort(([a], [b]) => Number.parseInt(a, 10) - Number.parseInt(b, 10))
        .map(([size, count]) => `${size} 行 ${count} 回`)
        .join('、')}`,
    );
  product.finish(
    resultFile(quick ? 'access-log.quick.json' : 'access-log.json'),
    'access-log',
    { seconds, rounds, connections, quick },
    {
      withLog,
      withoutLog,
      ratio,
      ratioRange,
      ratios,
      ratioOfMedians,
      slowdown,
      target: TARGET_SLOWDOWN,
      met,
      rounds: results,
      batching,
    },
  );
}

await runScript(main, '操作ログのベンチ');
