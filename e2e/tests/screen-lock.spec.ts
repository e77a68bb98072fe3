import { expect, test } from '@playwright/test';
import { demo, expectNoSeriousA11yViolations } from './support';
import { accessToken, asOwner, baseURL, shot, submitPassword } from './two-factor-support';

/**
 * The screen lock: with the tenant's time set to one minute through the settings API, a minute
 * without input on a customer's page (the page's clock fast-forwarded) locks the screen; the DOM
 * then holds no trace of the customer, the lock survives a reload, and the password unlocks it
 * back onto the same page. The time goes back to the default at the end.
 */
async function setLockMinutes(token: string, minutes: number) {
  const response = await fetch(`${baseURL()}/api/tenant-settings/security`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ screen_lock_minutes: minutes }),
  });
  expect(response.status).toBe(200);
}

test.afterAll(async () => {
  await setLockMinutes(await accessToken(demo.sakuraAdmin.email), 10);
});

test('a minute without input locks the screen, a reload keeps it locked, the password unlocks it', async ({
  browser,
}) => {
  await setLockMinutes(await accessToken(demo.sakuraAdmin.email), 1);
  const [customer] = await asOwner<{ id: string; last_name: string; first_name: string }>(
    `select c.id, c.last_name, c.first_name from customers c
       join tenant_users tu on tu.tenant_id = c.tenant_id join users u on u.id = tu.user_id
      where u.email = $1 and c.deleted_at is null order by c.created_at limit 1`,
    [demo.sakuraAdmin.email],
  );
  if (!customer) throw new Error('no demo customer');
  const fullName = `${customer.last_name} ${customer.first_name}`;

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.clock.install();
  await submitPassword(page, demo.sakuraAdmin.email, demo.password);
  await expect(page.getByRole('heading', { name: 'ダッシュボード' })).toBeVisible();
  await page.goto(`/customers/${customer.id}`);
  await expect(page.getByText(fullName).first()).toBeVisible();
  await expect(page.locator('html[data-screen-lock-minutes="1"]')).toBeAttached();

  // Less than the minute: still open. Then the minute passes without input: locked.
  await page.clock.fastForward('00:30');
  await expect(page.getByRole('heading', { name: '画面をロックしました' })).toHaveCount(0);
  await page.clock.fastForward('00:35');
  const lockHeading = page.getByRole('heading', { name: '画面をロックしました' });
  await expect(lockHeading).toBeVisible();
  await expect(page.getByText(demo.sakuraAdmin.email)).toBeVisible();
  const html = await page.content();
  expect(html).not.toContain(customer.last_name + customer.first_name);
  expect(html).not.toContain(fullName);
  expect(html).not.toContain(customer.id);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'lock screen 1440');
  await page.screenshot({ path: shot('lock-screen-1440') });

  // A reload finds the lock (and fetches nothing of the customer for the screen nobody may see).
  await page.reload();
  await expect(lockHeading).toBeVisible();
  expect(await page.content()).not.toContain(fullName);
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSeriousA11yViolations(page, 'lock screen 375');
  await page.screenshot({ path: shot('lock-screen-375') });

  // A wrong password keeps it locked; the right one returns to the page.
  await page.getByLabel(/^パスワード(必須)?$/).fill('wrong-password-1');
  await page.getByRole('button', { name: 'ロックを解除' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /パスワード/ })).toBeVisible();
  await expect(lockHeading).toBeVisible();
  await page.getByLabel(/^パスワード(必須)?$/).fill(demo.password);
  await page.getByRole('button', { name: 'ロックを解除' }).click();
  await expect(lockHeading).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/customers/${customer.id}$`));
  await expect(page.getByText(fullName).first()).toBeVisible();
  await context.close();
});

test('another person signs out from the lock screen', async ({ browser }) => {
  await setLockMinutes(await accessToken(demo.sakuraAdmin.email), 1);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.clock.install();
  await submitPassword(page, demo.sakuraAdmin.email, demo.password);
  await expect(page.getByRole('heading', { name: 'ダッシュボード' })).toBeVisible();
  await expect(page.locator('html[data-screen-lock-minutes="1"]')).toBeAttached();
  await page.clock.fastForward('01:05');
  await page.getByRole('button', { name: '別のユーザーでログイン（ログアウト）' }).click();
  await expect(page.getByRole('heading', { name: 'ログイン' })).toBeVisible();
  // Signing in again starts unlocked.
  await submitPassword(page, demo.sakuraAdmin.email, demo.password);
  await expect(page.getByRole('heading', { name: 'ダッシュボード' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '画面をロックしました' })).toHaveCount(0);
  await context.close();
});
