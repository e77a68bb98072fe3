import { type Browser, expect, test } from '@playwright/test';
import pg from 'pg';
import {
  demo,
  expectNoSeriousA11yViolations,
  passWelcome,
  setSessionRemaining,
  signIn,
  signInAs,
  submitSignIn,
} from './support';

/**
 * /session-manager and /profile, as a user of its own: the demo tenants have session management
 * off (SPEC section 4 defaults), and this spec changes the user's password and signs its sessions
 * out, which must not touch the accounts other specs sign in with. The user gets a tenant with
 * session management switched on, and a second membership (みどり歯科, staff) to list.
 */
const user = {
  email: `session-profile-${Date.now()}@e2e.example`,
  password: demo.password as string,
  newPassword: 'haru-no-sakura-2027',
  tenantName: '積み木テスト診療所',
};

async function withDatabase<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TSUMIKI_E2E_DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

test.beforeAll(async () => {
  await withDatabase(async (client) => {
    // The demo password's hash is reused, so the user signs in with the demo password.
    const demoAdmin = await client.query<{ password_hash: string; permissions: string[] }>(
      `select u.password_hash, tu.permissions from users u join tenant_users tu on tu.user_id = u.id
        where u.email = $1 limit 1`,
      [demo.sakuraAdmin.email],
    );
    const { password_hash, permissions } = demoAdmin.rows[0]!;
    const tenant = await client.query<{ id: string }>(
      `insert into tenants (name, plan) values ($1, 'standard') returning id`,
      [user.tenantName],
    );
    const tenantId = tenant.rows[0]!.id;
    await client.query(
      `insert into tenant_features (tenant_id, feature, enabled) values ($1, 'session_management', true)`,
      [tenantId],
    );
    const created = await client.query<{ id: string }>(
      `insert into users (email, password_hash, full_name) values ($1, $2, '検証 太郎') returning id`,
      [user.email, password_hash],
    );
    const userId = created.rows[0]!.id;
    await client.query(
      `insert into tenant_users (tenant_id, user_id, role, permissions, created_at) values ($1, $2, 'admin', $3, now() - interval '1 minute')`,
      [tenantId, userId, permissions],
    );
    await client.query(
      `insert into tenant_users (tenant_id, user_id, role, permissions)
         select tu.tenant_id, $1, 'staff', tu.permissions from tenant_users tu join users u on u.id = tu.user_id
          where u.email = $2`,
      [userId, demo.midoriAdmin.email],
    );
  });
});

/** The user's "other device" in these tests: Safari on an iPhone. */
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

async function signedInPage(
  browser: Browser,
  {
    viewport = { width: 1440, height: 900 },
    userAgent,
  }: { viewport?: { width: number; height: number }; userAgent?: string } = {},
) {
  return signInAs(browser, user.email, viewport, { userAgent, password: user.password });
}

test.describe.configure({ mode: 'serial' });

// Every test starts with no live session of the user (a closed browser does not sign out).
test.beforeEach(async () => {
  await withDatabase((client) =>
    client.query(
      `update auth_sessions set revoked_at = now()
        where revoked_at is null and user_id = (select id from users where email = $1)`,
      [user.email],
    ),
  );
});

test('the session manager lists both sessions and signs the other device out', async ({ browser }) => {
  const other = await signedInPage(browser, { userAgent: IPHONE });
  const page = await signedInPage(browser);

  // The sidebar shows the item (the feature is on for this tenant) and it opens the screen.
  await page.getByRole('link', { name: 'セッション管理', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'セッション管理', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'ログイン中の端末' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'この端末' })).toHaveCount(1);
  // This one first: Playwright's Chromium on Linux, described in Japanese, with its address.
  await expect(rows.first()).toContainText('Chrome（Linux）');
  await expect(rows.first()).toContainText('この端末');
  await expect(rows.first()).toContainText('127.0.0.1');
  await expect(rows.nth(1)).toContainText('Safari（iPhone）');
  await expect(page.getByText('2 台の端末でログインしています。', { exact: false })).toBeVisible();

  // Extending: a fresh session is at the 480-minute cap, so the buttons say it cannot grow.
  await expect(page.getByRole('button', { name: '60 分延長' })).toBeDisabled();
  await expect(
    page.getByText('セッションは上限の 480 分に達しているため、これ以上延長できません。'),
  ).toBeVisible();
  await setSessionRemaining(user.email, 300);
  await page.reload();
  await page.getByRole('button', { name: '240 分延長' }).click();
  await expect(
    page.getByText(/^上限の 480 分を超えないよう、\d+ 分だけ延長しました。残り \d+ 分です。$/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: '60 分延長' })).toBeDisabled();
  // The extension is a security event with its Japanese description.
  const events = page.getByRole('list', { name: '最近のセキュリティイベント' });
  await expect(events.getByRole('listitem').first()).toContainText('セッションの延長');

  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/screens/session-manager-1440.png', fullPage: true });

  // Signing out the other devices, confirmed in a dialog, by keyboard.
  await page.getByRole('button', { name: 'ほかの端末をすべてログアウト' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'ほかの端末をすべてログアウトしますか？' });
  await expect(dialog).toContainText('この端末を除く 1 台の端末');
  await dialog.getByRole('button', { name: 'すべてログアウト' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(1);
  await expect(page.getByText('ほかにログイン中の端末はありません。')).toBeVisible();
  await expect(page.getByRole('button', { name: 'ほかの端末をすべてログアウト' })).toBeDisabled();

  // The other browser's next call to the API fails, and it ends on /login, told why.
  await other.getByRole('link', { name: '顧客管理' }).click();
  await expect(other).toHaveURL(/\/login/);
  await expect(other.getByText('セッションが終了しました。もう一度ログインしてください。')).toBeVisible();
  await other.context().close();
  await page.context().close();
});

test('revoking one session ends only that one; revoking this one signs out', async ({ browser }) => {
  const other = await signedInPage(browser, { userAgent: IPHONE });
  const page = await signedInPage(browser);
  await page.goto('/session-manager');
  const rows = page.getByRole('table', { name: 'ログイン中の端末' }).locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await rows.getByRole('button', { name: /にログインした Safari（iPhone） をログアウト$/ }).click();
  const dialog = page.getByRole('alertdialog', { name: 'この端末をログアウトしますか？' });
  await dialog.getByRole('button', { name: 'ログアウト', exact: true }).click();
  await expect(rows).toHaveCount(1);
  const events = page.getByRole('list', { name: '最近のセキュリティイベント' });
  const revoked = events.locator('[data-tone="attention"]').first();
  await expect(revoked).toContainText('セッションの終了');
  await expect(revoked).toContainText('心当たりがない場合は、パスワードを変更してください。');
  await expect(page.getByText(/^要確認 \d+ 件$/)).toBeVisible();

  await other.reload();
  await expect(other).toHaveURL(/\/login/);
  await expect(other.getByText('セッションが終了しました。もう一度ログインしてください。')).toBeVisible();

  await rows.getByRole('button', { name: /^この端末（.+）をログアウト$/ }).click();
  await page
    .getByRole('alertdialog', { name: 'この端末からログアウトしますか？' })
    .getByRole('button', { name: 'ログアウト', exact: true })
    .click();
  await expect(page).toHaveURL(/\/login/);
  // Signed out by one's own hand: no reason to give.
  await expect(page.getByRole('button', { name: 'ログイン', exact: true })).toBeVisible();
  await expect(page.getByText('セッションが終了しました。もう一度ログインしてください。')).toHaveCount(0);
  await other.context().close();
  await page.context().close();
});

test('with session management off the screen says so in Japanese', async ({ page }) => {
  // The demo tenants keep the specification's default: session management off.
  await signIn(page, demo.midoriAdmin.email);
  await expect(page.getByRole('link', { name: 'セッション管理' })).toHaveCount(0);
  await page.goto('/session-manager');
  await expect(
    page.getByRole('heading', { name: 'セッション管理はこのテナントでは利用できません' }),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText('FEAT_001')).toHaveCount(0);
  await page.getByRole('link', { name: 'プロフィールを開く' }).click();
  await expect(page.getByRole('heading', { name: 'プロフィール', level: 1 })).toBeVisible();
});

test('the profile: name, tenants, password change, and signing out everywhere', async ({ browser }) => {
  const other = await signedInPage(browser);
  const page = await signedInPage(browser);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'プロフィール', level: 1 })).toBeVisible();
  await expect(page.getByText(user.email, { exact: true }).first()).toBeVisible();

  // Both memberships, with their roles in Japanese.
  const tenants = page
    .getByRole('heading', { name: '所属テナントと役割' })
    .locator('xpath=ancestor::*[@data-slot="card"][1]');
  const mine = tenants.getByRole('listitem').filter({ hasText: user.tenantName });
  await expect(mine).toContainText('管理者');
  await expect(mine).toContainText('利用中');
  await expect(tenants.getByRole('listitem').filter({ hasText: 'みどり歯科' })).toContainText('スタッフ');

  // The name: saved through the auth service, shown by the shell without a reload.
  const name = page.getByRole('textbox', { name: '氏名' });
  await name.fill('');
  await page.getByRole('button', { name: '氏名を保存' }).click();
  await expect(page.getByText('氏名を入力してください。')).toBeVisible();
  await name.fill('検証 花子');
  await page.getByRole('button', { name: '氏名を保存' }).click();
  await expect(page.getByText('氏名を保存しました。')).toBeVisible();
  await expect(page.locator('[data-slot="app-sidebar-user-name"]')).toHaveText('検証 花子');
  await expect
    .poll(() =>
      withDatabase(
        async (client) =>
          (await client.query('select full_name from users where email = $1', [user.email])).rows[0]
            .full_name,
      ),
    )
    .toBe('検証 花子');

  // Validation in Japanese before anything is sent, with the show/hide toggle.
  const current = page.getByLabel(/^現在のパスワード(必須)?$/);
  const next = page.getByLabel(/^新しいパスワード(必須)?$/);
  const confirmation = page.getByLabel(/^新しいパスワード（確認）(必須)?$/);
  await page.getByRole('button', { name: 'パスワードを変更' }).click();
  await expect(page.getByText('現在のパスワードを入力してください。')).toBeVisible();
  await expect(current).toBeFocused();
  await next.fill('short');
  await confirmation.fill('different');
  await page.getByRole('button', { name: 'パスワードを変更' }).click();
  await expect(page.getByText('新しいパスワードは 8 文字以上で入力してください。')).toBeVisible();
  await expect(page.getByText('新しいパスワード（確認）が新しいパスワードと一致しません。')).toBeVisible();
  await expect(next).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: '新しいパスワードを表示' }).click();
  await expect(next).toHaveAttribute('type', 'text');

  // A wrong current password: the service's refusal, in Japanese, on that field.
  await current.fill('not-my-password');
  await next.fill(user.newPassword);
  await confirmation.fill(user.newPassword);
  await page.getByRole('button', { name: 'パスワードを変更' }).click();
  await expect(page.getByText('現在のパスワードが正しくありません。')).toBeVisible();
  await expect(current).toHaveAttribute('aria-invalid', 'true');

  // The right one: changed, and the other devices are signed out.
  await current.fill(user.password);
  await page.getByRole('button', { name: 'パスワードを変更' }).click();
  await expect(page.getByText('パスワードを変更しました')).toBeVisible();
  await expect(
    page.getByText('この端末以外のすべての端末からログアウトしました。', { exact: false }),
  ).toBeVisible();
  await expect(current).toHaveValue('');
  await other.reload();
  await expect(other).toHaveURL(/\/login/);
  await expect(other.getByText('セッションが終了しました。もう一度ログインしてください。')).toBeVisible();

  // The old password no longer signs in; the new one does.
  await submitSignIn(other, user.email, user.password);
  await expect(other.getByRole('alert')).toHaveText('メールアドレスまたはパスワードが正しくありません。');
  await submitSignIn(other, user.email, user.newPassword);
  await passWelcome(other);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'プロフィール', level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/screens/profile-1440.png', fullPage: true });

  // Signing out everywhere: confirmed, then /login here, and the other browser too.
  await page.getByRole('button', { name: 'すべての端末からログアウト' }).click();
  await page
    .getByRole('alertdialog', { name: 'すべての端末からログアウトしますか？' })
    .getByRole('button', { name: 'すべてログアウト' })
    .click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('すべての端末からログアウトしました', { exact: true })).toBeVisible();
  await other.getByRole('link', { name: '顧客管理' }).click();
  await expect(other).toHaveURL(/\/login/);
  user.password = user.newPassword;
  await other.context().close();
  await page.context().close();
});

test('at 375 px both screens read as cards, without sideways scrolling or serious axe violations', async ({
  browser,
}) => {
  const other = await signedInPage(browser, { userAgent: IPHONE });
  const page = await signedInPage(browser, { viewport: { width: 375, height: 812 } });
  await page.goto('/session-manager');
  const cards = page.getByRole('list', { name: 'ログイン中の端末' }).getByRole('listitem');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText('この端末');
  await expect(page.getByRole('table', { name: 'ログイン中の端末' })).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/screens/session-manager-375.png', fullPage: true });

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'プロフィール', level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/screens/profile-375.png', fullPage: true });
  await other.context().close();
  await page.context().close();
});
