#!/usr/bin/env node
// pnpm bench (after the customer list and retrieval): the time to render a typical deep-research
// report as PDF (pdfkit, Noto Sans JP subset-embedded, A4, ≈ 3 pages: 6 sections, a competitor
// table, 12 sources) through the server's own code (its dist). p50/p95 over BENCH_PDF_RENDERS
// renders (≥ 30) after one warm-up; the target is p95 ≤ 300 ms.
import { performance } from 'node:perf_hooks';
import { percentile } from '../lib/load.mjs';
import { ms, table } from '../lib/report.mjs';
import {
  gitDescribe,
  loadText,
  machine,
  resultFile,
  runScript,
  say,
  step,
  writeResult,
} from '../lib/runtime.mjs';
import { buildIsStale, buildServerPackage, importServerApi, serverDir } from '../lib/server-package.mjs';

const argv = process.argv.slice(2);
const env = process.env;
if (argv.includes('--help') || argv.includes('-h')) {
  process.stdout.write(`使い方: pnpm bench（調査レポートの PDF の作成時間も測ります）

  --quick     小さな確認用（30 回）

環境変数:
  BENCH_PDF_RENDERS   作成する回数（既定 60、--quick は 30。30 未満は 30）
  BENCH_SERVER_DIR / BENCH_BUILD=0   pnpm bench と同じ
  BENCH_OUT           結果の JSON（bench/results/research-pdf.json、--quick は research-pdf.quick.json）
`);
  process.exit(0);
}
const quick = argv.includes('--quick') || env.BENCH_QUICK === '1';
const renders = Math.max(30, Number(env.BENCH_PDF_RENDERS) || (quick ? 30 : 60));
const TARGET_MS = 300;

/** A typical report: what an offline competitor study of three clinics looks like. */
function typicalReport() {
  const competitors = ['さくら皮膚科クリニック', 'みどり美容クリニック', 'あおば内科・皮膚科'];
  const sources = [
    {
      type: 'product',
      id: null,
      title: '自院の商品・サービス（販売中）',
      excerpt: '24 件、1,500 円〜120,000 円',
      url: '/products',
    },
    ...competitors.map((name, index) => ({
      type: 'user_input',
      id: null,
      title: `${name}（入力された情報）`,
      excerpt:
        '駅から徒歩 3 分。土日も診療している。自費メニューの価格は当院より高い。待ち時間が長いという口コミがある。',
      url: `https://clinic-${index + 1}.example.jp`,
    })),
    ...Array.from({ length: 8 }, (_, index) => ({
      type: 'document',
      id: `00000000-0000-4000-8000-00000000000${index}`,
      title: `地域の競合調査メモ ${index + 1}.docx`,
      excerpt:
        '世田谷区内の皮膚科・美容皮膚科の診療時間と自費メニューの価格をまとめた。夜間診療を始めた医院がある。',
      url: '/documents?q=競合',
    })),
  ];
  const sections = ['概要', '価格', 'サービス内容', '集客', '評判', '立地'].map((heading, index) => ({
    heading,
    body: `「${heading}」について、入力された情報と社内の資料に記録されていることです。記録にないことは確認が必要です。`.repeat(
      2,
    ),
    bullet_points: competitors.map(
      (name) => `${name}: 土日も診療している。自費メニューの価格は当院より高い。`,
    ),
    citations: [1, 2 + (index % 3), 5 + index],
  }));
  const body = {
    summary: `${competitors.join('、')} について、入力された情報と社内の資料 8 件からまとめました。`,
    sections,
    competitors: competitors.map((name) => ({
      name,
      summary: '駅から徒歩 3 分。土日も診療している。',
      strengths: ['駅から徒歩 3 分で人気。', '土日も診療している。'],
      weaknesses: ['自費メニューの価格は当院より高い。', '待ち時間が長いという口コミがある。'],
    })),
    recommendations: [
      '「評判」を各競合のウェブサイト・口コミで確認する。',
      '分かったことを競合ごとのメモに追記し、もう一度調査する。',
    ],
    sources,
  };
  return {
    tenant_id: '00000000-0000-4000-8000-000000000000',
    id: '00000000-0000-4000-8000-000000000001',
    kind: 'competitor',
    title: `競合分析（${competitors.join('・')}）`,
    customer_id: null,
    mode: 'offline',
    summary: body.summary,
    body,
    created_by: null,
    created_at: new Date(),
  };
}

async function main() {
  const dir = serverDir(env);
  if (env.BENCH_BUILD !== '0' && buildIsStale(dir)) buildServerPackage(dir, step);
  const { researchReportPdf } = await importServerApi(dir);
  step(`調査レポートの PDF を ${renders} 回作成します（${loadText()}）`);
  const report = typicalReport();
  const first = performance.now();
  const warm = await researchReportPdf(report, 'Asia/Tokyo');
  const firstMs = performance.now() - first;
  const times = [];
  for (let index = 0; index < renders; index++) {
    const start = performance.now();
    await researchReportPdf(report, 'Asia/Tokyo');
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  say(
    table(
      ['', '初回', 'p50', 'p95', '最大', '大きさ'],
      [
        [
          '調査レポート PDF',
          ms(firstMs),
          ms(p50),
          ms(p95),
          ms(times.at(-1)),
          `${Math.round(warm.length / 1024)} KB`,
        ],
      ],
      ['l', 'r', 'r', 'r', 'r', 'r'],
    ),
  );
  const ok = p95 <= TARGET_MS;
  say(ok ? `目標（p95 ≤ ${TARGET_MS} ms）を満たしています。` : `目標（p95 ≤ ${TARGET_MS} ms）を超えました。`);
  const shown = writeResult(resultFile(quick ? 'research-pdf.quick.json' : 'research-pdf.json'), {
    bench: 'research-pdf',
    git: gitDescribe(dir),
    machine: machine(),
    renders,
    firstMs,
    p50Ms: p50,
    p95Ms: p95,
    maxMs: times.at(-1),
    bytes: warm.length,
    targetMs: TARGET_MS,
    ok,
  });
  say(`結果: ${shown}`);
}

await runScript(main, '調査レポートの PDF の計測');
