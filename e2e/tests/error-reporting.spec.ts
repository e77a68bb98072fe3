import { expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { builtChunk, demo, expectNoSeriousA11yViolations, signIn } from './support';

// The service worker would answer the chunk requests from its cache, out of page.route's reach.
test.use({ serviceWorkers: 'block' });

interface QueuedReport {
  submission: {
    error: { id: string; type: string; severity: string; tags?: string[]; context?: Record<string, unknown> };
    reportedBy: string | null;
  };
  tenantId: string | null;
}

function errorQueue(page: Page): Promise<QueuedReport[]> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('errorQueue') ?? '[]'));
}

/** The stored rows of a report id, tenants' and nobody's, read as the database's owner (past RLS). */
async function storedReports(reportId: string) {
  const client = new pg.Client({ connectionString: process.env.TSUMIKI_E2E_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{
      type: string;
      severity: string;
      user_impact: string;
      tags: string[];
      context: Record<string, unknown>;
      user_email: string | null;
      tenant_name: string | null;
    }>(
      `select r.type, r.severity, r.user_impact, r.tags, r.context, u.email as user_email, t.name as tenant_name
         from (select tenant_id, user_id, report_id, type, severity, user_impact, tags, context
                 from client_error_reports
               union all
               select null, user_id, report_id, type, severity, user_impact, tags, context
                 from client_error_reports_unscoped) r
         left join users u on u.id = r.user_id
         left join tenants t on t.id = r.tenant_id
        where r.report_id = $1`,
      [reportId],
    );
    return rows;
  } finally {
    await client.end();
  }
}

test('a render crash while offline: crash screen, kept across a reload, stored once back online', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  // A fault from outside the product: once the test sets the flag, a built-in the customer list
  // calls while it renders (its page number, its total) throws, as a broken browser API would. The
  // crash screen itself does not call it.
  await page.addInitScript(() => {
    const original = Number.isSafeInteger;
    Number.isSafeInteger = (value: unknown) => {
      const flagged = (window as { __e2eFault?: boolean }).__e2eFault === true;
      if (flagged && location.pathname.startsWith('/customers')) {
        throw new TypeError('e2e: Number.isSafeInteger is broken');
      }
      return original(value);
    };
  });

  await signIn(page);
  // The customer list once, so that its chunk and data are in the page.
  await page.getByRole('link', { name: '顧客一覧を開く' }).click();
  await expect(page.getByTestId('customer-total')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'ダッシュボード' })).toBeVisible();
  // The reporter and the crash screen arrive once the first screen is idle.
  const lazyParts = [builtChunk('src/errors/error-reporter.ts'), builtChunk('src/errors/crash-view.tsx')];
  await page.waitForFunction((parts) => {
    const names = performance.getEntriesByType('resource').map((entry) => entry.name);
    return parts.every((part) => names.some((name) => name.endsWith(part)));
  }, lazyParts);

  await context.setOffline(true);
  await page.evaluate(() => {
    (window as { __e2eFault?: boolean }).__e2eFault = true;
  });
  await page.goForward();

  const crash = page.locator('[data-slot="crash-screen"]');
  await expect(crash.getByRole('heading', { level: 1, name: 'アプリケーションエラー' })).toBeVisible();
  await expect(crash.getByText('CRITICAL', { exact: true })).toBeVisible();
  await expect(crash.getByRole('button', { name: '再読み込み' })).toBeVisible();
  const errorId = (await crash.locator('[data-slot="crash-screen-error-id"]').textContent())?.trim() ?? '';
  expect(errorId).not.toBe('');
  await expectNoSeriousA11yViolations(page, 'crash');
  await page.screenshot({ path: testInfo.outputPath('crash-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: testInfo.outputPath('crash-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Offline: the report waits in localStorage, as a critical, blocking render crash of this user.
  await expect
    .poll(async () => (await errorQueue(page)).map((item) => item.submission.error.id))
    .toContain(errorId);
  const [queued] = (await errorQueue(page)).filter((item) => item.submission.error.id === errorId);
  expect(queued?.submission.error).toMatchObject({ type: 'TypeError', severity: 'critical' });
  expect(queued?.submission.error.tags).toEqual(expect.arrayContaining(['render', 'crash']));
  expect(queued?.submission.error.context).toMatchObject({ online: false, path: '/customers' });
  expect(queued?.submission.reportedBy).not.toBeNull();
  expect(queued?.tenantId).not.toBeNull();
  expect(await storedReports(errorId)).toEqual([]);

  // A reload while the report endpoints are still out of reach: nothing is lost.
  let refused = 0;
  await page.route('**/api/errors/report**', (route) => {
    refused += 1;
    return route.abort('internetdisconnected');
  });
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByTestId('customer-total')).toBeVisible();
  await expect.poll(() => refused, { timeout: 20_000 }).toBeGreaterThan(0);
  expect((await errorQueue(page)).map((item) => item.submission.error.id)).toContain(errorId);
  expect(await storedReports(errorId)).toEqual([]);

  // The connection is back: the queue is sent, the report is in the database, the queue empties.
  await page.unroute('**/api/errors/report**');
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
  await context.setOffline(false);
  await expect.poll(async () => (await storedReports(errorId)).length, { timeout: 20_000 }).toBe(1);
  const [stored] = await storedReports(errorId);
  expect(stored).toMatchObject({
    type: 'TypeError',
    severity: 'critical',
    user_impact: 'blocking',
    user_email: demo.sakuraAdmin.email,
    tenant_name: 'さくら内科クリニック',
  });
  expect(stored?.tags).toEqual(expect.arrayContaining(['render', 'crash']));
  expect(stored?.context).toMatchObject({ online: false, path: '/customers' });
  await expect.poll(async () => (await errorQueue(page)).length).toBe(0);
  expect(await page.evaluate(() => localStorage.getItem('errorQueue'))).toBeNull();
});

test('a route chunk a deployment removed: an offer to reload, not a crash', async ({ page }, testInfo) => {
  let blocked = true;
  const customersRoute = builtChunk('src/routes/customers/customers-route.tsx');
  await page.route(`**${customersRoute}`, (route) =>
    blocked ? route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' }) : route.fallback(),
  );
  await signIn(page);
  await page.getByRole('link', { name: '顧客一覧を開く' }).click();

  const offer = page.locator('[data-slot="chunk-reload"]');
  await expect(
    offer.getByRole('heading', { level: 1, name: '新しいバージョンが公開されました' }),
  ).toBeVisible();
  await expect(page.getByText('アプリケーションエラー')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'crash');
  await page.screenshot({ path: testInfo.outputPath('chunk-reload-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: testInfo.outputPath('chunk-reload-375.png'), fullPage: true });

  // Reported as a ChunkLoadError of medium severity (queued for the next batch, not sent at once).
  await expect
    .poll(async () =>
      (await errorQueue(page)).map((item) => [item.submission.error.type, item.submission.error.severity]),
    )
    .toContainEqual(['ChunkLoadError', 'medium']);

  // The reload offer, from the keyboard: the new version opens the screen.
  blocked = false;
  await page.getByRole('button', { name: '再読み込み' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: '顧客管理', level: 1 })).toBeVisible();
});
