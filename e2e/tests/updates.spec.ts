import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { type BrowserContext, expect, type Page, type Route, test } from '@playwright/test';
import { demo, signIn } from './support';

// The service worker of the production build (packages/app/src/updates/): a deployment announced
// to a page that was open before it, and the app opening offline. The server serves a copy of
// packages/app/dist (global-setup.ts), into which the first test deploys a new version and from
// which it removes it again.

// The other specs run without it (playwright.config.ts); these are about it.
test.use({ serviceWorkers: 'allow' });

const appDir = () => {
  const dir = process.env.TSUMIKI_E2E_APP_DIR;
  if (!dir) throw new Error('TSUMIKI_E2E_APP_DIR is not set (e2e/global-setup.ts)');
  return dir;
};

const UPDATE_TITLE = '新しいバージョンがあります';

/**
 * Waits until the service worker has installed (the shell is precached) and controls the page.
 * (Polled with evaluate: `waitForFunction` takes an async predicate's promise itself as truthy.)
 */
async function waitForServiceWorker(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return registration?.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
        }),
      { timeout: 30_000 },
    )
    .toBe(true);
}

const buildId = (page: Page) => page.locator('meta[name="tsumiki-build"]').getAttribute('content');

/** What the app asks the server when the tab becomes visible again (updates/register.ts). */
async function tabBecomesVisible(page: Page) {
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
}

const DEPLOYED_FILES = ['index.html', 'sw.js'].flatMap((file) => [file, `${file}.br`, `${file}.gz`]);

/**
 * Deploys a new version into the served copy of the build, as a rebuild would: index.html with
 * another build id, and the service worker whose precache list names the new index.html's
 * revision (the worker script changes, so browsers install it). Returns how to put the old build back.
 */
async function deployNewVersion(): Promise<{ id: string; restore: () => Promise<void> }> {
  const dir = appDir();
  const saved = new Map<string, Buffer>();
  for (const file of DEPLOYED_FILES) saved.set(file, await readFile(join(dir, file)));
  const restore = async () => {
    for (const [file, content] of saved) await writeFile(join(dir, file), content);
  };
  try {
    const html = String(saved.get('index.html'));
    const oldId = /<meta name="tsumiki-build" content="([^"]+)"/.exec(html)?.[1];
    if (!oldId) throw new Error('index.html has no tsumiki-build meta');
    const id = `${oldId}-next`;
    const nextHtml = html.replace(`content="${oldId}"`, `content="${id}"`);
    const revision = createHash('md5').update(nextHtml).digest('hex');
    const worker = String(saved.get('sw.js'));
    const nextWorker = worker.replace(
      /\{"revision":"[0-9a-f]+","url":"index\.html"\}/,
      `{"revision":"${revision}","url":"index.html"}`,
    );
    if (nextWorker === worker) throw new Error('sw.js: no precache entry for index.html');
    for (const [file, content] of [
      ['index.html', nextHtml],
      ['sw.js', nextWorker],
    ] as const) {
      await writeFile(join(dir, file), content);
      await writeFile(join(dir, `${file}.br`), brotliCompressSync(content));
      await writeFile(join(dir, `${file}.gz`), gzipSync(content));
    }
    return { id, restore };
  } catch (error) {
    await restore();
    throw error;
  }
}

test('a page open before a deployment offers the new version; 更新する reloads into it', async ({ page }) => {
  await signIn(page);
  await waitForServiceWorker(page);
  const oldId = await buildId(page);
  expect(oldId).toMatch(/^[0-9a-f]{12}$/);
  const banner = page.getByRole('status').filter({ hasText: UPDATE_TITLE });

  // Nothing new on the server: a check offers nothing.
  await tabBecomesVisible(page);
  await page.waitForTimeout(1000);
  await expect(banner).toHaveCount(0);

  const deployed = await deployNewVersion();
  try {
    await tabBecomesVisible(page);
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('入力中の内容は先に保存してください');
    await page.screenshot({ path: 'test-results/screens/update-banner-1440.png' });
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(banner).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: 'test-results/screens/update-banner-375.png' });
    await page.setViewportSize({ width: 1440, height: 900 });

    // あとで keeps this version; the waiting one is offered again on the next load.
    await banner.getByRole('button', { name: 'あとで' }).click();
    await expect(banner).toHaveCount(0);
    await tabBecomesVisible(page);
    await page.waitForTimeout(500);
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'ダッシュボード' })).toBeVisible();
    expect(await buildId(page)).toBe(oldId);
    await expect(banner).toBeVisible();

    // Keyboard only: Tab reaches the banner's buttons (it comes last on the page).
    const accept = banner.getByRole('button', { name: '更新する' });
    await accept.focus();
    await expect(accept).toBeFocused();
    const reloaded = page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame());
    await page.keyboard.press('Enter');
    await reloaded;
    await expect(page.getByRole('heading', { name: 'ダッシュボード' })).toBeVisible();
    expect(await buildId(page)).toBe(deployed.id);
    await expect(banner).toHaveCount(0);
    // The new worker controls the page and answers from the new version's cache.
    const controlled = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        waiting: registration?.waiting !== null,
        controller: navigator.serviceWorker.controller?.state,
      };
    });
    expect(controlled).toEqual({ waiting: false, controller: 'activated' });
  } finally {
    await deployed.restore();
  }
});

test('the update banner is offered on /login too', async ({ page }) => {
  await page.goto('/login');
  await waitForServiceWorker(page);
  const deployed = await deployNewVersion();
  try {
    await tabBecomesVisible(page);
    const banner = page.getByRole('status').filter({ hasText: UPDATE_TITLE });
    await expect(banner).toBeVisible();
    await expect(page.getByRole('heading', { name: 'ログイン' })).toBeVisible();
    await banner.getByRole('button', { name: '更新する' }).click();
    await expect.poll(() => buildId(page)).toBe(deployed.id);
    await expect(page.getByLabel('メールアドレス')).toBeVisible();
  } finally {
    await deployed.restore();
  }
});

async function expectOfflineShell(page: Page) {
  await expect(page.getByRole('heading', { name: 'インターネットの接続を待っています' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'オフラインです' })).toBeVisible();
  await expect(page.getByText(demo.sakuraAdmin.email).first()).toBeAttached();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Signed in, the service worker in control, and /customers open: what a reload starts from. */
async function openCustomersUnderServiceWorker(page: Page) {
  await signIn(page);
  await waitForServiceWorker(page);
  await page.goto('/customers');
  await expect(page.getByRole('heading', { name: '顧客管理' })).toBeVisible();
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await page.reload();
}

test('reloaded offline, a signed-in page opens the layout with the offline bar, and goes on when the connection returns', async ({
  page,
  context,
}) => {
  await openCustomersUnderServiceWorker(page);

  await goOffline(context, page);
  await expectOfflineShell(page);
  await expect(page).toHaveURL(/\/customers$/);
  await expect(page.getByRole('navigation').getByRole('link', { name: '顧客管理' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/offline-shell-1440.png' });
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('heading', { name: 'インターネットの接続を待っています' })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: 'test-results/screens/offline-shell-375.png' });
  await page.setViewportSize({ width: 1440, height: 900 });

  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: '顧客管理' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'オフラインです' })).toHaveCount(0);
});

test('on a network that is up but cannot reach the server, a reload waits in the offline shell and goes on by itself', async ({
  page,
  context,
}) => {
  // As in a clinic whose router is up but whose line is down: the browser says it is online
  // (no `offline` event, navigator.onLine true) while every request to the server gets no answer.
  await openCustomersUnderServiceWorker(page);

  const noAnswer = (route: Route) => route.abort('addressunreachable');
  await context.route(/\/(api|auth\/v1)\//, noAnswer);
  await page.reload();
  await expectOfflineShell(page);
  await expect(page).toHaveURL(/\/customers$/);
  // Nothing announces the line coming back: the shell asks the server every 5 s by itself.
  await context.unroute(/\/(api|auth\/v1)\//, noAnswer);
  await expect(page.getByRole('heading', { name: '顧客管理' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('alert').filter({ hasText: 'オフラインです' })).toHaveCount(0);
});

/**
 * Runs the page's clock (installed with `page.clock.install()`) ahead in steps until `done` settles:
 * the auth client's retries and hold-offs are timers, so a minute of them takes a few seconds here.
 * Real time passes between the steps, for the work those timers start (fetches, renders).
 */
async function runClockUntil(page: Page, done: Promise<unknown>, limitMs: number) {
  let settled = false;
  const watched = done.finally(() => {
    settled = true;
  });
  for (let ran = 0; !settled && ran < limitMs; ran += 1_000) {
    await page.clock.runFor(1_000);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return watched;
}

test('an access token that expired while offline does not sign the user out', async ({ page, context }) => {
  // The auth client retries the refresh for about 30 s of its clock before it reports no session,
  // and after a failed refresh holds off for a minute before it tries again: the page's clock is run
  // ahead through those waits instead of waiting them out.
  test.setTimeout(120_000);
  await page.clock.install();
  await signIn(page);
  await waitForServiceWorker(page);
  // As after a long offline period: the stored access token is past its expiry, so the auth client
  // has to refresh it, which it cannot do offline.
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('tsumiki-auth') ?? 'null');
    stored.expires_at = Math.floor(Date.now() / 1000) - 60;
    localStorage.setItem('tsumiki-auth', JSON.stringify(stored));
  });

  // The auth client warns once it has given up refreshing and reports no session.
  const gaveUp = page.waitForEvent('console', {
    predicate: (message) => message.type() === 'warning' && /AuthRetryableFetchError/.test(message.text()),
    timeout: 60_000,
  });
  await context.setOffline(true);
  await page.reload();
  // That the loader does not hold this for its 3 s (a refresh of the token cannot happen offline)
  // is app/prefetch.test.ts's to show, on a fake clock: a wall-clock bound here failed on a busy
  // machine.
  await expectOfflineShell(page);
  await runClockUntil(page, gaveUp, 60_000);
  await page.clock.runFor(500);
  await expectOfflineShell(page);

  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: '再接続しています' })).toBeVisible();
  const dashboard = page.getByRole('heading', { name: 'ダッシュボード' });
  await runClockUntil(page, dashboard.waitFor({ timeout: 60_000 }), 90_000);
  await expect(dashboard).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});
