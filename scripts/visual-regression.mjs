// Visual regression of the composites without the Chromatic service: screenshots of chosen stories
// of the static Storybook at 375 and 1440 px in Debian's Chromium, compared with the PNG baselines
// in packages/ui/visual-baselines/ (pixelmatch, small tolerance). Differences go to
// packages/ui/visual-diffs/ (git-ignored): <name>.actual.png and <name>.diff.png.
//
//   node scripts/visual-regression.mjs            serve storybook-static/ and compare
//   node scripts/visual-regression.mjs --update   write new baselines (only on this kind of machine)
//   node scripts/visual-regression.mjs --build    build Storybook first
//   node scripts/visual-regression.mjs --only screens-chat,screens-invite
//                                                 only the stories whose id starts with one of these
//                                                 (with --update: rewrites only those baselines)
//
// `pnpm test:storybook` runs it after the test-runner against the same server (see
// test-storybook.mjs). Baselines depend on Chromium's and the fonts' rendering: regenerate them
// only on the CI machine type (Debian Chromium + fonts-noto-cjk), never on a laptop.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pixelmatch from 'pixelmatch';
import { chromium } from 'playwright-core';
import { PNG } from 'pngjs';
import { chromiumArgs, chromiumPath as defaultChromiumPath, freePort } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const baselineDir = path.join(root, 'packages/ui/visual-baselines');
const diffDir = path.join(root, 'packages/ui/visual-diffs');
const metaFile = path.join(baselineDir, 'baselines.json');

/** Per-channel colour distance pixelmatch ignores (anti-aliasing noise). */
const PIXEL_THRESHOLD = 0.1;
/** Share of differing pixels tolerated per screenshot. */
const MAX_DIFF_RATIO = 0.001;

const WIDTHS = { mobile: { width: 375, height: 812 }, desktop: { width: 1440, height: 900 } };

/**
 * The Screens stories whose full and empty states have baselines. They run on a fixed clock
 * (packages/app/src/stories/fixed-clock.ts), so ages and relative dates stay the same.
 */
const SCREEN_IDS = [
  'screens-dashboard',
  'screens-customers',
  'screens-customer-detail',
  'screens-customer-duplicates',
  'screens-customers-trash',
  'screens-products',
  'screens-product-detail',
  'screens-documents',
  'screens-legal-check',
  'screens-deep-research',
  'screens-knowledge-base',
  'screens-invitations',
  'screens-staff',
  'screens-tenant-users',
  'screens-notifications',
  'screens-session-manager',
  'screens-audit-log',
  'screens-profile',
  'screens-settings',
  'screens-login',
  'screens-login-success',
  'screens-auth-callback',
  'screens-invite',
  'screens-chat',
  'screens-workflow',
  'screens-marketing',
  'screens-advertising-check',
];

/**
 * The stories whose end state (after the play function) is the picture: every composite,
 * open where it has a menu or a dialog. `widths` defaults to both.
 */
export const VISUAL_STORIES = [
  { id: 'layout-appsidebar--playground', widths: ['desktop'] },
  { id: 'layout-appsidebar--mobile-drawer-open', widths: ['mobile'] },
  { id: 'layout-topbar--with-slots' },
  { id: 'layout-applayout--desktop', widths: ['desktop'] },
  { id: 'layout-applayout--mobile', widths: ['mobile'] },
  { id: 'composites-sessionindicator--catalog', widths: ['desktop'] },
  { id: 'composites-sessionindicator--warning-open', widths: ['mobile'] },
  { id: 'composites-notificationlist--catalog' },
  { id: 'composites-notificationbell--open', widths: ['desktop'] },
  { id: 'composites-notificationbell--mobile', widths: ['mobile'] },
  { id: 'composites-errorsnackbar--catalog', widths: ['desktop'] },
  { id: 'composites-errorsnackbar--medium', widths: ['mobile'] },
  { id: 'composites-errormodal--authentication', widths: ['desktop'] },
  { id: 'composites-errormodal--mobile', widths: ['mobile'] },
  { id: 'composites-offlinebanner--playground' },
  { id: 'composites-slowconnectionnotice--dismiss', widths: ['mobile'] },
  { id: 'composites-updatebanner--playground' },
  { id: 'composites-crashscreen--playground' },
  // The app's screens (packages/app/src/**/*.stories.tsx): full and empty, both widths.
  ...SCREEN_IDS.flatMap((screen) => [{ id: `${screen}--full` }, { id: `${screen}--empty` }]).filter(
    // The callback's full state is the dashboard it leads to (pictured there).
    ({ id }) => id !== 'screens-auth-callback--full',
  ),
];

function chromiumVersion(executablePath) {
  return new Promise((resolve) => {
    const child = spawn(executablePath, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', () => resolve(output.trim() || 'unknown'));
    child.on('error', () => resolve('unknown'));
  });
}

/** Waits in the page for Storybook to finish rendering the story and running its play function. */
const STORY_DONE_SCRIPT = () => {
  window.__visualStory = { done: false, error: null };
  const attach = () => {
    const channel = window.__STORYBOOK_ADDONS_CHANNEL__;
    if (!channel) return false;
    channel.on('storyRendered', () => {
      window.__visualStory.done = true;
    });
    for (const event of ['playFunctionThrewException', 'storyThrewException', 'storyErrored']) {
      channel.on(event, (error) => {
        window.__visualStory.error = String(error?.message ?? error?.title ?? event);
        window.__visualStory.done = true;
      });
    }
    return true;
  };
  if (!attach()) {
    const timer = setInterval(() => {
      if (attach()) clearInterval(timer);
    }, 5);
  }
};

/**
 * Shows story `id` at `size` in `page`: the first story of a page is loaded with the iframe, the
 * next ones are switched to inside it, as Storybook's test-runner does (loading the iframe, its
 * scripts and the mock service worker took about 5 of a screen's 6 s). Every screen story starts
 * afresh in its loaders (screen-story.ts); a picture that differs is taken again on a fresh page.
 */
async function showStory(page, baseUrl, id, size) {
  await page.setViewportSize(size);
  const loaded = await page.evaluate(() => Boolean(window.__STORYBOOK_ADDONS_CHANNEL__)).catch(() => false);
  if (!loaded) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.addInitScript(STORY_DONE_SCRIPT);
    await page.goto(`${baseUrl}/iframe.html?id=${id}&viewMode=story`);
  } else {
    await page.evaluate((storyId) => {
      window.__visualStory = { done: false, error: null };
      document.activeElement?.blur?.();
      window.scrollTo(0, 0);
      const channel = window.__STORYBOOK_ADDONS_CHANNEL__;
      // The same story again (the other width right after): rendered anew all the same.
      if (window.__visualStoryId === storyId) channel.emit('forceRemount', { storyId });
      else channel.emit('setCurrentStory', { storyId, viewMode: 'story' });
    }, id);
  }
  await page.waitForFunction(() => window.__visualStory?.done === true, null, { timeout: 30_000 });
  const error = await page.evaluate((storyId) => {
    window.__visualStoryId = storyId;
    return window.__visualStory.error;
  }, id);
  if (error) throw new Error(`${id}: ${error}`);
}

async function capture(page, baseUrl, id, size) {
  await showStory(page, baseUrl, id, size);
  await page.evaluate(() => document.fonts.ready);
  // A screen's full and empty states are never its loading state: on a loaded machine the story
  // can report rendered while the screen still shows its page spinner (the sign-in screen while
  // the session is read). Wait for it to go (up to 10 s; if it stays, the picture shows it).
  if (id.startsWith('screens-'))
    await page
      .waitForFunction(() => !document.querySelector('[data-slot="spinner"][role="status"]'), null, {
        timeout: 10_000,
      })
      .catch(() => {});
  // Let focus rings, portals and layout settle after the play function's last step, and make sure
  // a whole frame has been painted (under load Chromium can hand out a half-rasterised one).
  await page.waitForTimeout(150);
  await page.evaluate(
    () =>
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(undefined)))),
  );
  return await page.screenshot({ animations: 'disabled', caret: 'hide', scale: 'css' });
}

/** A capture on a page of its own, closed afterwards (the second look at a picture that differed). */
async function captureFresh(context, baseUrl, id, size) {
  const page = await context.newPage();
  try {
    return await capture(page, baseUrl, id, size);
  } finally {
    await page.close();
  }
}

function compare(actualBuffer, baselinePath) {
  const baseline = readFileSync(baselinePath);
  // Chromium encodes the same pixels to the same bytes: most pictures (104 of 129) come out
  // identical, and need neither decoding nor pixelmatch (about 0.2 s of this process each).
  if (actualBuffer.equals(baseline)) return { ratio: 0, pixels: 0 };
  const actual = PNG.sync.read(actualBuffer);
  const expected = PNG.sync.read(baseline);
  if (actual.width !== expected.width || actual.height !== expected.height) {
    return {
      ratio: 1,
      reason: `大きさが違います（${expected.width}×${expected.height} → ${actual.width}×${actual.height}）`,
    };
  }
  const diff = new PNG({ width: actual.width, height: actual.height });
  const pixels = pixelmatch(expected.data, actual.data, diff.data, actual.width, actual.height, {
    threshold: PIXEL_THRESHOLD,
  });
  return { ratio: pixels / (actual.width * actual.height), pixels, diff: PNG.sync.write(diff) };
}

/**
 * Screenshots every story in VISUAL_STORIES from `baseUrl` (a served storybook-static) and compares
 * them with the baselines, or rewrites the baselines with `update`. Resolves to an exit code.
 */
export async function runVisualRegression({
  baseUrl,
  update = false,
  only = null,
  chromiumPath = defaultChromiumPath,
}) {
  const started = Date.now();
  const version = await chromiumVersion(chromiumPath);
  const meta = existsSync(metaFile) ? JSON.parse(readFileSync(metaFile, 'utf8')) : null;
  rmSync(diffDir, { recursive: true, force: true });
  // A whole update starts afresh (no stale baselines stay); `only` rewrites just its own.
  if (update && !only) rmSync(baselineDir, { recursive: true, force: true });
  mkdirSync(baselineDir, { recursive: true });

  const chosen = only
    ? VISUAL_STORIES.filter(({ id }) => only.some((prefix) => id.startsWith(`${prefix}--`)))
    : VISUAL_STORIES;
  const jobs = chosen.flatMap(({ id, widths = ['mobile', 'desktop'] }) =>
    widths.map((width) => ({ id, width, name: `${id}--${WIDTHS[width].width}` })),
  );
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumArgs, '--font-render-hinting=none', '--force-color-profile=srgb'],
  });
  const failures = [];
  let written = 0;
  let retaken = 0;
  try {
    const context = await browser.newContext({
      deviceScaleFactor: 1,
      locale: 'ja-JP',
      timezoneId: 'Asia/Tokyo',
    });
    // Two pages at a time: the machine has two cores.
    const queue = [...jobs];
    const worker = async () => {
      let page = await context.newPage();
      for (let job = queue.shift(); job; job = queue.shift()) {
        const baselinePath = path.join(baselineDir, `${job.name}.png`);
        let shot;
        try {
          // Baselines are always taken on a page of their own.
          shot = update
            ? await captureFresh(context, baseUrl, job.id, WIDTHS[job.width])
            : await capture(page, baseUrl, job.id, WIDTHS[job.width]);
        } catch (error) {
          failures.push(`${job.name}: ${error instanceof Error ? error.message : error}`);
          // The page may be stuck in the failed story: the next job starts on a new one.
          await page.close().catch(() => {});
          page = await context.newPage();
          continue;
        }
        if (update || !existsSync(baselinePath)) {
          writeFileSync(baselinePath, shot);
          written += 1;
          if (!update) failures.push(`${job.name}: 基準画像がなかったので作りました（コミットしてください）`);
          continue;
        }
        let result = compare(shot, baselinePath);
        if (result.ratio > MAX_DIFF_RATIO) {
          // One more, on a fresh page: a real change differs twice, a badly timed frame or a
          // trace of the story before does not.
          retaken += 1;
          try {
            shot = await captureFresh(context, baseUrl, job.id, WIDTHS[job.width]);
            result = compare(shot, baselinePath);
          } catch {
            // keep the first result
          }
        }
        if (result.ratio > MAX_DIFF_RATIO) {
          mkdirSync(diffDir, { recursive: true });
          writeFileSync(path.join(diffDir, `${job.name}.actual.png`), shot);
          if (result.diff) writeFileSync(path.join(diffDir, `${job.name}.diff.png`), result.diff);
          failures.push(
            `${job.name}: ${result.reason ?? `${result.pixels} 画素（${(result.ratio * 100).toFixed(3)}%）が違います`}`,
          );
        }
      }
      await page.close();
    };
    await Promise.all([worker(), worker()]);
  } finally {
    await browser.close();
  }

  if (update && !only) {
    writeFileSync(
      metaFile,
      `${JSON.stringify({ chromium: version, platform: `${process.platform}-${process.arch}`, tolerance: MAX_DIFF_RATIO }, null, 2)}\n`,
    );
  }
  const seconds = `${((Date.now() - started) / 1000).toFixed(1)} 秒${retaken > 0 ? `、${retaken} 枚は新しいページで撮り直し` : ''}`;
  if (failures.length === 0) {
    console.log(
      `visual regression: ${update ? `${written} 枚の基準画像を更新` : `${jobs.length} 枚すべて基準どおり`} (${seconds})`,
    );
    return 0;
  }
  console.error(`visual regression: ${failures.length} 件の差分 (${seconds})\n  ${failures.join('\n  ')}`);
  if (meta && meta.chromium !== version) {
    console.error(
      `基準画像は ${meta.chromium} で作られ、今は ${version} です。描画の違いなら、この種類のマシンで --update してください。`,
    );
  }
  console.error(`差分画像: ${path.relative(root, diffDir)}/`);
  return 1;
}

async function main() {
  const argv = process.argv.slice(2);
  const require = createRequire(path.join(root, 'package.json'));
  const bin = (pkg, name) => {
    const manifestPath = require.resolve(`${pkg}/package.json`);
    const manifest = require(manifestPath);
    return path.join(
      path.dirname(manifestPath),
      typeof manifest.bin === 'string' ? manifest.bin : manifest.bin[name],
    );
  };
  const runNode = (script, args, stdio = 'inherit') =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, [script, ...args], { cwd: root, stdio });
      child.on('exit', (code) => resolve(code ?? 1));
    });
  if (argv.includes('--build')) {
    const code = await runNode(bin('storybook', 'storybook'), ['build', '-o', 'storybook-static', '--quiet']);
    if (code !== 0) process.exit(code);
  }
  if (!existsSync(path.join(root, 'storybook-static/index.json'))) {
    console.error(
      'storybook-static/ がありません。--build を付けるか pnpm build-storybook を実行してください。',
    );
    process.exit(1);
  }
  const port = await freePort();
  const server = spawn(
    process.execPath,
    [
      bin('http-server', 'http-server'),
      'storybook-static',
      '-a',
      '127.0.0.1',
      '-p',
      String(port),
      '-s',
      '-c-1',
    ],
    { cwd: root, stdio: 'ignore' },
  );
  let code = 1;
  try {
    const url = `http://127.0.0.1:${port}`;
    for (let tries = 0; tries < 150; tries += 1) {
      try {
        if ((await fetch(`${url}/index.json`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const onlyIndex = argv.indexOf('--only');
    const only = onlyIndex >= 0 ? (argv[onlyIndex + 1] ?? '').split(',').filter(Boolean) : null;
    code = await runVisualRegression({ baseUrl: url, update: argv.includes('--update'), only });
  } finally {
    server.kill('SIGTERM');
  }
  process.exit(code);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await main();
}
