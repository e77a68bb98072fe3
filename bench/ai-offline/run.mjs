#!/usr/bin/env node
// pnpm bench (last): every AI operation offline on the demo data, through the production build
// (packages/server/dist/main.js with TSUMIKI_DEMO=1 on a fresh data directory, as `pnpm start`),
// over HTTP as the demo administrator. For each operation: the first answer, then p50/p95 over
// BENCH_AI_CALLS calls; each answer must be `mode: offline` with at least one source. Target:
// every operation answers in under a second (p95 < 1,000 ms).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { percentile } from '../lib/load.mjs';
import { ms, table } from '../lib/report.mjs';
import {
  atCleanup,
  freePort,
  gitDescribe,
  loadText,
  machine,
  resultFile,
  runScript,
  say,
  step,
  writeResult,
} from '../lib/runtime.mjs';
import { buildIsStale, buildServerPackage, repoRoot, serverDir } from '../lib/server-package.mjs';

const argv = process.argv.slice(2);
const env = process.env;
if (argv.includes('--help') || argv.includes('-h')) {
  process.stdout.write(`使い方: pnpm bench（AI の各機能を AI なしで呼んだ応答時間も測ります）

  --quick     小さな確認用（各 5 回）

環境変数:
  BENCH_AI_CALLS   操作ごとの回数（既定 20、--quick は 5）
  BENCH_OUT        結果の JSON（bench/results/ai-offline.json、--quick は ai-offline.quick.json）
`);
  process.exit(0);
}
const quick = argv.includes('--quick') || env.BENCH_QUICK === '1';
const calls = Math.max(5, Number(env.BENCH_AI_CALLS) || (quick ? 5 : 20));
const TARGET_MS = 1_000;
const ADMIN = { email: 'admin@sakura-clinic.example', password: 'tsumiki-demo-2026' };
const today = new Date().toISOString().slice(0, 10);

/** The operations, with a request a clinic's staff would send. `{customer}`/`{product}`: a demo record's id. */
const OPERATIONS = [
  ['sendChatMessage', 'POST', '/api/chat', { message: '今月の対応件数は？', customer_id: '{customer}' }],
  ['askAssistant', 'POST', '/api/aiassistant/', { message: '今月の対応件数は？' }],
  ['askAssistant（顧客）', 'POST', '/api/aiassistant/', { message: '山田さんの最近の対応は？' }],
  ['analyzeProduct', 'POST', '/api/products/{product}/analyze', { product_id: '{product}' }],
  ['createWorkflow', 'POST', '/api/workflow/create', { goal: '初診の受付から会計までを短くしたい' }],
  [
    'reviewWorkflow',
    'POST',
    '/api/workflow/review',
    {
      workflow: {
        title: '初診受付',
        steps: [
          { title: '受付', owner_role: '受付', estimated_minutes: 5 },
          { title: '問診票の記入', estimated_minutes: 10 },
          { title: '会計', owner_role: '受付' },
        ],
      },
    },
  ],
  [
    'optimizeWorkflow',
    'POST',
    '/api/workflow/optimize',
    {
      workflow: {
        title: '予約変更',
        steps: [
          { title: '電話を受ける', owner_role: '受付' },
          { title: '予約表を確認する', owner_role: '受付' },
          { title: '予約表を確認する', owner_role: '看護師' },
        ],
      },
    },
  ],
  ['analyzeCustomersForMarketing', 'POST', '/api/marketing/customer-analysis', { segment_by: 'activity' }],
  [
    'proposeCampaign',
    'POST',
    '/api/marketing/campaign-proposal',
    { objective: '休眠患者の再来院を増やす', channels: ['line', 'email'] },
  ],
  [
    'analyzeCompetitors',
    'POST',
    '/api/marketing/competitor-analysis',
    { competitors: [{ name: 'みなと内科', notes: '土日も診療。待ち時間が長いという口コミ。' }] },
  ],
  ['planContentCalendar', 'POST', '/api/marketing/content-calendar', { start_date: today, weeks: 4 }],
  ['researchCustomer', 'POST', '/api/research/customer', { name: '株式会社みなと商事', industry: '製造業' }],
  ['researchExistingCustomer', 'POST', '/api/research/customer/{customer}', {}],
  [
    'researchCompetitors',
    'POST',
    '/api/research/competitor',
    { competitors: [{ name: 'みなと内科' }], region: '世田谷区' },
  ],
];

async function startServer() {
  const dir = serverDir(env);
  if (buildIsStale(dir)) {
    step('サーバーをビルドします');
    buildServerPackage(dir, say);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'tsumiki-bench-ai-'));
  const [port, pgPort] = [await freePort(), await freePort()];
  let output = '';
  const child = spawn(process.execPath, [join(dir, 'dist', 'main.js')], {
    cwd: repoRoot,
    env: {
      ...env,
      NODE_ENV: 'production',
      TSUMIKI_DEMO: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      TSUMIKI_DATA_DIR: dataDir,
      TSUMIKI_PG_PORT: String(pgPort),
      LOG_LEVEL: 'warn',
      AI_PROVIDER: 'offline',
      API_RATE_LIMIT_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  atCleanup(async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`サーバーが終了しました (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return { origin, dir };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`サーバーが起動しませんでした:\n${output}`);
}

async function main() {
  step(`本番ビルドをデモデータで起動します（${loadText()}）`);
  const { origin, dir } = await startServer();
  const session = await (
    await fetch(`${origin}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    })
  ).json();
  const headers = { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' };
  const get = async (path) => (await fetch(`${origin}${path}`, { headers })).json();
  const customer = (await get('/api/customers?search=%E5%B1%B1%E7%94%B0&limit=1')).customers[0].id;
  const product = (await get('/api/products/?limit=1')).products[0].id;
  const fill = (text) => text.replaceAll('{customer}', customer).replaceAll('{product}', product);

  step(`AI の各機能を AI なし（offline）で ${calls} 回ずつ呼びます`);
  const rows = [];
  const results = [];
  for (const [name, method, path, body] of OPERATIONS) {
    const url = `${origin}${fill(path)}`;
    const payload = fill(JSON.stringify(body));
    const times = [];
    let first = 0;
    for (let index = 0; index <= calls; index++) {
      const started = performance.now();
      const response = await fetch(url, { method, headers, body: payload });
      const answer = await response.json();
      const elapsed = performance.now() - started;
      if (!response.ok) throw new Error(`${name}: HTTP ${response.status} ${JSON.stringify(answer)}`);
      if (answer.mode !== 'offline' || !(answer.sources?.length > 0)) {
        throw new Error(
          `${name}: mode offline と根拠 1 件以上のはずが ${answer.mode}・${answer.sources?.length}`,
        );
      }
      if (index === 0) first = elapsed;
      else times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    results.push({ operation: name, firstMs: first, p50Ms: p50, p95Ms: p95, ok: p95 < TARGET_MS });
    rows.push([name, ms(first), ms(p50), ms(p95), p95 < TARGET_MS ? '✓' : '✗']);
  }
  say(table(['操作', '初回', 'p50', 'p95', '1 秒未満'], rows, ['l', 'r', 'r', 'r', 'c']));
  const ok = results.every((result) => result.ok);
  say(
    ok
      ? 'すべての操作が目標（p95 < 1,000 ms）を満たしています。'
      : '目標（p95 < 1,000 ms）を超えた操作があります。',
  );
  const shown = writeResult(resultFile(quick ? 'ai-offline.quick.json' : 'ai-offline.json'), {
    bench: 'ai-offline',
    git: gitDescribe(dir),
    machine: machine(),
    calls,
    targetMs: TARGET_MS,
    results,
    ok,
  });
  say(`結果: ${shown}`);
  if (!ok) process.exitCode = 1;
}

await runScript(main, 'AI 機能（offline）の計測');
