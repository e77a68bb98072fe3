#!/usr/bin/env node
// pnpm bench:import (also in pnpm bench): the background import of a customers CSV, end to end
// through the real server as the app does it — a Shift_JIS file (what Excel in Japan saves) of
// 10,000 and of 100,000 customers with realistic Japanese data (some birth dates in 和暦, some
// rows with a 性別), uploaded to POST /api/customers/imports, its progress polled to completion.
// Reported per size: the time from upload to done, rows per second, and the server process's
// memory: its peak RSS while importing (VmRSS sampled every 100 ms, and VmHWM) above its RSS at
// rest before the upload. Each size runs on a freshly started server (so VmHWM is that import's),
// in alternating order across rounds (10k/100k, 100k/10k, …) since the machine may be shared.
// The target: 100,000 rows in under 2 minutes, and memory flat (the 100k peak about the 10k one).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { call, connect, signIn } from '../lib/http.mjs';
import { mib, peakRssKiB } from '../lib/memory.mjs';
import { freshInstallation, productToMeasure, rssKiB, stopProduct } from '../lib/product.mjs';
import { table } from '../lib/report.mjs';
import { argNumber, makeRunDir, resultFile, runScript, say, step } from '../lib/runtime.mjs';
import { customerCsv } from './data.mjs';

const argv = process.argv.slice(2);
if (argv.includes('--help') || argv.includes('-h')) {
  process.stdout.write(`使い方: pnpm bench:import（顧客 CSV の取り込み: Shift_JIS の 10,000 行と 100,000 行）

  --quick       小さな確認用（1,000 行と 5,000 行、1 ラウンド）
  --rounds N    ラウンド数（既定 1。2 以上では大きさの順を交互に入れ替えます）

環境変数:
  BENCH_SERVER_DIR / BENCH_BUILD=0   pnpm bench と同じ
  BENCH_OUT     結果の JSON（bench/results/import.json、--quick は import.quick.json）
`);
  process.exit(0);
}
const quick = argv.includes('--quick') || process.env.BENCH_QUICK === '1';
const rounds = argNumber(argv, '--rounds', 1, { min: 1 });
const SIZES = quick ? [1_000, 5_000] : [10_000, 100_000];
const TARGET_SECONDS = 120;

function multipart(fileName, bytes) {
  const boundary = `----tsumikibench${Date.now().toString(16)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="customers.csv"; filename*=UTF-8''${encodeURIComponent(fileName)}\r\nContent-Type: text/csv\r\n\r\n`,
  );
  return {
    body: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function importOnce(installation, product, size, file) {
  const { server } = await installation.startFirst();
  try {
    const pool = connect(installation.origin, { timeoutMs: 120_000 });
    const { DEMO_USERS, DEMO_PASSWORD } = product.api;
    const { access_token: token } = await signIn(pool, DEMO_USERS.sakuraStaff.email, DEMO_PASSWORD);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const restKiB = rssKiB(server.pid);
    let peakSampled = restKiB;
    const sampler = setInterval(() => {
      peakSampled = Math.max(peakSampled, rssKiB(server.pid) ?? 0);
    }, 100);
    const started = performance.now();
    const { body, contentType } = multipart(`顧客_${size}.csv`, file);
    const answer = await pool.request({
      method: 'POST',
      path: '/api/customers/imports',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      body,
    });
    const text = await answer.body.text();
    if (answer.statusCode !== 202)
      throw new Error(`取り込みを始められませんでした（${answer.statusCode}）: ${text.slice(0, 300)}`);
    const { id } = JSON.parse(text);
    let job;
    for (;;) {
      const polled = await call(pool, 'GET', `/api/customers/imports/${id}`, { token });
      job = polled.body;
      if (polled.status !== 200)
        throw new Error(`進み具合を読めませんでした（${polled.status}）: ${polled.text.slice(0, 300)}`);
      if (!['queued', 'running'].includes(job.status)) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const hwmKiB = peakRssKiB(server.pid);
    await pool.close();
    if (job.status !== 'done') throw new Error(`取り込みが ${job.status} で終わりました: ${job.error ?? ''}`);
    return {
      size,
      fileBytes: file.length,
      seconds,
      rowsPerSecond: job.processed_rows / seconds,
      imported: job.imported_rows,
      failed: job.failed_rows,
      restKiB,
      peakSampledKiB: peakSampled,
      hwmKiB,
    };
  } finally {
    await stopProduct(server);
  }
}

async function main() {
  const product = await productToMeasure(
    '顧客 CSV の取り込み（Shift_JIS、バックグラウンドのジョブ、アップロードから完了まで）',
  );
  const runDir = makeRunDir('import');
  const requireFromServer = createRequire(join(product.dir, 'package.json'));
  const Encoding = requireFromServer('encoding-japanese');
  const files = new Map();
  for (const size of SIZES) {
    step(`${size.toLocaleString('ja-JP')} 行の Shift_JIS ファイルを作っています`);
    const text = customerCsv(size, 20261128 + size);
    files.set(
      size,
      Buffer.from(Encoding.convert(Encoding.stringToCode(text), { to: 'SJIS', from: 'UNICODE' })),
    );
  }
  const results = [];
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? SIZES : [...SIZES].reverse();
    for (const size of order) {
      const installation = await freshInstallation({
        dir: product.dir,
        runDir: join(runDir, `r${round}-${size}`),
      });
      step(`ラウンド ${round + 1}: ${size.toLocaleString('ja-JP')} 行を取り込んでいます`);
      const result = await importOnce(installation, product, size, files.get(size));
      say(
        `  ${result.seconds.toFixed(1)} 秒、毎秒 ${Math.round(result.rowsPerSecond).toLocaleString('ja-JP')} 行、ピーク RSS ${mib(result.peakSampledKiB)}（開始時 ${mib(result.restKiB)}、VmHWM ${mib(result.hwmKiB)}）`,
      );
      results.push({ round, ...result });
    }
  }
  const bySize = SIZES.map((size) => {
    const runs = results.filter((result) => result.size === size);
    const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
    return {
      size,
      seconds: median(runs.map((run) => run.seconds)),
      rowsPerSecond: median(runs.map((run) => run.rowsPerSecond)),
      peakKiB: Math.max(...runs.map((run) => run.peakSampledKiB)),
      growthKiB: Math.max(...runs.map((run) => run.peakSampledKiB - run.restKiB)),
      hwmKiB: Math.max(...runs.map((run) => run.hwmKiB ?? 0)),
    };
  });
  say('');
  say(
    table(
      ['行数', '時間', '行/秒', 'ピーク RSS', '開始時からの増加', 'VmHWM'],
      bySize.map((row) => [
        row.size.toLocaleString('ja-JP'),
        `${row.seconds.toFixed(1)} 秒`,
        Math.round(row.rowsPerSecond).toLocaleString('ja-JP'),
        mib(row.peakKiB),
        mib(row.growthKiB),
        mib(row.hwmKiB),
      ]),
      ['r', 'r', 'r', 'r', 'r', 'r'],
    ),
  );
  const [small, large] = bySize;
  const memoryRatio = large.peakKiB / small.peakKiB;
  say(
    `ピーク RSS の比（${large.size.toLocaleString('ja-JP')} 行 / ${small.size.toLocaleString('ja-JP')} 行）: ${memoryRatio.toFixed(2)}`,
  );
  if (!quick) {
    say(
      large.seconds <= TARGET_SECONDS
        ? `目標内: 100,000 行を ${large.seconds.toFixed(1)} 秒（目標 ${TARGET_SECONDS} 秒以内）`
        : `目標外: 100,000 行に ${large.seconds.toFixed(1)} 秒（目標 ${TARGET_SECONDS} 秒以内）`,
    );
  }
  product.finish(
    resultFile(quick ? 'import.quick.json' : 'import.json'),
    'customer-import',
    { sizes: SIZES, rounds },
    {
      results,
      bySize,
      memoryRatio,
    },
  );
}

await runScript(main, '取り込みのベンチマーク');
