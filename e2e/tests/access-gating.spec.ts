import { expect, type Locator, test } from '@playwright/test';
import pg from 'pg';
import { demo, expectNoSeriousA11yViolations, signInAs } from './support';

/**
 * Permission gating and feature switches: the staff demo user is not offered what their role does
 * not allow; the administrator turns a feature off on /settings, its sidebar item goes, and back
 * to the default brings it back.
 */

/** Waits for a switch's save to answer: a reload or a typed address would cut it off in flight. */
async function saved(toggle: Locator) {
  await expect(toggle).not.toHaveAttribute('aria-busy', 'true');
}

/** The さくら tenant's stored choices for the features these tests switch, to put back whatever happens. */
const SWITCHED = ['products', 'tenant_users'] as const;
let choices: { feature: string; enabled: boolean }[] = [];

async function withDatabase<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TSUMIKI_E2E_DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const SAKURA = `(select tu.tenant_id from tenant_users tu join users u on u.id = tu.user_id where u.email = $1 limit 1)`;

test.beforeAll(async () => {
  choices = await withDatabase(async (client) => {
    const { rows } = await client.query<{ feature: string; enabled: boolean }>(
      `select feature, enabled from tenant_features where feature = any($2) and tenant_id = ${SAKURA}`,
      [demo.sakuraAdmin.email, SWITCHED],
    );
    return rows;
  });
});

test.afterAll(async () => {
  await withDatabase(async (client) => {
    await client.query(`delete from tenant_features where feature = any($2) and tenant_id = ${SAKURA}`, [
      demo.sakuraAdmin.email,
      SWITCHED,
    ]);
    for (const { feature, enabled } of choices) {
      await client.query(
        `insert into tenant_features (tenant_id, feature, enabled) values (${SAKURA}, $2, $3)`,
        [demo.sakuraAdmin.email, feature, enabled],
      );
    }
  });
});

test('the staff user sees no delete, no settings and no user management', async ({ browser }) => {
  const staff = await signInAs(browser, demo.sakuraStaff.email);
  const sidebar = staff.getByRole('navigation').first();
  await expect(sidebar.getByRole('link', { name: '顧客管理' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: '機能の設定' })).toHaveCount(0);
  await expect(sidebar.getByRole('link', { name: 'ユーザー管理' })).toHaveCount(0);

  // Staff may register customers, not delete them.
  await staff.goto('/customers');
  await expect(staff.getByRole('button', { name: '新規登録' }).first()).not.toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await staff.getByRole('table', { name: '顧客一覧' }).getByRole('link').first().click();
  await expect(staff.getByRole('heading', { name: '基本情報' })).toBeVisible();
  await expect(staff.getByRole('button', { name: '編集', exact: true })).toBeVisible();
  await expect(staff.getByRole('button', { name: '削除', exact: true })).toHaveCount(0);
  await expect(staff.getByRole('button', { name: '記録する' })).toBeVisible();

  // Typed addresses say why instead of failing.
  for (const [path, heading] of [
    ['/tenant-users', 'ユーザー管理'],
    ['/settings', '機能の設定'],
  ] as const) {
    await staff.goto(path);
    await expect(staff.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(staff.getByRole('heading', { name: 'この画面を表示する権限がありません' })).toBeVisible();
    await expect(
      staff.getByText('この操作を実行する権限がありません。権限は管理者が変更できます。'),
    ).toBeVisible();
  }
  await staff.context().close();
});

test('the admin turns 商品管理 off on /settings, its sidebar item goes, and back to the default brings it back', async ({
  browser,
}) => {
  const admin = await signInAs(browser, demo.sakuraAdmin.email);
  const sidebar = admin.getByRole('navigation').first();
  await sidebar.getByRole('link', { name: '機能の設定' }).click();
  await expect(admin.getByRole('heading', { name: '機能の設定', level: 1 })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: '商品管理' })).toBeVisible();

  // The demo tenant stores every switch as on: only those the default has off differ from it.
  const customersRow = admin.getByTestId('feature-customers');
  await expect(customersRow.getByText('既定', { exact: true })).toBeVisible();
  await expect(customersRow.getByText('変更済み')).toHaveCount(0);
  await expect(customersRow.getByRole('button', { name: /既定に戻す/ })).toHaveCount(0);
  await expect(admin.getByTestId('feature-staff_management').getByText('変更済み')).toBeVisible();

  const row = admin.getByTestId('feature-products');
  const toggle = row.getByRole('switch', { name: '商品管理' });
  await expect(toggle).toBeChecked();
  await expect(row.getByText('既定', { exact: true })).toBeVisible();
  await toggle.focus();
  await admin.keyboard.press('Space');
  await expect(toggle).not.toBeChecked();
  await expect(row.getByText('変更済み')).toBeVisible();
  await expect(sidebar.getByRole('link', { name: '商品管理' })).toHaveCount(0);
  await saved(toggle);

  // Saved on the server: still off after a reload, and for everyone.
  await admin.reload();
  await expect(
    admin.getByTestId('feature-products').getByRole('switch', { name: '商品管理' }),
  ).not.toBeChecked();
  await expect(sidebar.getByRole('link', { name: '商品管理' })).toHaveCount(0);
  const staff = await signInAs(browser, demo.sakuraStaff.email);
  await expect(staff.getByRole('navigation').first().getByRole('link', { name: '顧客管理' })).toBeVisible();
  await expect(staff.getByRole('navigation').first().getByRole('link', { name: '商品管理' })).toHaveCount(0);
  await staff.context().close();

  await admin.getByRole('button', { name: '「商品管理」を既定に戻す' }).click();
  const back = admin.getByTestId('feature-products');
  await expect(back.getByRole('switch', { name: '商品管理' })).toBeChecked();
  await expect(back.getByText('既定', { exact: true })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: '商品管理' })).toBeVisible();
  await saved(back.getByRole('switch', { name: '商品管理' }));
  await admin.context().close();
});

test('a typed address of a switched-off screen says the feature is off instead of failing', async ({
  browser,
}) => {
  const admin = await signInAs(browser, demo.sakuraAdmin.email);
  await admin.goto('/settings');
  const toggle = admin.getByTestId('feature-tenant_users').getByRole('switch', { name: 'ユーザー管理' });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  const sidebar = admin.getByRole('navigation').first();
  await expect(sidebar.getByRole('link', { name: 'ユーザー管理' })).toHaveCount(0);
  await saved(toggle);

  await admin.goto('/tenant-users');
  await expect(admin.getByRole('heading', { name: 'ユーザー管理', level: 1 })).toBeVisible();
  await expect(
    admin.getByRole('heading', { name: 'ユーザー管理はこのテナントでは利用できません' }),
  ).toBeVisible();
  await expect(admin.getByRole('table')).toHaveCount(0);

  await admin.goto('/settings');
  await admin.getByRole('button', { name: '「ユーザー管理」を既定に戻す' }).click();
  await expect(admin.getByTestId('feature-tenant_users').getByRole('switch')).toBeChecked();
  await expect(sidebar.getByRole('link', { name: 'ユーザー管理' })).toBeVisible();
  await saved(admin.getByTestId('feature-tenant_users').getByRole('switch'));
  await admin.context().close();
});

test('the dashboard offers AIチャット only while it is on', async ({ browser }) => {
  const admin = await signInAs(browser, demo.sakuraAdmin.email);
  const shortcut = admin.getByRole('link', { name: 'AIチャットで相談する' });
  await expect(shortcut).toBeVisible();
  await admin.goto('/settings');
  const toggle = admin.getByTestId('feature-chat').getByRole('switch', { name: 'AIチャット' });
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await saved(toggle);
  await admin.getByRole('navigation').first().getByRole('link', { name: 'ホーム' }).click();
  await expect(admin.getByRole('link', { name: '顧客一覧を見る' })).toBeVisible();
  await expect(shortcut).toHaveCount(0);
  await admin.goto('/settings');
  await admin.getByRole('button', { name: '「AIチャット」を既定に戻す' }).click();
  await expect(admin.getByTestId('feature-chat').getByRole('switch')).toBeChecked();
  await saved(admin.getByTestId('feature-chat').getByRole('switch'));
  await admin.context().close();
});

test('a switch that the server does not save goes back, with the reason', async ({ browser }) => {
  const admin = await signInAs(browser, demo.sakuraAdmin.email);
  await admin.goto('/settings');
  const toggle = admin.getByTestId('feature-products').getByRole('switch', { name: '商品管理' });
  await expect(toggle).toBeChecked();
  // The network fails the save (the server is never asked): the switch and the sidebar go back.
  await admin.route('**/api/tenant-features', (route) =>
    route.request().method() === 'PUT' ? route.abort('connectionrefused') : route.continue(),
  );
  await toggle.click();
  await expect(admin.getByText('「商品管理」を変更できませんでした', { exact: true })).toBeVisible();
  await expect(toggle).toBeChecked();
  await expect(admin.getByRole('navigation').first().getByRole('link', { name: '商品管理' })).toBeVisible();
  await admin.context().close();
});

test('the daily mail of unread notifications: switched on at an hour, kept, and said to need a mail server', async ({
  browser,
}) => {
  const admin = await signInAs(browser, demo.sakuraAdmin.email);
  await admin.goto('/settings');
  const card = admin.getByTestId('notification-digest');
  // The end-to-end server has no SMTP: the screen says so instead of promising mail.
  await expect(card.getByText('このサーバーからはメールを送れません')).toBeVisible();
  const toggle = card.getByRole('switch', { name: 'まとめメールを送る' });
  await expect(toggle).not.toBeChecked();
  await toggle.press('Space');
  await expect(toggle).toBeChecked();
  await card.getByLabel('送る時刻').selectOption('7');
  await expect(card.getByLabel('送る時刻')).toBeEnabled();
  await saved(toggle);
  await admin.reload();
  await expect(toggle).toBeChecked();
  await expect(card.getByLabel('送る時刻')).toHaveValue('7');
  await expect(card.getByTestId('digest-last-sent')).toHaveText('まだ送っていません。');
  await toggle.press('Space');
  await expect(toggle).not.toBeChecked();
  await saved(toggle);
  await admin.reload();
  await expect(toggle).not.toBeChecked();
  await expect(card.getByLabel('送る時刻')).toHaveValue('7');
  await admin.context().close();
});

for (const viewport of [
  { label: '1440', width: 1440, height: 900 },
  { label: '375', width: 375, height: 812 },
] as const) {
  test(`/settings has no serious accessibility violation at ${viewport.label}px`, async ({ browser }) => {
    const admin = await signInAs(browser, demo.sakuraAdmin.email, viewport);
    await admin.goto('/settings');
    await expect(admin.getByTestId('feature-customers').getByRole('switch')).toBeVisible();
    await expect(admin.getByRole('switch', { name: 'まとめメールを送る' })).toBeVisible();
    await expectNoSeriousA11yViolations(admin, `/settings ${viewport.label}px`);
    await admin.context().close();
  });
}
