import { expect, type Page, test } from '@playwright/test';
import { demo, expectNoSeriousA11yViolations, setSessionRemaining, signIn, submitSignIn } from './support';

/** The accessible name and tag of the focused element. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    return { tag: element?.tagName.toLowerCase(), text: element?.textContent?.trim() ?? '' };
  });
}

for (const viewport of [
  { label: '1440', width: 1440, height: 900 },
  { label: '375', width: 375, height: 812 },
] as const) {
  test(`a sign-in welcomes the user on /login-success, counts down and opens the dashboard (${viewport.label}px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto('/login');
    await expect(page).toHaveTitle('ログイン | 積み木');
    await submitSignIn(page, demo.sakuraAdmin.email);

    await expect(page).toHaveURL(/\/login-success$/);
    await expect(page).toHaveTitle('ログインしました | 積み木');
    const welcome = page.getByRole('heading', { level: 1, name: /^ようこそ、.+ さん$/ });
    await expect(welcome).toBeVisible();
    await expect(page.getByText('さくら内科クリニック', { exact: true })).toBeVisible();
    const countdown = page.getByTestId('login-success-countdown');
    await expect(countdown).toContainText(/[123] 秒後に「ダッシュボード」へ移動します。/);
    // Announced once, politely; the visible number is hidden from screen readers.
    await expect(
      page.getByRole('status').filter({ hasText: '3 秒後に「ダッシュボード」へ移動します。' }),
    ).toBeAttached();
    // The user pressed the button: focus follows to the new screen's heading.
    await expect.poll(async () => (await focused(page)).tag).toBe('h1');
    await expectNoSeriousA11yViolations(page, 'login-success');
    await page.screenshot({
      path: `test-results/screens/login-success-${viewport.label}.png`,
      fullPage: true,
    });

    await expect(page).toHaveURL(/\/$/, { timeout: 6000 });
    await expect(page.getByRole('heading', { name: 'ダッシュボード', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('ダッシュボード | 積み木');
    await expect.poll(() => focused(page)).toEqual({ tag: 'h1', text: 'ダッシュボード' });
  });
}

test('/login-success without a user goes to /login; a signed-in visit to /login goes to /', async ({
  page,
}) => {
  await page.goto('/login-success');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, demo.sakuraStaff.email);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'ダッシュボード', level: 1 })).toBeVisible();
  // The first load of a screen does not take focus.
  expect((await focused(page)).tag).toBe('body');
});

test('/auth/callback shows 認証中… and goes to / after 1.5 s when the session is there', async ({ page }) => {
  await signIn(page, demo.sakuraStaff.email);
  // Measured by the page's own clock (when 認証中… entered the DOM, when the app replaced the
  // URL), not by the test runner's: on a busy machine the runner sees the text late.
  await page.addInitScript(() => {
    const marks = { shown: -1, left: -1, title: '' };
    Object.assign(window, { __callbackMarks: marks });
    new MutationObserver(() => {
      if (marks.shown < 0 && document.body?.textContent?.includes('認証中…')) marks.shown = performance.now();
    }).observe(document, { childList: true, subtree: true, characterData: true });
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (...args: Parameters<History['pushState']>) => {
        if (marks.shown >= 0 && marks.left < 0) {
          marks.left = performance.now();
          marks.title = document.title;
        }
        original(...args);
      };
    }
  });
  await page.goto('/auth/callback');
  // Not `toBeVisible()` on the text: a busy runner may look after the 1.5 s are over. The page's
  // own marks below show that it was there, and for how long.
  await expect(page).toHaveURL(/\/$/);
  const marks = await page.evaluate(
    () =>
      (window as unknown as { __callbackMarks: { shown: number; left: number; title: string } })
        .__callbackMarks,
  );
  expect(marks.shown).toBeGreaterThanOrEqual(0);
  expect(marks.title).toBe('認証中 | 積み木');
  expect(marks.left - marks.shown).toBeGreaterThanOrEqual(1400);
  await expect(page.getByRole('heading', { name: 'ダッシュボード', level: 1 })).toBeVisible();
});

test('/auth/callback with a code the server refuses says Google sign-in failed and leads back', async ({
  page,
}) => {
  await page.goto('/login');
  // What signInWithOAuth leaves behind: a PKCE verifier, so the client exchanges the code.
  await page.evaluate(() =>
    localStorage.setItem(
      'tsumiki-auth-code-verifier',
      JSON.stringify('e2e-verifier-that-matches-no-code-0123456789'),
    ),
  );
  const exchange = page.waitForRequest((request) => request.url().includes('/auth/v1/token?grant_type=pkce'));
  await page.goto('/auth/callback?code=not-a-real-code');
  await exchange;
  await expect(page.getByRole('heading', { name: 'ログインできませんでした', level: 1 })).toBeVisible();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByRole('link', { name: 'ログイン画面に戻る' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('titles and focus follow navigation', async ({ page }) => {
  await signIn(page);
  await page.getByRole('link', { name: '顧客管理' }).click();
  await expect(page).toHaveTitle('顧客管理 | 積み木');
  await expect.poll(() => focused(page)).toEqual({ tag: 'h1', text: '顧客管理' });
  // No focus ring jumps onto the heading.
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle);
  expect(outline).toBe('none');
  // Typing a search writes it to the address but keeps focus in the box.
  const search = page.getByRole('searchbox', { name: '顧客を検索' });
  await search.fill('さと');
  await expect(page).toHaveURL(/q=/);
  await expect(search).toBeFocused();

  await page.getByRole('link', { name: 'ホーム' }).click();
  await expect(page).toHaveTitle('ダッシュボード | 積み木');
  await expect.poll(() => focused(page)).toEqual({ tag: 'h1', text: 'ダッシュボード' });
  await page.goBack();
  await expect(page).toHaveTitle('顧客管理 | 積み木');
});

test('after a failed sign-in with the button, focus is on the error', async ({ page }) => {
  await page.goto('/login');
  await submitSignIn(page, demo.sakuraAdmin.email, 'wrong-password');
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('メールアドレスまたはパスワードが正しくありません。');
  await expect(alert).toBeFocused();
  // Empty fields: focus on the first one to fix.
  await page.getByLabel('メールアドレス').fill('');
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page.getByLabel('メールアドレス')).toBeFocused();
});

test('a tenant-me 403 signs out and /login says the account is not a tenant user', async ({ page }) => {
  await page.route(/\/api\/auth\/tenant\/me$/, (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({
        error: {
          code: 'AUTH_003',
          category: 'authentication',
          severity: 'high',
          message: 'テナントユーザーではありません',
          suggestion: null,
          timestamp: new Date().toISOString(),
          context: null,
          request_id: 'e2e',
          path: '/api/auth/tenant/me',
        },
      }),
    }),
  );
  await page.goto('/login');
  await submitSignIn(page, demo.sakuraStaff.email);
  await expect(
    page.getByRole('alert').filter({ hasText: 'テナントユーザーとして登録されていません' }),
  ).toContainText('管理者にお問い合わせください');
  await expect(page).toHaveURL(/\/login/);
  await page.unroute(/\/api\/auth\/tenant\/me$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

for (const viewport of [
  { label: '1440', width: 1440, height: 900 },
  { label: '375', width: 375, height: 812 },
] as const) {
  test(`a failing dashboard says so per panel and 再試行 loads it (${viewport.label}px)`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signIn(page);
    let failing = true;
    const fail = async (route: import('@playwright/test').Route) => {
      if (!failing) return route.fallback();
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            code: 'SYS_003',
            category: 'system',
            severity: 'high',
            message: 'サービスが一時的に利用できません',
            suggestion: null,
            timestamp: new Date().toISOString(),
            context: null,
            request_id: 'e2e',
            path: '/api',
          },
        }),
      });
    };
    await page.route(/\/api\/customers\?/, fail);
    await page.route(/\/api\/interactions\?/, fail);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'ダッシュボード', level: 1 })).toBeVisible();
    // While it retries (3 times, 1 s doubling) the skeleton says it is still trying.
    await expect(
      page.getByText('読み込みに時間がかかっています。自動で再試行しています…').first(),
    ).toBeVisible();
    const stats = page.getByRole('region', { name: '統計' });
    const customers = stats.getByRole('group', { name: '顧客数' });
    await expect(customers.getByRole('alert')).toHaveText(
      /顧客情報の読み込みに失敗しました: サービスが一時的に利用できません/,
      { timeout: 20_000 },
    );
    const recent = page
      .getByRole('heading', { name: '最近の対応履歴' })
      .locator('xpath=ancestor::*[@data-slot="card"][1]');
    await expect(recent.getByRole('alert')).toContainText('対応履歴の読み込みに失敗しました');
    await expect(page.getByText('データがありません')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'dashboard failure');
    await page.screenshot({
      path: `test-results/screens/dashboard-failure-${viewport.label}.png`,
      fullPage: true,
    });

    failing = false;
    await customers.getByRole('button', { name: '再試行' }).click();
    await expect(customers.getByText(/^\d[\d,]*$/)).toBeVisible();
    await expect(customers.getByRole('alert')).toHaveCount(0);
    // The other panels keep their own error until their own 再試行.
    await expect(recent.getByRole('alert')).toBeVisible();
    await recent.getByRole('button', { name: '再試行' }).click();
    await expect(recent.getByRole('listitem')).toHaveCount(3);
  });

  test(`the session menu lists the security events and explains the cap (${viewport.label}px)`, async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signIn(page, demo.sakuraStaff.email);
    const trigger = page.getByRole('button', { name: /^セッション \d+分（有効）$/ });
    await trigger.click();
    const menu = page.getByRole('dialog', { name: 'セッション' });
    const events = menu.getByRole('region', { name: '最近のセキュリティイベント' });
    await expect(events.getByRole('listitem').first()).toContainText('ログイン');
    // Ordinary sign-ins are not a warning.
    await expect(menu.getByText(/確認が必要なイベント/)).toHaveCount(0);
    await expect(events.locator('[data-attention]')).toHaveCount(0);
    // A fresh session is at the 480-minute cap: nothing to extend, and it says so.
    await expect(menu.getByRole('button', { name: '60分延長' })).toBeDisabled();
    await expect(menu.getByText('これ以上延長できません（上限 480 分）')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'session menu');
    await page.screenshot({ path: `test-results/screens/session-menu-${viewport.label}.png` });
    await page.keyboard.press('Escape');

    // 25 minutes left, then offline: the extension fails at once with a Japanese message.
    await setSessionRemaining(demo.sakuraStaff.email, 25);
    await page.reload();
    await page.getByRole('button', { name: /^セッション 2\d分/ }).click();
    await context.setOffline(true);
    const sixty = menu.getByRole('button', { name: '60分延長' });
    await sixty.click();
    await expect(menu.getByRole('alert')).toHaveText(/オフラインのため延長できませんでした/, {
      timeout: 2000,
    });
    await expect(sixty).not.toHaveAttribute('aria-busy');
    await page.screenshot({ path: `test-results/screens/session-menu-offline-${viewport.label}.png` });
    await context.setOffline(false);
    await sixty.click();
    await expect(page.getByText('セッションを延長しました', { exact: true })).toBeVisible();
  });
}
