import { expect, type Page, type Request, test } from '@playwright/test';
import {
  ACCOUNT_COOKIE,
  accountCookie,
  type MockGoogleAccount,
} from '../../packages/server/test/support/mock-google';
import { demo, expectNoSeriousA11yViolations } from './support';

// Google sign-in end to end: the built app and server, and a local OpenID provider in Google's
// place (global-setup.ts). The browser is "signed in to Google" as a chosen account (a cookie on
// the provider's origin), and the provider answers at once with a code for that account.

// With the app's service worker, as a returning user has it: the redirects back through
// /auth/v1/callback must pass it by (it keeps only the app's build).
test.use({ serviceWorkers: 'allow' });

const issuer = () => {
  const url = process.env.TSUMIKI_E2E_GOOGLE_ISSUER_URL;
  if (!url) throw new Error('TSUMIKI_E2E_GOOGLE_ISSUER_URL is not set (global-setup.ts)');
  return url;
};

/** The browser is signed in to `account` at the provider, as one is at Google. */
async function useGoogleAccount(page: Page, account: MockGoogleAccount) {
  await page
    .context()
    .addCookies([{ name: ACCOUNT_COOKIE, value: accountCookie(account), url: issuer(), sameSite: 'Lax' }]);
}

/** The server's own callback URL (/auth/v1/callback?code&state) the provider sent the browser to. */
function serverCallback(page: Page): Promise<Request> {
  return page.waitForRequest((request) => new URL(request.url()).pathname === '/auth/v1/callback');
}

const screens = (name: string) => `test-results/screens/${name}.png`;

for (const width of [1440, 375]) {
  test(`a member of the tenant signs in with Google and lands on the dashboard (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await useGoogleAccount(page, { email: demo.sakuraStaff.email.toUpperCase(), name: 'Kenta Tanaka' });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Google でログイン' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/login');
    await page.screenshot({ path: screens(`google-login-${width}`), fullPage: true });

    // Keyboard only: Tab to the Google button and press Enter.
    const button = page.getByRole('button', { name: 'Google でログイン' });
    await button.focus();
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/auth\/callback/);
    await expect(page.getByRole('status').filter({ hasText: '認証中…' })).toBeVisible();
    await page.screenshot({ path: screens(`google-callback-${width}`), fullPage: true });
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'ダッシュボード', level: 1 })).toBeVisible();
    // Signed in as the demo staff member (linked by their verified email).
    await expect(page.getByRole('heading', { name: '田中 健太', level: 2 })).toBeVisible();
  });
}

test('a replayed Google callback (the same state again) is refused in Japanese, with a way back', async ({
  page,
  browser,
}) => {
  await useGoogleAccount(page, { email: demo.sakuraAdmin.email });
  await page.goto('/login');
  const callback = serverCallback(page);
  await page.getByRole('button', { name: 'Google でログイン' }).click();
  const replayUrl = (await callback).url();
  await expect(page.getByRole('heading', { name: 'ダッシュボード', level: 1 })).toBeVisible();

  // Somebody replays the provider's answer (code and state) in another browser.
  for (const width of [1440, 375]) {
    const context = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 900 } });
    const other = await context.newPage();
    await other.goto(replayUrl);
    await expect(other).toHaveURL(/\/auth\/callback\?/);
    await expect(other.getByRole('heading', { name: 'ログインできませんでした', level: 1 })).toBeVisible();
    await expect(other.getByRole('alert')).toHaveText(
      'Google ログインの要求が無効か、すでに使われています。ログイン画面から、もう一度お試しください。',
    );
    await expectNoSeriousA11yViolations(other, '/auth/callback (failure)');
    await other.screenshot({ path: screens(`google-callback-failed-${width}`), fullPage: true });
    if (width === 375) {
      await other.getByRole('link', { name: 'ログイン画面に戻る' }).click();
      await expect(other).toHaveURL(/\/login$/);
      await expect(other.getByRole('button', { name: 'Google でログイン' })).toBeVisible();
    }
    await context.close();
  }
});

test('a forged state is refused', async ({ page }) => {
  await page.goto(`/auth/v1/callback?code=made-up&state=${'x'.repeat(43)}`);
  await expect(page).toHaveURL(/\/auth\/callback\?/);
  await expect(page.getByRole('heading', { name: 'ログインできませんでした', level: 1 })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Google ログインの要求が無効');
});

test('a new Google account that belongs to no tenant is signed out with the message to contact the administrator', async ({
  page,
}) => {
  await useGoogleAccount(page, { email: `newcomer-${Date.now()}@example.com`, name: '新規 太郎' });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Google でログイン' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(
    page.getByText(
      'このアカウントはテナントユーザーとして登録されていません。管理者にお問い合わせください。',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Google でログイン' })).toBeVisible();
  // Signed out for good: the stored session is gone.
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});
