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
// The case 'check' (check.mjs) sends the same file with planted likely duplicates and
// check_duplicates=true: the time of the check (upload to the choice), the rows found, the whole
// time to done, and its ratio to the plain case's.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { call, connect, signIn } from '../lib/http.mjs';
import { mib, peakRssKiB } from '../lib/memory.mjs';
import { freshInstallation, productToMeasure, rssKiB, stopProduct } from '../lib/product.mjs';
import {
  argNumber,
  loadText,
  machine,
  makeRunDir,
  resultFile,
  runScript,
  say,
  step,
} from '../lib/runtime.mjs';
import { importWithCheck, PLANT_EVERY, registeredPhones } from './check.mjs';
import { customerRows, plantDuplicates, rowsToCsv } from './data.mjs';
import { duplicatesOnTenant, PAIR_EVERY, SETTLE_SECONDS, tenantRows } from './duplicates.mjs';
import { summarize } from './summary.mjs';
import { startImport } from './upload.mjs';

const argv = process.argv.slice(2);
if (argv.includes('--help') || argv.includes('-h')) {
  process.stdout.write(`使い方: pnpm bench:import（顧客 CSV の取り込み: Shift_JIS の 10,000 行と 100,000 行）

  --quick       小さな確認用（1,000 行と 5,000 行、1 ラウンド）
  --rounds N    ラウンド数（既定 1。2 以上では大きさの順を交互に入れ替えます）
  --cases L     plain（重複の確認なし）と check（重複を仕込んだファイルを check_duplicates=true で）。
                既定 plain,check
  --sizes L     行数の一覧（既定 10000,100000、--quick は 1000,5000）
  --cases duplicates  重複の候補（GET /api/customers/duplicates?limit=20）を、取り込みで顧客が
                --tenant-sizes の件数になったテナントで測ります（既定のケースには入りません）
  --tenant-sizes L  duplicates のテナントの顧客数（既定 30000,100000、--quick は 3000,10000）
  --settle S    duplicates で取り込みの後に待つ秒数（既定 70: autovacuum が統計を更新する時間。
                0 は取り込みの直後、統計が古いまま）

環境変数:
  BENCH_SERVER_DIR / BENCH_BUILD=0   pnpm bench と同じ
  BENCH_OUT     結果の JSON（bench/results/import.json、--quick は import.quick.json）
`);
  process.exit(0);
}
const quick = argv.includes('--quick') || process.env.BENCH_QUICK === '1';
const rounds = argNumber(argv, '--rounds', 1, { min: 1 });
const listArg = (name) => {
  const index = argv.findIndex((arg) => arg === name || arg.startsWith(`${name}=`));
  if (index < 0) return null;
  const raw = argv[index].includes('=') ? argv[index].split('=')[1] : argv[index + 1];
  return (raw ?? '').split(',').filter(Boolean);
};
const SIZES = listArg('--sizes')?.map(Number) ?? (quick ? [1_000, 5_000] : [10_000, 100_000]);
const CASES = listArg('--cases') ?? ['plain', 'check'];
const TENANT_SIZES = listArg('--tenant-sizes')?.map(Number) ?? (quick ? [3_000, 10_000] : [30_000, 100_000]);
if (
  SIZES.some((size) => !Number.isInteger(size) || size < PLANT_EVERY) ||
  TENANT_SIZES.some((size, i) => !Number.isInteger(size) || size <= (TENANT_SIZES[i - 1] ?? 0)) ||
  CASES.some((c) => !['plain', 'check', 'duplicates'].includes(c))
)
  throw new Error(
    `--sizes は ${PLANT_EVERY} 以上の整数、--tenant-sizes は増えていく整数、--cases は plain・check・duplicates で指定してください`,
  );
const SETTLE = argNumber(argv, '--settle', SETTLE_SECONDS);
const IMPORT_CASES = CASES.filter((c) => c !== 'duplicates');

async function importOnce(installation, product, size, run) {
  const { server } = await installation.startFirst();
  try {
    const pool = connect(installation.origin, { timeoutMs: 120_000 });
    const { DEMO_USERS, DEMO_PASSWORD } = product.api;
    const { access_token: token } = await signIn(pool, DEMO_USERS.sakuraStaff.email, DEMO_PASSWORD);
    const { file, planted } = await run.file(pool, token);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const restKiB = rssKiB(server.pid);
    let peakSampled = restKiB;
    const sampler = setInterval(() => {
      peakSampled = Math.max(peakSampled, rssKiB(server.pid) ?? 0);
    }, 100);
    const start = () =>
      startImport(
        pool,
        token,
        `顧客_${size}.csv`,
        file,
        run.case === 'check' ? { check_duplicates: 'true' } : {},
      );
    const started = performance.now();
    if (run.case === 'check') {
      const checked = await importWithCheck(pool, token, start, planted);
      clearInterval(sampler);
      const hwmKiB = peakRssKiB(server.pid);
      await pool.close();
      const { job } = checked;
      if (job.status !== 'done')
        throw new Error(`取り込みが ${job.status} で終わりました: ${job.error ?? ''}`);
      return {
        size,
        case: 'check',
        fileBytes: file.length,
        seconds: checked.seconds,
        rowsPerSecond: job.processed_rows / checked.seconds,
        scanSeconds: checked.scanSeconds,
        scanRowsPerSecond: job.total_rows / checked.scanSeconds,
        found: checked.found,
        planted: checked.planted,
        plantedFound: checked.plantedFound,
        imported: job.imported_rows,
        failed: job.failed_rows,
        skipped: job.skipped_rows,
        restKiB,
        peakSampledKiB: peakSampled,
        hwmKiB,
      };
    }
    const { id } = await start();
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
      case: 'plain',
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
  const shiftJis = (text) =>
    Buffer.from(Encoding.convert(Encoding.stringToCode(text), { to: 'SJIS', from: 'UNICODE' }));
  const files = new Map();
  for (const size of IMPORT_CASES.length > 0 ? SIZES : []) {
    step(`${size.toLocaleString('ja-JP')} 行の Shift_JIS ファイルを作っています`);
    const rows = customerRows(size, 20261128 + size);
    if (CASES.includes('plain')) files.set(`plain-${size}`, { file: shiftJis(rowsToCsv(rows)), planted: [] });
  }
  // The planted file copies phones of the demo tenant's customers (the same on every fresh start):
  // it is made on the first check run, before its clock starts.
  const fileOf = (size, kind) => async (pool, token) => {
    const key = `${kind}-${size}`;
    if (!files.has(key)) {
      const existing = (await registeredPhones(pool, token)).slice(0, 10);
      const { rows, planted } = plantDuplicates(customerRows(size, 20261128 + size), size, {
        every: PLANT_EVERY,
        existing,
      });
      files.set(key, { file: shiftJis(rowsToCsv(rows)), planted });
    }
    return files.get(key);
  };
  const runs = SIZES.flatMap((size) =>
    IMPORT_CASES.map((kind) => ({ size, case: kind, file: fileOf(size, kind) })),
  );
  const results = [];
  const duplicates = [];
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? runs : [...runs].reverse();
    for (const run of order) {
      const installation = await freshInstallation({
        dir: product.dir,
        runDir: join(runDir, `r${round}-${run.size}-${run.case}`),
      });
      step(`ラウンド ${round + 1}: ${run.size.toLocaleString('ja-JP')} 行を取り込んでいます（${run.case}）`);
      const result = await importOnce(installation, product, run.size, run);
      const check =
        result.case === 'check'
          ? `、確認 ${result.scanSeconds.toFixed(1)} 秒（毎秒 ${Math.round(result.scanRowsPerSecond).toLocaleString('ja-JP')} 行）で ${result.found} 行、仕込んだ ${result.planted} 行のうち ${result.plantedFound} 行を見つけて取り込まず`
          : '';
      say(
        `  ${result.seconds.toFixed(1)} 秒、毎秒 ${Math.round(result.rowsPerSecond).toLocaleString('ja-JP')} 行、ピーク RSS ${mib(result.peakSampledKiB)}（開始時 ${mib(result.restKiB)}、VmHWM ${mib(result.hwmKiB)}）${check}、${loadText()}`,
      );
      results.push({ round, loadAverage: machine().loadAverage1m, ...result });
    }
    if (CASES.includes('duplicates')) {
      const installation = await freshInstallation({
        dir: product.dir,
        runDir: join(runDir, `r${round}-duplicates`),
      });
      step(
        `ラウンド ${round + 1}: 重複の候補（${TENANT_SIZES.map((size) => size.toLocaleString('ja-JP')).join('・')} 件のテナント）`,
      );
      const measured = await duplicatesOnTenant({
        installation,
        product,
        sizes: TENANT_SIZES,
        fileOf: (count, seed) => shiftJis(rowsToCsv(tenantRows(count, seed))),
        settleSeconds: SETTLE,
      });
      duplicates.push(...measured.map((result) => ({ round, ...result })));
    }
  }
  if (IMPORT_CASES.length === 0) {
    product.finish(
      resultFile(quick ? 'import-duplicates.quick.json' : 'import-duplicates.json'),
      'customer-duplicates',
      { tenantSizes: TENANT_SIZES, rounds, pairEvery: PAIR_EVERY, settleSeconds: SETTLE },
      { duplicates },
    );
    return;
  }
  const { summary, ratios, memoryRatio } = summarize(runs, results, { quick, sizes: SIZES });
  product.finish(
    resultFile(quick ? 'import.quick.json' : 'import.json'),
    'customer-import',
    { sizes: SIZES, cases: CASES, rounds, plantEvery: PLANT_EVERY, tenantSizes: TENANT_SIZES },
    {
      results,
      bySize: summary,
      ratios,
      memoryRatio,
      ...(duplicates.length > 0 ? { duplicates } : {}),
    },
  );
}

await runScript(main, '取り込みのベンチマーク');
