// The server and the browser that `pnpm lighthouse` measures: the production build with its
// embedded PostgreSQL and the demo tenants (as `pnpm start` and e2e's global setup run it), and
// Debian's Chromium with a DevTools port that Lighthouse and Playwright share.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumPath, freePort, root } from '../lib.mjs';

/** The flags of every Lighthouse run (the project's closed network: nothing is fetched from outside). */
export const chromiumFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Starts `packages/server/dist/main.js` on a fresh data directory, serving packages/app/dist or
 * `appDistDir`; resolves once /api/health answers.
 */
export async function startServer({ appDistDir } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tsumiki-lighthouse-'));
  const [port, pgPort] = [await freePort(), await freePort()];
  let output = '';
  const child = spawn(process.execPath, [join(root, 'packages/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      TSUMIKI_DEMO: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      TSUMIKI_DATA_DIR: dataDir,
      TSUMIKI_PG_PORT: String(pgPort),
      ...(appDistDir ? { APP_DIST_DIR: appDistDir } : {}),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`サーバーが終了しました（${child.exitCode}）:\n${output}`);
    }
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`サーバーが起動しませんでした:\n${output}`);
}

/** Launches Chromium on a fresh profile with a DevTools port; resolves to the port and a stop(). */
export async function launchChromium() {
  const profile = mkdtempSync(join(tmpdir(), 'tsumiki-lighthouse-profile-'));
  const port = await freePort();
  const child = spawn(
    chromiumPath,
    [...chromiumFlags, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(profile, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const up = await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return { port, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`Chromium（${chromiumPath}）が起動しませんでした。`);
}

/** The demo login of `pnpm start` (README): the clinic's administrator, without a second factor. */
export const demoLogin = {
  email: 'admin@sakura-clinic.example',
  password: readDemoPassword(),
};

function readDemoPassword() {
  // The one place the demo password is written down for the browser tests.
  const support = readFileSync(join(root, 'e2e/tests/support.ts'), 'utf8');
  const match = support.match(/password: '([^']+)'/);
  if (!match) throw new Error('e2e/tests/support.ts にデモのパスワードがありません。');
  return match[1];
}

/**
 * Signs in through the real sign-in screen with Playwright over the same DevTools port, so that the
 * session is in the profile's localStorage where the app reads it. Then forgets what the visit left
 * behind apart from that session (HTTP cache, service worker, its caches), so that the measured load
 * is a cold one as Lighthouse's own storage reset would make it.
 */
export async function signInThroughTheUi(port, baseUrl) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('メールアドレス').fill(demoLogin.email);
    await page.getByLabel(/^パスワード(必須)?$/).fill(demoLogin.password);
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await page.getByRole('heading', { name: 'ダッシュボード' }).waitFor({ timeout: 60_000 });
    await forgetAllButTheSession(page, baseUrl);
    await page.close();
  } finally {
    // Disconnects only: the browser stays up for Lighthouse.
    await browser.close();
  }
}

/** Clears the HTTP cache, the service worker and Cache Storage, keeping localStorage (the session). */
export async function forgetAllButTheSession(page, baseUrl) {
  await page.goto('about:blank');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', {
    origin: baseUrl,
    storageTypes: 'service_workers,cache_storage,indexeddb',
  });
  await cdp.detach();
}
