import { expect, test } from '@playwright/test';
import { demo, expectNoSeriousA11yViolations } from './support';
import {
  accessToken,
  addMember,
  asOwner,
  enrolShownFactor,
  shot,
  shownRecoveryCodes,
  submitPassword,
  tenantIdOf,
  totpCode,
} from './two-factor-support';

/**
 * Two-factor sign-in: an administrator enrols an authenticator app on /profile (the test computes
 * the codes from the key the screen shows, as the app would), requires it of everyone on
 * /settings, and a staff member is led to enrol at the next sign-in; a wrong code is refused in
 * Japanese; a recovery code works once. It runs in みどり歯科 with two accounts of its own, and
 * puts the tenant's policy back to 不要 at the end, so the demo logins of the other specs are as before.
 */
const stamp = Date.now().toString(36);
const password = 'mfa-e2e-password-2026';
const admin = {
  email: `mfa-admin-${stamp}@midori-dental.example`,
  fullName: '二段 管理',
  role: 'admin' as const,
  password,
};
const staff = {
  email: `mfa-staff-${stamp}@midori-dental.example`,
  fullName: '二段 受付',
  role: 'staff' as const,
  password,
};
let tenantId = '';

test.beforeAll(async () => {
  const token = await accessToken(demo.midoriAdmin.email);
  tenantId = await tenantIdOf(token);
  await addMember(token, tenantId, admin);
  await addMember(token, tenantId, staff);
});

test.afterAll(async () => {
  if (tenantId) {
    await asOwner(`update tenants set mfa_policy = 'off', screen_lock_minutes = 10 where id = $1`, [
      tenantId,
    ]);
  }
});

test('enrol on /profile, require it of everyone, enrol at sign-in, wrong code, recovery code once', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // ── The administrator enrols on /profile ────────────────────────────────────────────────
  const adminContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await adminContext.newPage();
  await submitPassword(page, admin.email, admin.password);
  await expect(page.getByRole('heading', { name: 'ダッシュボード' })).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByText('認証アプリは登録されていません。')).toBeVisible();
  await page.getByRole('button', { name: '認証アプリを登録' }).click();
  await expect(page.getByRole('img', { name: '認証アプリで読み取る二段階認証の QR コード' })).toBeVisible();
  await expect(page.getByLabel('確認コード')).toHaveAttribute('autocomplete', 'one-time-code');
  await expectNoSeriousA11yViolations(page, '/profile enrolment');
  await page
    .getByRole('img', { name: '認証アプリで読み取る二段階認証の QR コード' })
    .evaluate((image) => image.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: shot('enrolment-profile-1440') });
  const adminSecret = await enrolShownFactor(page);
  const codes = await shownRecoveryCodes(page);
  await expect(page.getByRole('list', { name: '登録済みの認証アプリ' }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: '保存しました' }).click();
  await expect(page.getByRole('list', { name: 'リカバリーコードの一覧' })).toHaveCount(0);

  // ── …and requires two-factor of everyone ────────────────────────────────────────────────
  await page.goto('/settings');
  const security = page.getByTestId('security-settings');
  await security.getByLabel('二段階認証').selectOption({ label: '全員必須' });
  await security.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('セキュリティの設定を保存しました', { exact: true })).toBeVisible();
  await adminContext.close();

  // ── The staff member is led to enrol right after the password ───────────────────────────
  // (The screen lock is set to a minute for the last part: a lock that asks for the code too.)
  await asOwner('update tenants set screen_lock_minutes = 1 where id = $1', [tenantId]);
  const staffContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const staffPage = await staffContext.newPage();
  await staffPage.clock.install();
  await submitPassword(staffPage, staff.email, staff.password);
  await expect(staffPage.getByRole('heading', { name: '二段階認証の登録' })).toBeVisible();
  await expect(staffPage.getByText('二段階認証の登録が必要です')).toBeVisible();
  // Nothing else of the app: no navigation, and an address of the app shows the same step.
  await expect(staffPage.getByRole('navigation')).toHaveCount(0);
  await expect(staffPage.getByRole('button', { name: 'ログアウト' })).toBeVisible();
  await expect(
    staffPage.getByRole('img', { name: '認証アプリで読み取る二段階認証の QR コード' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(staffPage, 'enrolment at sign-in 375');
  await staffPage.screenshot({ path: shot('enrolment-required-375'), fullPage: true });
  await staffPage.goto('/customers');
  await expect(staffPage.getByRole('heading', { name: '二段階認証の登録' })).toBeVisible();
  const staffSecret = await enrolShownFactor(staffPage);
  await shownRecoveryCodes(staffPage);
  await expectNoSeriousA11yViolations(staffPage, 'recovery codes 375');
  await staffPage.screenshot({ path: shot('recovery-codes-375'), fullPage: true });
  await staffPage.getByRole('button', { name: '保存しました' }).click();
  await expect(staffPage.getByRole('heading', { name: '顧客管理' })).toBeVisible();

  // ── A person with a second factor unlocks the screen with the password and a code ─────────
  await expect(staffPage.locator('html[data-screen-lock-minutes="1"]')).toBeAttached();
  await staffPage.clock.fastForward('01:05');
  await expect(staffPage.getByRole('heading', { name: '画面をロックしました' })).toBeVisible();
  await staffPage.getByLabel(/^パスワード(必須)?$/).fill(staff.password);
  // The next step's code: the one just used for enrolment is not taken twice.
  await staffPage.getByLabel('確認コード').fill(totpCode(staffSecret, 1));
  await staffPage.screenshot({ path: shot('lock-screen-code-375') });
  await staffPage.getByRole('button', { name: 'ロックを解除' }).click();
  await expect(staffPage.getByRole('heading', { name: '顧客管理' })).toBeVisible();
  await staffContext.close();

  // ── The administrator signs in again: the code; a wrong one is refused in Japanese ─────────
  const again = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const second = await again.newPage();
  await submitPassword(second, admin.email, admin.password);
  await expect(second.getByRole('heading', { name: '確認コードの入力' })).toBeVisible();
  await expectNoSeriousA11yViolations(second, 'code prompt 1440');
  await second.screenshot({ path: shot('code-prompt-1440'), fullPage: true });
  const codeInput = second.getByLabel('確認コード');
  await codeInput.fill('000000');
  await second.getByRole('button', { name: '確認', exact: true }).click();
  await expect(second.getByText('コードが正しくありません。', { exact: false }).first()).toBeVisible();
  await expect(codeInput).toBeFocused();
  await expect(codeInput).toHaveValue('');
  await second.screenshot({ path: shot('code-prompt-wrong-1440'), fullPage: true });

  // ── …a recovery code works, once ────────────────────────────────────────────────────────
  await second.getByRole('button', { name: 'リカバリーコードを使う' }).click();
  await second.getByLabel('リカバリーコード').fill(codes[0] as string);
  await second.getByRole('button', { name: '確認', exact: true }).click();
  await expect(second.getByRole('heading', { name: 'ダッシュボード' })).toBeVisible();
  await again.close();

  const third = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const thirdPage = await third.newPage();
  await submitPassword(thirdPage, admin.email, admin.password);
  await expect(thirdPage.getByRole('heading', { name: '確認コードの入力' })).toBeVisible();
  await thirdPage.screenshot({ path: shot('code-prompt-375'), fullPage: true });
  await thirdPage.getByRole('button', { name: 'リカバリーコードを使う' }).click();
  await thirdPage.getByLabel('リカバリーコード').fill(codes[0] as string);
  await thirdPage.getByRole('button', { name: '確認', exact: true }).click();
  await expect(
    thirdPage
      .getByRole('alert')
      .filter({ hasText: /リカバリーコード|コード/ })
      .first(),
  ).toBeAttached();
  await expect(thirdPage.getByRole('heading', { name: 'ダッシュボード' })).toHaveCount(0);
  await expect(thirdPage.getByLabel('リカバリーコード')).toBeFocused();
  await third.close();

  // ── The administrator resets the staff member's two-factor: they enrol again ───────────────
  const fourth = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const adminPage = await fourth.newPage();
  await submitPassword(adminPage, admin.email, admin.password);
  await expect(adminPage.getByRole('heading', { name: '確認コードの入力' })).toBeVisible();
  // The next step's code: the enrolment's step is taken.
  await adminPage.getByLabel('確認コード').fill(totpCode(adminSecret, 1));
  await adminPage.getByRole('button', { name: '確認', exact: true }).click();
  await expect(adminPage.getByRole('heading', { name: 'ダッシュボード' })).toBeVisible();
  await adminPage.goto(`/tenant-users?q=${encodeURIComponent(stamp)}`);
  // Not offered for oneself (that goes through /profile, after the code).
  await expect(
    adminPage.getByRole('button', { name: `${staff.fullName}の二段階認証をリセット` }),
  ).toBeVisible();
  await expect(
    adminPage.getByRole('button', { name: `${admin.fullName}の二段階認証をリセット` }),
  ).toHaveCount(0);
  await adminPage.getByRole('button', { name: `${staff.fullName}の二段階認証をリセット` }).click();
  const dialog = adminPage.getByRole('alertdialog').or(adminPage.getByRole('dialog'));
  await expect(dialog).toContainText('二段階認証をリセットしますか？');
  await dialog.getByRole('button', { name: 'リセット' }).click();
  await expect(adminPage.getByText('二段階認証をリセットしました', { exact: true })).toBeVisible();
  await fourth.close();

  const fifth = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const staffAgain = await fifth.newPage();
  await submitPassword(staffAgain, staff.email, staff.password);
  await expect(staffAgain.getByRole('heading', { name: '二段階認証の登録' })).toBeVisible();
  await fifth.close();
});
