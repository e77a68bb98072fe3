// `pnpm --filter @tsumiki/e2e test`: the Playwright suite as two shards run side by side, each
// with its own global setup (its own server, embedded PostgreSQL, data directory and ports), so
// that no test sees another's data. Two fill the two cores: dealt in three, the machine stayed at
// 98% busy and the suite took longer (879 s against about 830; see TSUMIKI_E2E_SHARDS to try), so
// the suite gets faster only with less work per test (no trace, no service worker by default:
// playwright.config.ts).
//
// The spec files are dealt to the shards by how long each took last time (`durations.json`,
// seconds per file, longest first onto the shard with the least so far), not by Playwright's
// --shard, which splits by test count and left one shard 4 minutes behind the other. A spec
// missing from durations.json counts as the mean. Each run writes the measured seconds per file
// to test-results/durations.json; copy it over durations.json when the figures drift.
//
// Arguments (a spec file, -g …) run one plain `playwright test` instead. TSUMIKI_E2E_SHARDS sets
// the number of shards (default 2, or 1 with arguments).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const args = process.argv.slice(2);
const shards = Math.max(1, Number(process.env.TSUMIKI_E2E_SHARDS ?? (args.length > 0 ? 1 : 2)));
const playwright = here('./node_modules/.bin/playwright');

/** Spec files dealt to `count` shards by their last durations, longest first (LPT). */
export function dealSpecs(files, durations, count) {
  const known = files.map((file) => durations[file]).filter((seconds) => typeof seconds === 'number');
  const mean = known.length ? known.reduce((sum, seconds) => sum + seconds, 0) / known.length : 1;
  const weighted = files
    .map((file) => ({ file, seconds: durations[file] ?? mean }))
    .sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file));
  const bins = Array.from({ length: count }, () => ({ files: [], seconds: 0 }));
  for (const spec of weighted) {
    const lightest = bins.reduce((best, bin) => (bin.seconds < best.seconds ? bin : best));
    lightest.files.push(spec.file);
    lightest.seconds += spec.seconds;
  }
  for (const bin of bins) bin.files.sort();
  return bins;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Seconds per spec file from a Playwright JSON report. */
function secondsPerFile(report) {
  const totals = {};
  const visit = (suite, file) => {
    const current = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) {
          totals[current] = (totals[current] ?? 0) + (result.duration ?? 0) / 1000;
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child, current);
  };
  for (const suite of report?.suites ?? []) visit(suite, suite.file);
  return totals;
}

function run(index, files) {
  const outputDir = shards > 1 ? `./test-results/shard-${index}` : './test-results';
  return new Promise((resolve) => {
    const child = spawn(playwright, ['test', ...files, ...args], {
      stdio: shards > 1 ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: {
        ...process.env,
        TSUMIKI_E2E_OUTPUT_DIR: outputDir,
        TSUMIKI_E2E_JSON_REPORT: `${outputDir}/report.json`,
      },
    });
    if (shards > 1) {
      // Whole lines, prefixed with the shard, so that the two logs stay readable side by side.
      for (const stream of [child.stdout, child.stderr]) {
        let pending = '';
        stream.on('data', (chunk) => {
          pending += chunk;
          const lines = pending.split('\n');
          pending = lines.pop() ?? '';
          for (const line of lines) process.stdout.write(`[${index}/${shards}] ${line}\n`);
        });
        stream.on('end', () => pending && process.stdout.write(`[${index}/${shards}] ${pending}\n`));
      }
    }
    child.on('error', (error) => {
      console.error(`[${index}/${shards}] Playwright を起動できませんでした: ${error.message}`);
      resolve({ code: 1, outputDir });
    });
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), outputDir }));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const specs = readdirSync(here('./tests'))
    .filter((name) => name.endsWith('.spec.ts'))
    .map((name) => `tests/${name}`);
  const durations = readJson(here('./durations.json')) ?? {};
  const plan =
    shards > 1 && args.length === 0
      ? dealSpecs(specs, durations, shards)
      : Array.from({ length: shards }, (_, index) => ({
          files: shards > 1 ? [`--shard=${index + 1}/${shards}`] : [],
          seconds: 0,
        }));
  if (shards > 1 && args.length === 0) {
    for (const [index, bin] of plan.entries()) {
      console.log(
        `[${index + 1}/${shards}] ${bin.files.length} ファイル（前回の所要 約 ${Math.round(bin.seconds)} 秒）: ${bin.files.join(' ')}`,
      );
    }
  }
  const results = await Promise.all(plan.map((bin, index) => run(index + 1, bin.files)));

  // The measured seconds per file, for the next deal.
  const measured = {};
  for (const { outputDir } of results) {
    Object.assign(measured, secondsPerFile(readJson(here(`${outputDir}/report.json`))));
  }
  if (Object.keys(measured).length > 0) {
    const rounded = Object.fromEntries(
      Object.entries(measured)
        .map(([file, seconds]) => [file.startsWith('tests/') ? file : `tests/${file}`, Math.round(seconds)])
        .sort(([a], [b]) => a.localeCompare(b)),
    );
    mkdirSync(here('./test-results'), { recursive: true });
    writeFileSync(here('./test-results/durations.json'), `${JSON.stringify(rounded, null, 2)}\n`);
    if (!existsSync(here('./durations.json')))
      console.log('所要時間を test-results/durations.json に書きました');
  }

  const failed = results.filter(({ code }) => code !== 0).length;
  if (shards > 1)
    console.log(failed === 0 ? `E2E: ${shards} 分割すべて成功` : `E2E: ${failed} / ${shards} 分割が失敗`);
  process.exit(failed === 0 ? 0 : 1);
}
