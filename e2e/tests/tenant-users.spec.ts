import { expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { demo, expectNoSeriousA11yViolations, signInAs } from './support';

/**
 * /tenant-users: an administrator widens the staff demo user's permissions in the matrix and the
 * staff user's screens follow after a reload; the administrator, the tenant's only one, is not
 * offered disabling themselves. The staff user's permissions are put back at the end.
 */

async function withDatabase<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TSUMIKI_E2E_DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The staff user's stored permissions in さくら, to put back whatever happens. */
let staffPermissions: string[] = [];

test.beforeAll(async () => {
  staffPermissions = await withDatabase(async (client) => {
    const { rows } = await client.query<{ permissions: string[] }>(
      `select tu.permissions from tenant_users tu join users u on u.id = tu.user_id
        join tenant_users a on a.tenant_id = tu.tenant_id join users au on au.id = a.user_id
        where u.email = $1 and au.email = $2`,
      [demo.sakuraStaff.email, demo.sakuraAdmin.email],
    );
    return rows[0]!.permissions;
  });
});

test.afterAll(async () => {
  await withDatabase((client) =>
    client.query(
      `update tenant_users tu set permissions = $2, role = 'staff' from users u
        where u.id = tu.user_id and u.email = $1`,
      [demo.sakuraStaff.email, staffPermissions],
    ),
  );
});

/** Opens the first customer of the list and returns to nothing: the detail page is on screen. */
async function openFirstCustomer(page: Page) {
  await page.goto('/customers');
  const table = page.getByRole('table', { name: '顧客一覧' });
  await table.getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: '基本情報' })).toBeVisible();
}

test('the admin grants the staff user customer deletion in the matrix; the staff screen follows after a reload', async ({
  browser,
}) => {
  const staff = await signInAs(browser, demo.sakuraStaff.email);
  await openFirstCustomer(staff);
  await expect(staff.getByRole('button', { name: '編集' })).toBeVisible();
  await expect(staff.getByRole('button', { name: '削除' })).toHaveCount(0);

  const admin = await signInAs(browser, demo.sakuraAdmin.email);
  await admin.getByRole('link', { name: 'ユーザー管理' }).click();
  await expect(admin.getByRole('heading', { name: 'ユーザー管理', level: 1 })).toBeVisible();
  const row = admin.getByRole('row').filter({ hasText: demo.sakuraStaff.email });
  await expect(row.getByRole('cell', { name: 'スタッフ', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: '有効', exact: true })).toBeVisible();
  await row.getByRole('button', { name: /の役割と権限を編集$/ }).click();

  const dialog = admin.getByRole('dialog', { name: '役割と権限を編集' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('「スタッフ」の既定の権限です。')).toBeVisible();
  const cell = dialog.getByRole('checkbox', { name: '顧客の削除' });
  await expect(cell).not.toBeChecked();
  await cell.focus();
  await admin.keyboard.press('Space');
  await expect(cell).toBeChecked();
  await expect(
    dialog.getByText('「スタッフ」の既定と異なる権限があります（印の付いた項目）。'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(admin, '/tenant-users の権限ダイアログ');
  await dialog.getByRole('button', { name: '保存する' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByText('役割と権限を保存しました', { exact: true })).toBeVisible();

  const stored = await withDatabase(async (client) => {
    const { rows } = await client.query<{ permissions: string[] }>(
      `select tu.permissions from tenant_users tu join users u on u.id = tu.user_id where u.email = $1`,
      [demo.sakuraStaff.email],
    );
    return rows[0]!.permissions;
  });
  expect(stored).toContain('customers.delete');

  await staff.reload();
  await expect(staff.getByRole('heading', { name: '基本情報' })).toBeVisible();
  await expect(staff.getByRole('button', { name: '削除' })).toBeVisible();

  // Back to the role's defaults from the same dialog.
  await row.getByRole('button', { name: /の役割と権限を編集$/ }).click();
  await expect(dialog.getByRole('checkbox', { name: '顧客の削除' })).toBeChecked();
  await dialog.getByRole('button', { name: '役割の既定に戻す' }).click();
  await expect(dialog.getByRole('checkbox', { name: '顧客の削除' })).not.toBeChecked();
  await dialog.getByRole('button', { name: '保存する' }).click();
  await expect(dialog).toBeHidden();
  await staff.reload();
  await expect(staff.getByRole('heading', { name: '基本情報' })).toBeVisible();
  await expect(staff.getByRole('button', { name: '削除' })).toHaveCount(0);

  await staff.context().close();
  await admin.context().close();
});

test('the only administrator is not offered disabling themselves nor leaving the admin role', async ({
  browser,
}) => {
  const admin = await signInAs(browser, demo.sakuraAdmin.email);
  await admin.goto('/tenant-users');
  const own = admin.getByRole('row').filter({ hasText: demo.sakuraAdmin.email });
  await expect(own.getByText('（自分）')).toBeVisible();
  const disable = own.getByRole('button', { name: /を無効にする$/ });
  await expect(disable).toHaveAttribute('aria-disabled', 'true');
  await expect(disable).toHaveAccessibleDescription(/自分自身は無効にできません。/);
  await disable.focus();
  await expect(admin.getByText('自分自身は無効にできません。').last()).toBeVisible();
  await disable.click({ force: true });
  await expect(admin.getByRole('alertdialog')).toHaveCount(0);

  await own.getByRole('button', { name: /の役割と権限を編集$/ }).click();
  const dialog = admin.getByRole('dialog', { name: '役割と権限を編集' });
  await expect(dialog.getByRole('combobox', { name: '役割' })).toBeDisabled();
  await expect(dialog.getByText(/最後の管理者のため、役割は変えられません/)).toBeVisible();
  // Nor can they take away their own right to manage users: the tenant would lose its administration.
  await dialog.getByRole('checkbox', { name: 'ユーザーの登録・編集' }).click();
  await expect(dialog.getByText(/「ユーザーの登録・編集」の権限は外せません/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: '保存する' })).toBeDisabled();
  await admin.keyboard.press('Escape');

  // The server refuses it anyway (409), and says why in Japanese.
  const token = await admin.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('tsumiki-auth') ?? 'null') as { access_token: string }).access_token,
  );
  const ids = await withDatabase(async (client) => {
    const { rows } = await client.query<{ user_id: string; tenant_id: string }>(
      `select tu.user_id, tu.tenant_id from tenant_users tu join users u on u.id = tu.user_id where u.email = $1`,
      [demo.sakuraAdmin.email],
    );
    return rows[0]!;
  });
  const response = await admin.request.post(`/api/tenant-users/${ids.user_id}/toggle-status`, {
    headers: { Authorization: `Bearer ${token}`, 'X-Tenant-Id': ids.tenant_id },
  });
  expect(response.status()).toBe(409);
  expect((await response.json()).error.message).toMatch(/[ぁ-んァ-ン一-龥]/);
  await admin.context().close();
});

for (const viewport of [
  { label: '1440', width: 1440, height: 900 },
  { label: '375', width: 375, height: 812 },
] as const) {
  test(`/tenant-users has no serious accessibility violation at ${viewport.label}px`, async ({ browser }) => {
    const admin = await signInAs(browser, demo.sakuraAdmin.email, viewport);
    await admin.goto('/tenant-users');
    await expect(admin.getByRole('row').filter({ hasText: demo.sakuraStaff.email })).toBeVisible();
    await expect(admin.getByRole('heading', { name: '役割と権限' })).toBeVisible();
    await expectNoSeriousA11yViolations(admin, `/tenant-users ${viewport.label}px`);
    // The role filter lives in the URL.
    await admin.getByRole('combobox', { name: '役割で絞り込み' }).selectOption('staff');
    await expect(admin).toHaveURL(/role=staff/);
    await expect(admin.getByRole('row').filter({ hasText: demo.sakuraAdmin.email })).toHaveCount(0);
    await admin.getByRole('button', { name: 'ユーザーを追加' }).click();
    const dialog = admin.getByRole('dialog', { name: 'ユーザーを追加' });
    await dialog.getByRole('button', { name: '追加する' }).click();
    await expect(dialog.getByText('メールアドレスを入力してください。')).toBeVisible();
    await expectNoSeriousA11yViolations(admin, `/tenant-users 追加ダイアログ ${viewport.label}px`);
    await admin.context().close();
  });
}
