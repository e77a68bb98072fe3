import { expect, type Page, test } from '@playwright/test';
import { builtChunk, demo, expectNoSeriousA11yViolations, signIn } from './support';

/**
 * Holds the app's entry script until `release()`: the page shows what index.html paints alone.
 * (A module script delays DOMContentLoaded, so the tests navigate with waitUntil 'commit'.)
 */
async function holdTheApp(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**${builtChunk('index.html')}`, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The markup of a sign-in screen, without what differs by design (generated ids). */
function normalized(html: string): string {
  return html.replace(/ (?:id|for)="[^"]*"/g, '').replace(/ value=""/g, '');
}

test('/login paints its sign-in screen before any of the app runs, at 375 and 1440 px', async ({ page }) => {
  await holdTheApp(page);
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: 'ログイン', level: 1 })).toBeVisible();
    await expect(page.getByLabel('メールアドレス')).toBeVisible();
    await expect(page.getByLabel('パスワード')).toBeVisible();
    await expect(page.getByRole('button', { name: 'ログイン', exact: true })).toBeVisible();
    await page.screenshot({ path: `test-results/screens/login-static-${width}.png`, fullPage: true });
  }
  await expectNoSeriousA11yViolations(page, 'static /login');
});

test('the static screen is the app’s own markup, and the app replaces it without a second form', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.locator('#boot')).toHaveCount(0);
  await expect(page.locator('form')).toHaveCount(1);
  const app = await page.locator('#root main').evaluate((main) => main.outerHTML);

  const indexHtml = await (await page.request.get('/login')).text();
  const copy = indexHtml.slice(indexHtml.indexOf('<main'), indexHtml.indexOf('</main>') + '</main>'.length);
  expect(normalized(copy)).toBe(normalized(app));
});

test('what is typed and sent before the app runs signs in once it does', async ({ page }) => {
  const release = await holdTheApp(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('メールアドレス').fill(demo.sakuraAdmin.email);
  await page.getByLabel('パスワード').fill(demo.password);
  await page.getByLabel('パスワード').press('Enter');
  // Held, not sent as a plain form (which would put the password in the address).
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'ログイン', exact: true })).toHaveAttribute(
    'aria-busy',
    'true',
  );

  release();
  await expect(page.getByRole('heading', { name: 'ダッシュボード' })).toBeVisible();
  expect(page.url()).not.toContain('password');
});

test('typed text and focus carry over to the app’s screen', async ({ page }) => {
  const release = await holdTheApp(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('メールアドレス').fill('someone@example.jp');
  await page.getByLabel('パスワード').focus();

  release();
  await expect(page.locator('#boot')).toHaveCount(0);
  await expect(page.getByLabel('メールアドレス')).toHaveValue('someone@example.jp');
  await expect(page.getByLabel('パスワード')).toBeFocused();
  await page.keyboard.type('typed-after');
  await expect(page.getByLabel('パスワード')).toHaveValue('typed-after');
});

test('signed in, / paints the app’s frame and the dashboard’s heading before any of the app runs; the app takes over without a shift', async ({
  browser,
}) => {
  for (const width of [375, 1440]) {
    // No service worker: it would answer the held entry from its cache.
    const context = await browser.newContext({
      viewport: { width, height: width === 375 ? 812 : 900 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await signIn(page);

    const release = await holdTheApp(page);
    await page.goto('/', { waitUntil: 'commit' });
    const shell = page.locator('#boot-shell');
    await expect(shell.getByText('ダッシュボード', { exact: true })).toBeVisible();
    await expect(page.locator('#root')).toBeHidden();
    // Placeholders where the user's data goes: nothing personal is in a static page.
    await expect(shell).not.toContainText(demo.sakuraAdmin.email);
    await page.screenshot({ path: `test-results/screens/home-static-${width}.png` });
    await page.evaluate(() => {
      const shifts = { total: 0 };
      Object.assign(window, { shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
          shifts.total += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });

    release();
    await expect(page.getByRole('heading', { name: 'ダッシュボード', level: 1 })).toBeVisible();
    await expect(page.getByRole('group', { name: '顧客数' }).getByText(/^[\d,]+$/)).toBeVisible();
    await expect(shell).toHaveCount(0);
    const shifted = await page.evaluate(
      () => (window as unknown as { shifts: { total: number } }).shifts.total,
    );
    expect(shifted).toBeLessThan(0.01);
    if (width === 375) {
      // The largest paint is the heading painted before any script: nothing the dashboard shows
      // later on a phone is larger (what Lighthouse's mobile run measures as LCP).
      const sizes = await page.evaluate(
        () =>
          new Promise<number[]>((resolve) => {
            new PerformanceObserver((list) =>
              resolve(list.getEntries().map((entry) => (entry as PerformanceEntry & { size: number }).size)),
            ).observe({ type: 'largest-contentful-paint', buffered: true });
          }),
      );
      expect(sizes).toHaveLength(1);
    }
    await page.screenshot({ path: `test-results/screens/home-loaded-${width}.png` });
    await expectNoSeriousA11yViolations(page, `/ at ${width} px`);

    // Any other screen paints from the app alone.
    await page.goto('/customers', { waitUntil: 'commit' });
    await expect(page.locator('#boot-shell')).toHaveCount(0);
    await context.close();
  }
});
