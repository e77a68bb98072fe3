#!/usr/bin/env node
// pnpm bench:advertising (also part of pnpm bench): the advertising check's rules (医療広告ガイドライン)
// on the project's corpus (corpus.json, sentences written for the project, lawful and unlawful, each
// with its expected categories). Prints precision and recall per category and overall, the false
// alarms on lawful sentences, every sentence the rules got wrong, and the check's speed. Runs the
// server's own engine (packages/server/src/modules/marketing/advertising) through tsx: no server,
// no database, no model. Fails when overall precision or recall falls below the floor the unit
// test holds (test/marketing/advertising-corpus.test.ts).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { percent, table } from '../lib/report.mjs';
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
import { repoRoot, serverDir } from '../lib/server-package.mjs';
import { scoreCorpus } from './score.mjs';

const argv = process.argv.slice(2);
if (argv.includes('--help') || argv.includes('-h')) {
  process.stdout.write(`使い方: pnpm bench:advertising（広告チェックの適合率と再現率をコーパスで測ります）

  --quick     速さの測定を短くします（精度は同じです）

環境変数:
  BENCH_OUT   結果の JSON（bench/results/advertising.json、--quick は advertising.quick.json）
`);
  process.exit(0);
}
const quick = argv.includes('--quick') || process.env.BENCH_QUICK === '1';
const FLOOR = 0.8;
const here = dirname(fileURLToPath(import.meta.url));

async function main() {
  step('広告チェック（医療広告ガイドライン）の規則をコーパスで測ります');
  say(`マシン: ${loadText()}`);
  const server = serverDir();
  const require = createRequire(join(server, 'package.json'));
  const { register } = await import(pathToFileURL(require.resolve('tsx/esm/api')).href);
  register();
  const engine = await import(
    pathToFileURL(join(server, 'src', 'modules', 'marketing', 'advertising', 'advertising-check.ts')).href
  );
  const { ADVERTISING_CATEGORY_LABELS: LABELS, contractEnums } = await import(
    pathToFileURL(require.resolve('@tsumiki/api-client')).href
  );
  const categories = contractEnums.AdvertisingCategory;
  const corpus = JSON.parse(readFileSync(join(here, 'corpus.json'), 'utf8'));
  const sets = {
    all: corpus.sentences,
    tuning: corpus.sentences.filter((sentence) => sentence.set === 'tuning'),
    second: corpus.sentences.filter((sentence) => sentence.set === 'second'),
    fresh: corpus.sentences.filter((sentence) => sentence.set === 'fresh'),
  };
  const scores = Object.fromEntries(
    Object.entries(sets).map(([name, sentences]) => [
      name,
      scoreCorpus(sentences, engine.categoriesIn, categories),
    ]),
  );
  const score = scores.all;

  const cell = (value) => (value === null ? '—' : percent(value));
  say('');
  say(
    table(
      ['区分', '正解', '誤検出', '見逃し', '適合率', '再現率'],
      [
        ...score.perCategory.map((row) => [
          LABELS[row.category] ?? row.category,
          String(row.tp),
          String(row.fp),
          String(row.fn),
          cell(row.precision),
          cell(row.recall),
        ]),
        [
          '全体',
          String(score.overall.tp),
          String(score.overall.fp),
          String(score.overall.fn),
          cell(score.overall.precision),
          cell(score.overall.recall),
        ],
      ],
      ['l', 'r', 'r', 'r', 'r', 'r'],
    ),
  );
  say('');
  say(
    `文 ${score.sentences} 件（問題のない文 ${score.lawful} 件、そのうち指摘の出た文 ${score.falseAlarms} 件）`,
  );
  for (const [name, label] of [
    ['tuning', '規則と一緒に書いた文'],
    ['second', '規則を見ずに書き足し、見逃しを規則に足した文'],
    ['fresh', '規則を見ずに書き足し、規則を変えずに測った文'],
  ])
    say(
      `  ${label} ${scores[name].sentences} 件: 適合率 ${cell(scores[name].overall.precision)}、再現率 ${cell(scores[name].overall.recall)}`,
    );
  for (const mistake of score.mistakes)
    say(
      `  ✗ ${mistake.text}（見逃し: ${mistake.missed.join('・') || 'なし'}、誤検出: ${mistake.extra.join('・') || 'なし'}）`,
    );

  // Speed: the whole corpus checked in rounds (the drafts and the tool call this per text).
  const rounds = quick ? 50 : 500;
  for (const sentence of corpus.sentences) engine.checkText(sentence.text); // warm up
  const started = performance.now();
  for (let round = 0; round < rounds; round++)
    for (const sentence of corpus.sentences) engine.checkText(sentence.text);
  const perText = (performance.now() - started) / (rounds * corpus.sentences.length);
  say(`速さ: 1 文あたり ${perText.toFixed(3)} ms（${rounds} 周の平均）`);

  const met = score.overall.precision >= FLOOR && score.overall.recall >= FLOOR;
  const file = writeResult(resultFile(quick ? 'advertising.quick.json' : 'advertising.json'), {
    bench: 'advertising',
    measuredAt: new Date().toISOString(),
    git: gitDescribe(repoRoot),
    machine: machine(),
    floor: FLOOR,
    ...score,
    tuning: { overall: scores.tuning.overall, falseAlarms: scores.tuning.falseAlarms },
    second: { overall: scores.second.overall, falseAlarms: scores.second.falseAlarms },
    fresh: { overall: scores.fresh.overall, falseAlarms: scores.fresh.falseAlarms },
    msPerText: perText,
  });
  say(`結果: ${file}`);
  if (!met) throw new Error(`全体の適合率・再現率が ${FLOOR} を下回りました`);
}

await runScript(main, '広告チェックの測定');
