import { expect, test } from '@playwright/test';
import { demo, expectNoSeriousA11yViolations, signInAs } from './support';

/**
 * The access log (操作ログ): the staff user opens a customer; the administrator follows the
 * customer page's 「この顧客の閲覧・操作履歴」 to /audit-log filtered by that customer and sees the
 * staff user's read there, runs the chain check, and the screen works at 375 px by keyboard.
 */

const SHOTS = process.env.TSUMIKI_AUDIT_SHOTS_DIR;

test('a customer opened by staff appears in the admin’s access log for that customer', async ({
  browser,
}) => {
  const staff = await signInAs(browser, demo.sakuraStaff.email, { width: 1440, height: 900 });
  await staff.goto('/customers');
  const firstLink = staff.getByRole('table', { name: '顧客一覧' }).getByRole('link').first();
  const customerName = (await firstLink.textContent())?.trim() ?? '';
  expect(customerName).not.toBe('');
  await firstLink.click();
  await expect(staff.getByRole('heading', { name: '基本情報' })).toBeVisible();
  const customerUrl = staff.url();
  // Staff has no audit.read: no link to the log, and no sidebar item.
  await expect(staff.getByRole('link', { name: 'この顧客の閲覧・操作履歴' })).toHaveCount(0);
  await expect(staff.getByRole('link', { name: '操作ログ' })).toHaveCount(0);

  const admin = await signInAs(browser, demo.sakuraAdmin.email, { width: 1440, height: 900 });
  await admin.goto(customerUrl);
  await admin.getByRole('link', { name: 'この顧客の閲覧・操作履歴' }).click();
  await expect(admin.getByRole('heading', { name: '操作ログ', level: 1 })).toBeVisible();
  await expect(admin).toHaveURL(/\/audit-log\?customer=/);
  const table = admin.getByRole('table', { name: '操作ログ' });
  const staffRead = table
    .getByRole('row')
    .filter({ hasText: '田中 健太' })
    .filter({ hasText: '顧客情報の閲覧' });
  await expect(staffRead.first()).toBeVisible();
  await expect(staffRead.first().getByRole('link', { name: customerName })).toBeVisible();
  await expect(admin.getByTestId('audit-log-customer')).toContainText(customerName);

  // Filtering by action keeps only that action.
  await admin.getByLabel('操作の種類').selectOption({ label: '顧客情報の閲覧' });
  await expect(admin).toHaveURL(/action=customer\.read/);
  await expect(table.getByRole('row').filter({ hasText: '顧客情報の更新' })).toHaveCount(0);

  await admin.getByRole('button', { name: '改ざんチェック' }).click();
  await expect(admin.getByTestId('audit-verify-result')).toContainText('改ざんは見つかりませんでした');
  await expectNoSeriousA11yViolations(admin, '/audit-log 1440');
  if (SHOTS) await admin.screenshot({ path: `${SHOTS}/audit-log-1440.png`, fullPage: true });
});

test('/audit-log at 375 px: filters and rows reachable by keyboard, no serious a11y violations', async ({
  browser,
}) => {
  const admin = await signInAs(browser, demo.sakuraAdmin.email, { width: 375, height: 812 });
  await admin.goto('/audit-log');
  await expect(admin.getByRole('heading', { name: '操作ログ', level: 1 })).toBeVisible();
  const table = admin.getByRole('table', { name: '操作ログ' });
  await expect(table.getByRole('row').filter({ hasText: 'ログイン' }).first()).toBeVisible();
  // No horizontal scrolling of the page itself.
  const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // Keyboard: Tab reaches the chain check, Enter runs it.
  const check = admin.getByRole('button', { name: '改ざんチェック' });
  for (let i = 0; i < 40 && !(await check.evaluate((el) => el === document.activeElement)); i += 1) {
    await admin.keyboard.press('Tab');
  }
  await expect(check).toBeFocused();
  await admin.keyboard.press('Enter');
  await expect(admin.getByTestId('audit-verify-result')).toBeVisible();
  await expectNoSeriousA11yViolations(admin, '/audit-log 375');
  if (SHOTS) await admin.screenshot({ path: `${SHOTS}/audit-log-375.png`, fullPage: true });
});
