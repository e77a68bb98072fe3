// `pnpm lighthouse`: Lighthouse (mobile profile, its default: simulated slow 4G and a 4× slower
// CPU) on the production build, 3 runs each of /login and of / signed in through the real sign-in
// screen. Prints the performance score, LCP, TBT, FCP and CLS of each run, their medians, and the
// accessibility score. Nothing leaves 127.0.0.1.
//
//   pnpm lighthouse                 3 runs each of /login and /
//   pnpm lighthouse --runs 5        more runs
//   pnpm lighthouse --only /login   one page
//   pnpm lighthouse --json out.json the figures as JSON as well
//   pnpm lighthouse --reports dir   each run's whole Lighthouse report (JSON) in dir as well
//   pnpm lighthouse --baseline dir  also measures another build of the app (a `vite build --outDir
//                                   dir` of an earlier commit), served by a second server, in
//                                   alternated runs (baseline, this build, baseline, …): on a
//                                   shared, noisy machine only figures taken side by side compare
//
// Lighthouse needs Node 22.19 or later: pnpm runs this with the project's Node 24
// (node_modules/node); run directly with an older one, it starts itself again under that one.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { buildIfStale } from '../build-if-stale.mjs';
import { root } from '../lib.mjs';
import { launchChromium, signInThroughTheUi, startServer } from './browser.mjs';

const projectNode = join(root, 'node_modules/node/bin/node');
const [major, minor] = process.versions.node.split('.').map(Number);
if ((major < 22 || (major === 22 && minor < 19)) && existsSync(projectNode)) {
  const again = spawnSync(projectNode, process.argv.slice(1), { stdio: 'inherit' });
  process.exit(again.status ?? 1);
}

const argument = (name) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
};
const runs = Number(argument('--runs') ?? 3);
const only = argument('--only');
const jsonPath = argument('--json');
const reportsDir = argument('--reports');
const baselineDir = argument('--baseline');

const pages = [
  { path: '/login', label: '/login（未ログイン）', signedIn: false },
  { path: '/', label: '/（ログイン後のダッシュボード）', signedIn: true },
].filter((page) => !only || page.path === only);

const PATH = process.env.PATH ?? '';
// build-if-stale runs `pnpm`: the project's own binaries (and pnpm when run through it) first.
process.env.PATH = `${join(root, 'node_modules/.bin')}:${PATH}`;
const code = await buildIfStale();
if (code !== 0) process.exit(code);

const { default: lighthouse } = await import('lighthouse');

/** One Lighthouse run on a fresh Chromium profile (signed in first when the page needs it). */
async function measure(baseUrl, page, name) {
  const chromium = await launchChromium();
  try {
    if (page.signedIn) await signInThroughTheUi(chromium.port, baseUrl);
    const result = await lighthouse(`${baseUrl}${page.path}`, {
      port: chromium.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // Lighthouse's reset would sign the user out: the sign-in cleared the cache, the service
      // worker and its caches itself (browser.mjs), keeping only the session.
      disableStorageReset: page.signedIn,
    });
    if (reportsDir) {
      mkdirSync(reportsDir, { recursive: true });
      writeFileSync(join(reportsDir, `${name}.json`), JSON.stringify(result.lhr));
    }
    const { categories, audits, finalDisplayedUrl, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`${runtimeError.code}: ${runtimeError.message}`);
    const expected = new URL(page.path, baseUrl).pathname;
    if (new URL(finalDisplayedUrl).pathname !== expected)
      throw new Error(`${page.path} を測るはずが ${finalDisplayedUrl} を測りました。`);
    return {
      performance: categories.performance.score,
      accessibility: categories.accessibility.score,
      lcp: audits['largest-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      fcp: audits['first-contentful-paint'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      mainThread: audits['mainthread-work-breakdown'].numericValue,
      unusedJs: audits['unused-javascript'].details?.overallSavingsBytes ?? 0,
    };
  } finally {
    await chromium.stop();
  }
}

/**
 * Lighthouse sometimes fails to record a trace on a busy machine (NO_NAVSTART, NO_FCP): such a run
 * is said and made again, twice at most; a wrong page or anything else stops the script.
 */
async function measureWithRetry(baseUrl, page, name) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measure(baseUrl, page, name);
    } catch (error) {
      const traceFailure = /^(NO_NAVSTART|NO_FCP|NO_LCP|NO_TRACING_STARTED|NO_RESOURCE_REQUEST)\b/.test(
        String(error?.message),
      );
      if (!traceFailure || attempt === 3) throw error;
      console.log(`  （Lighthouse が計測に失敗したため測り直します: ${error.message.split('\n')[0]}）`);
    }
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const columns = [
  ['性能', (run) => run.performance.toFixed(2)],
  ['LCP', (run) => `${(run.lcp / 1000).toFixed(2)} s`],
  ['TBT', (run) => `${Math.round(run.tbt)} ms`],
  ['FCP', (run) => `${(run.fcp / 1000).toFixed(2)} s`],
  ['CLS', (run) => run.cls.toFixed(3)],
  ['主スレッド', (run) => `${(run.mainThread / 1000).toFixed(2)} s`],
  ['未使用 JS', (run) => `${(run.unusedJs / 1000).toFixed(1)} KB`],
  ['a11y', (run) => run.accessibility.toFixed(2)],
];

function printTable(label, results) {
  const medians = Object.fromEntries(
    Object.keys(results[0]).map((key) => [key, median(results.map((run) => run[key]))]),
  );
  const rows = [
    ['', ...columns.map(([name]) => name)],
    ...results.map((run, index) => [`${index + 1} 回目`, ...columns.map(([, cell]) => cell(run))]),
    ['中央値', ...columns.map(([, cell]) => cell(medians))],
  ];
  console.log(`\n${label}`);
  for (const row of rows) console.log(row.map((cell, index) => pad(cell, index === 0 ? 8 : 12)).join(' '));
  return medians;
}

/** Pads to `columns` terminal columns (CJK characters take two). */
function pad(text, columns) {
  const width = [...text].reduce((sum, character) => sum + (character.charCodeAt(0) > 0x2e7f ? 2 : 1), 0);
  return text + ' '.repeat(Math.max(1, columns - width));
}

const started = Date.now();
console.log('\n▶ サーバーを起動しています（組み込み PostgreSQL とデモのテナント）…');
const builds = [{ name: 'このビルド', key: 'current', server: await startServer() }];
if (baselineDir)
  builds.unshift({
    name: `基準（${baselineDir}）`,
    key: 'baseline',
    server: await startServer({ appDistDir: baselineDir }),
  });
const report = {};
try {
  for (const page of pages) {
    const results = Object.fromEntries(builds.map((build) => [build.key, []]));
    for (let index = 0; index < runs; index += 1) {
      for (const build of builds) {
        const of = baselineDir ? `${build.name}: ` : '';
        process.stdout.write(`▶ ${of}${page.label} ${index + 1}/${runs} 回目を測っています…\n`);
        const name = `${build.key}-${page.path === '/' ? 'home' : page.path.slice(1)}-${index + 1}`;
        results[build.key].push(await measureWithRetry(build.server.url, page, name));
      }
    }
    report[page.path] = {};
    for (const build of builds) {
      const label = baselineDir ? `${page.label} — ${build.name}` : page.label;
      report[page.path][build.key] = {
        runs: results[build.key],
        median: printTable(label, results[build.key]),
      };
    }
    if (baselineDir) {
      const [before, after] = [report[page.path].baseline.median, report[page.path].current.median];
      console.log(
        `中央値の比（このビルド ÷ 基準）: 性能 ${(after.performance / before.performance).toFixed(2)}、LCP ${(after.lcp / before.lcp).toFixed(2)}、TBT ${(after.tbt / Math.max(before.tbt, 1)).toFixed(2)}、FCP ${(after.fcp / before.fcp).toFixed(2)}`,
      );
    }
  }
} finally {
  await Promise.all(builds.map((build) => build.server.stop()));
}
console.log(
  `\nLighthouse ${lighthouseVersion()}、モバイル（模擬的な低速 4G と 4 倍遅い CPU）。所要 ${Math.round((Date.now() - started) / 1000)} 秒。`,
);
if (jsonPath) writeFileSync(jsonPath, `${JSON.stringify(report, null, 2)}\n`);

function lighthouseVersion() {
  return JSON.parse(readFileSync(createRequire(import.meta.url).resolve('lighthouse/package.json'), 'utf8'))
    .version;
}
