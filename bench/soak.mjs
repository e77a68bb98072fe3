#!/usr/bin/env node
// pnpm soak: the product server (dist/main.js with its embedded PostgreSQL, as `pnpm start` runs
// it) on a fresh data directory gets mixed, authenticated traffic on loopback, in one of two modes:
// - open loop (default): a steady rate for a long while — 10 minutes — whether or not earlier
//   requests have answered; for leaks and for what gets slower or starts failing over time;
// - closed loop (--clients N): N signed-in clients, each looping without think time over the
//   customer screens' reads and writes; for throughput and latency under concurrency.
// Both report errors by status, latency percentiles overall and per operation, and the server's
// resident memory. Not for CI. The traffic is bench/lib/traffic.mjs, the loops soak-loops.mjs,
// the tally soak-stats.mjs, the memory memory.mjs. See bench/README.md.
import { apiInputs, prng } from './lib/data.mjs';
import { connect } from './lib/http.mjs';
import { memoryLine, mib, watchMemory } from './lib/memory.mjs';
import { freshInstallation, productToMeasure, rssKiB, stopProduct } from './lib/product.mjs';
import { integer } from './lib/report.mjs';
import { argNumber, makeRunDir, resultFile, runScript, say, step } from './lib/runtime.mjs';
import { closedLoop, openLoop, sender, signInClients, signInOne } from './lib/soak-loops.mjs';
import { printStats, progressLine, soakStats } from './lib/soak-stats.mjs';
import {
  drawer,
  monthStartInJapan,
  newKnown,
  searchTerms,
  seedCustomers,
  trafficMix,
  twoCharacterTerms,
} from './lib/traffic.mjs';

const argv = process.argv.slice(2);
if (argv.includes('--help') || argv.includes('-h')) {
  process.stdout.write(`使い方: pnpm soak [--minutes N | --seconds N] [--rate R] [--connections N] [--customers N]
       pnpm soak --clients N [--seconds N | --minutes N] [--customers N]

一定のレート（オープンループ、既定）:
  --minutes N      負荷をかける時間（10 分）。--seconds N で秒でも指定できます
  --rate R         1 秒あたりのリクエスト数（50）。一定の間隔で送り、応答を待たない（最大スループットではない）
  --connections N  keep-alive の接続数の上限（16）

N クライアントの閉ループ（--clients を付けたとき）:
  --clients N      同時に動くクライアントの数。1 人 1 セッション（デモの管理者とスタッフに交互にログイン）、
                   1 人 1 接続で、応答を読んだらすぐ次を送る（考える時間なし）。顧客の画面の操作だけを混ぜる
  --seconds N      負荷をかける時間（60 秒）。--minutes N でも指定できます

共通:
  --customers N    始める前に API で登録しておく顧客の数（1000。やり取りは 1 人 1〜2 件）

環境変数: BENCH_SERVER_DIR（計測するサーバー）、BENCH_BUILD=0（ビルドしない）、
  BENCH_DATA_DIR（使い捨てディレクトリの置き場所、bench/.data）、BENCH_KEEP_DATA=1（残す）、
  BENCH_OUT（結果の JSON。既定は bench/results/soak.json、--clients では soak-clients.json）
`);
  process.exit(0);
}

/** The settings from the command line; a wrong one stops the script with a message, not a stack. */
function parseSettings() {
  const given = (name) => argv.some((arg) => arg === name || arg.startsWith(`${name}=`));
  const clients = argNumber(argv, '--clients', 0, { min: 1 });
  const closed = clients > 0;
  if (closed && (given('--rate') || given('--connections')))
    throw new Error(
      '--clients（閉ループ）では --rate と --connections は使えません（1 クライアント 1 接続）',
    );
  if (given('--minutes') && given('--seconds'))
    throw new Error('--minutes と --seconds はどちらか一方だけ指定してください');
  const minutes = argNumber(argv, '--minutes', Number.NaN, { min: 0.1, integer: false });
  const fallbackSeconds = Number.isNaN(minutes) ? (closed ? 60 : 600) : minutes * 60;
  return {
    mode: closed ? 'closed-loop' : 'open-loop',
    seconds: argNumber(argv, '--seconds', fallbackSeconds, { min: 5, integer: false }),
    ...(closed
      ? { clients }
      : {
          rate: argNumber(argv, '--rate', 50, { min: 1, integer: false }),
          connections: argNumber(argv, '--connections', 16, { min: 1 }),
          // Requests in flight beyond this are not sent (and counted).
          maxInFlight: 256,
        }),
    customers: argNumber(argv, '--customers', 1_000, { min: 10 }),
    // /proc/<pid>/status VmRSS of the server process, this often: a short closed run needs finer
    // samples to show its shape; VmHWM catches the peak between them anyway.
    rssEverySeconds: closed ? 1 : 10,
    // Progress lines, this often.
    reportEverySeconds: closed ? 10 : 60,
    seed: 20_261_124,
  };
}

let settings;
try {
  settings = parseSettings();
} catch (error) {
  process.stderr.write(`${error.message}（pnpm soak --help）\n`);
  process.exit(2);
}
const closed = settings.mode === 'closed-loop';
const { clients } = settings;
const outFile = resultFile(closed ? 'soak-clients.json' : 'soak.json');
const duration = (seconds) =>
  seconds >= 120 ? `${(seconds / 60).toFixed(1)} 分` : `${seconds.toFixed(0)} 秒`;
const what = closed
  ? `${clients} クライアントの閉ループを ${duration(settings.seconds)}`
  : `${settings.rate} req/s を ${duration(settings.seconds)}`;

async function main() {
  const measured = await productToMeasure(`Tsumiki ソーク: ${what}（認証付き・混合・ループバック）`);
  const { dir, api } = measured;

  const runDir = makeRunDir('soak');
  const { origin, startFirst } = await freshInstallation({ dir, runDir });
  step('新しいデータディレクトリで起動しています（初期化とデモデータの投入を含む）');
  const { server, msToHealthy } = await startFirst();
  const rssAfterBoot = rssKiB(server.pid);
  say(
    `  正常になるまで ${(msToHealthy / 1000).toFixed(1)} 秒（PID ${server.pid}、RSS ${mib(rssAfterBoot)}）`,
  );

  const pool = connect(origin, { connections: closed ? clients : settings.connections });
  const admin = await signInOne(pool, api.DEMO_USERS.sakuraAdmin, api.DEMO_PASSWORD);
  const random = prng(settings.seed);
  const people = apiInputs({
    seed: settings.seed,
    count: 2_000,
    assigneeIds: [api.DEMO_USERS.sakuraAdmin.id],
  });
  const known = newKnown();

  step(`顧客 ${integer(settings.customers)} 人とその対応履歴を API で登録しています`);
  const seedSeconds = await seedCustomers({
    pool,
    token: admin.session.access_token,
    people,
    count: settings.customers,
    known,
  });
  say(`  ${integer(known.ids.length)} 人（${seedSeconds.toFixed(1)} 秒）`);

  // One list of operations for both modes; the closed loop takes the customer screens' ones.
  const mix = trafficMix({
    random,
    known,
    terms: closed ? twoCharacterTerms(people) : searchTerms(people),
    people,
    monthStart: monthStartInJapan(),
  });
  const ops = closed ? mix.filter((op) => op.clients) : mix;
  const stats = soakStats(ops);
  const draw = drawer(ops, random);
  const send = sender({ pool, known, stats });

  // One session per client, as N browsers would have: each request is then checked against its
  // own session, as in production. Two accounts (the demo tenant's admin and staff) are all the
  // demo has in one tenant; both may do everything the closed loop sends.
  let loggedIn = [];
  if (closed) {
    step(`${clients} クライアントがログインしています（1 人 1 セッション）`);
    const users = [api.DEMO_USERS.sakuraAdmin, api.DEMO_USERS.sakuraStaff];
    loggedIn = await signInClients(pool, users, api.DEMO_PASSWORD, clients);
  }

  step(
    closed
      ? `${what}（操作: ${ops.map((op) => op.name).join('・')}）`
      : `${what}（予定 ${integer(settings.rate * settings.seconds)} リクエスト、接続 ${settings.connections} まで）`,
  );
  const memory = watchMemory(server.pid, settings.rssEverySeconds);
  stats.takeInterval(); // the first progress interval starts with the load, not before the sign-ins
  const intervals = [];
  const progress = (untilSeconds, label = duration(untilSeconds)) => {
    const taken = stats.takeInterval();
    intervals.push({ untilSeconds, ...taken, rssKiB: memory.latest() });
    say(progressLine(label, taken, mib(memory.latest())));
  };
  const ticker = setInterval(
    () => progress((intervals.length + 1) * settings.reportEverySeconds),
    settings.reportEverySeconds * 1000,
  );
  const loop = closed
    ? await closedLoop({ pool, clients: loggedIn, stats, draw, send, seconds: settings.seconds })
    : await openLoop({ pool, client: admin, stats, draw, send, ...settings });
  clearInterval(ticker);
  // The answers after the last tick (those in flight at the end), unless the tick came last.
  if (stats.intervalRequests() > 0) progress(loop.seconds, `最後（${loop.seconds.toFixed(1)} 秒まで）`);
  const rss = memory.stop();
  await pool.close();
  const stop = await stopProduct(server);

  const summary = stats.summary(loop.seconds);
  say();
  say(
    `ソーク（${closed ? `閉ループ ${clients} クライアント` : `オープンループ ${settings.rate} req/s`}）: ${measured.shownDir}、` +
      `${duration(loop.seconds)}、顧客 ${integer(known.ids.length)} 人（終了時）、Node ${process.version}、${measured.loadText()}`,
  );
  say();
  printStats(summary);
  say(
    closed
      ? `スループット: ${summary.rps.toFixed(1)} req/s（${integer(summary.requests)} リクエスト ÷ ${loop.seconds.toFixed(1)} 秒）、トークンの更新 ${loop.refreshes} 回`
      : `実際のレート: ${summary.rps.toFixed(1)} req/s（目標 ${settings.rate}）` +
          `${loop.skipped > 0 ? `、送れなかった ${integer(loop.skipped)} 件（応答待ちが ${settings.maxInFlight} 件を超えた）` : ''}、トークンの更新 ${loop.refreshes} 回`,
  );
  say(memoryLine(rss));
  say(
    `停止: ${(stop.ms / 1000).toFixed(1)} 秒、${stop.forced ? 'SIGKILL で強制終了' : `終了コード ${stop.code ?? stop.signal}`}`,
  );

  const { operations, ...load } = summary;
  measured.finish(outFile, 'soak', settings, {
    firstStart: { msToHealthy, seedSeconds },
    load: { ...load, sent: loop.sent, skipped: loop.skipped, tokenRefreshes: loop.refreshes },
    operations,
    intervals,
    memory: { afterBootKiB: rssAfterBoot, ...rss },
    stop,
  });
  if (summary.errorCount > 0) process.exitCode = 1;
}

await runScript(main, 'ソーク');
