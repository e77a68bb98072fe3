#!/usr/bin/env node
import { newLedger } from './drill/ledger.mjs';
import { readOptions } from './drill/options.mjs';
import { printDrillReport, printVerdict } from './drill/report.mjs';
import { runRound } from './drill/round.mjs';
import { stopAtTheEnd } from './drill/server.mjs';
// pnpm drill: the crash drill. The product server (dist/main.js with its embedded PostgreSQL, as
// `pnpm start` runs it) on a fresh data directory takes writes from several clients; mid-load it
// is killed with SIGKILL — the server process in odd rounds, the PostgreSQL postmaster in even
// ones — and started again on the same directory. Every write it acknowledged (2xx) must then be
// there, unchanged, read back through the API. See bench/README.md.
// The parts live in bench/drill/: options, the ledger, the writers, one round, the server's
// restarts and stop, the report.
import { apiInputs } from './lib/data.mjs';
import { connect, signIn } from './lib/http.mjs';
import { freshInstallation, productToMeasure } from './lib/product.mjs';
import { makeRunDir, resultFile, runScript, say, step } from './lib/runtime.mjs';

const settings = readOptions(process.argv.slice(2));
const outFile = resultFile('drill.json');

async function main() {
  const measured = await productToMeasure(
    `Tsumiki クラッシュ訓練: kill -9 → 起動し直し → 確認済みの書き込みがすべて残っているか`,
  );
  const { dir, api } = measured;
  const user = api.DEMO_USERS.sakuraAdmin;

  const runDir = makeRunDir('drill');
  const { dataDir, origin, start, startFirst } = await freshInstallation({ dir, runDir });

  step(`新しいデータディレクトリで起動しています（初期化とデモデータの投入を含む）`);
  const first = await startFirst();
  say(`  正常になるまで ${(first.msToHealthy / 1000).toFixed(1)} 秒（PID ${first.server.pid}）`);
  const pool = connect(origin, { connections: settings.clients + 2 });
  const session = await signIn(pool, user.email, api.DEMO_PASSWORD);
  // What the rounds share; a round replaces the pool, the token and the server as it needs to.
  const drill = {
    settings,
    ledger: newLedger(),
    dataDir,
    origin,
    start,
    user,
    password: api.DEMO_PASSWORD,
    people: apiInputs({ seed: settings.seed, count: 3_000, assigneeIds: [user.id] }),
    pool,
    token: session.access_token,
    server: first.server,
  };

  const rounds = [];
  const victims = {
    both: '奇数回はサーバー、偶数回は PostgreSQL',
    server: '毎回サーバー',
    postgres: '毎回 PostgreSQL',
  };
  step(
    `${settings.rounds} ラウンド: クライアント ${settings.clients}、書き込み開始から約 ${settings.loadSeconds} 秒で kill -9（${victims[settings.kill]}）`,
  );
  for (let round = 1; round <= settings.rounds; round += 1) {
    const record = await runRound(drill, round);
    rounds.push(record);
    if (!record.healthy) break;
  }

  const { finalStop, leftovers, leftBehind } = await stopAtTheEnd({
    server: drill.server,
    pool: drill.pool,
    runDir,
    dataDir,
    settings,
  });

  const totals = printDrillReport({ settings, loadText: measured.loadText, first, rounds });
  measured.finish(outFile, 'crash-drill', settings, {
    firstStart: { msToHealthy: first.msToHealthy },
    rounds,
    finalStop,
    leftBehind,
    failures: {
      lostOrChanged: totals.lost,
      unhealthy: totals.unhealthy,
      failedStarts: totals.failedStarts.length,
      leftover: leftovers.length,
    },
  });
  printVerdict({ settings, rounds, totals, leftovers });
}

await runScript(main, 'クラッシュ訓練');
