// `pnpm test:storybook`: build the static Storybook, serve it on 127.0.0.1, run every story
// (render, play function, axe) in Debian's Chromium with @storybook/test-runner, then compare the
// composites with their screenshot baselines (scripts/visual-regression.mjs).
//
//   node scripts/test-storybook.mjs                  build, then test, then visual regression
//   node scripts/test-storybook.mjs --no-build       test the existing storybook-static/
//   node scripts/test-storybook.mjs --no-visual      skip the screenshot comparison
//   node scripts/test-storybook.mjs --update-visual  rewrite the baselines (this kind of machine only)
//   node scripts/test-storybook.mjs -- Button        extra arguments go to test-storybook (Jest filters…)
//
// CHROMIUM_PATH overrides /usr/bin/chromium. The Jest/Playwright launch options live in
// .storybook/test-runner-jest.config.js, the per-story viewport in .storybook/test-runner.ts.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumPath, freePort } from './lib.mjs';
import { runVisualRegression } from './visual-regression.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'package.json'));
const outputDir = 'storybook-static';

const argv = process.argv.slice(2);
const ownFlags = ['--no-build', '--no-visual', '--update-visual', '--'];
const skipBuild = argv.includes('--no-build');
const skipVisual = argv.includes('--no-visual');
const updateVisual = argv.includes('--update-visual');
const passthrough = argv.filter((arg) => !ownFlags.includes(arg));

if (!existsSync(chromiumPath)) {
  console.error(`Chromium が見つかりません: ${chromiumPath}（CHROMIUM_PATH で指定できます）`);
  process.exit(1);
}

/** Children run on the same Node as this script (the project's Node 24 under pnpm). */
const childEnv = {
  ...process.env,
  CHROMIUM_PATH: chromiumPath,
  PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
  STORYBOOK_DISABLE_TELEMETRY: '1',
};

function binScript(pkg, bin) {
  const manifestPath = require.resolve(`${pkg}/package.json`);
  const manifest = require(manifestPath);
  const relative = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin[bin];
  return path.join(path.dirname(manifestPath), relative);
}

function run(script, args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: root, env: childEnv, stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(error);
      resolve(1);
    });
  });
}

async function waitUntilServed(url, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} が ${timeoutMs / 1000} 秒以内に応答しませんでした`);
}

const started = Date.now();

if (!skipBuild) {
  console.log('Storybook をビルドしています…');
  const code = await run(binScript('storybook', 'storybook'), ['build', '-o', outputDir, '--quiet']);
  if (code !== 0) process.exit(code);
} else if (!existsSync(path.join(root, outputDir, 'index.json'))) {
  console.error(`${outputDir}/ がありません。--no-build を外して実行してください。`);
  process.exit(1);
}

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const server = spawn(
  process.execPath,
  [binScript('http-server', 'http-server'), outputDir, '-a', '127.0.0.1', '-p', String(port), '-s', '-c-1'],
  { cwd: root, env: childEnv, stdio: 'ignore' },
);
let serverExited = false;
server.on('exit', () => {
  serverExited = true;
});

function stopServer() {
  if (serverExited || server.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    server.once('exit', resolve);
    try {
      process.kill(server.pid, 'SIGTERM');
    } catch {
      resolve();
    }
  });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await stopServer();
    process.exit(130);
  });
}

let exitCode = 1;
try {
  await waitUntilServed(`${url}/index.json`);
  console.log(`${url} で配信中。Chromium (${chromiumPath}) でストーリーを検査します…`);
  exitCode = await run(binScript('@storybook/test-runner', 'test-storybook'), [
    '--url',
    url,
    '--maxWorkers=2',
    ...passthrough,
  ]);
  // The screenshots only mean something for the whole set of stories.
  if (exitCode === 0 && !skipVisual && passthrough.length === 0) {
    console.log('合成コンポーネントのスクリーンショットを基準画像と比べます…');
    exitCode = await runVisualRegression({ baseUrl: url, update: updateVisual, chromiumPath });
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await stopServer();
}

console.log(
  `test-storybook: ${exitCode === 0 ? '成功' : '失敗'} (${((Date.now() - started) / 1000).toFixed(1)} 秒)`,
);
process.exit(exitCode);
