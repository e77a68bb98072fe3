import { expect, type Page, test } from '@playwright/test';
import { demo, expectNoSeriousA11yViolations, signInAs } from './support';

const baseURL = () => process.env.TSUMIKI_E2E_BASE_URL ?? '';

/** The bell in the top bar; its name carries the unread count: 通知（未読 3 件）. */
const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^通知/ });

/** The unread count the bell on `page` shows (0 without a badge, 99 for 99+). */
async function shownCount(page: Page): Promise<number> {
  const match = /未読\s*(\d+)/.exec((await bell(page).textContent()) ?? '');
  return match ? Number(match[1]) : 0;
}

/**
 * The unread count of `email`, once the bell on `page` agrees with the server (right after sign-in
 * the bell is drawn before its count has arrived, so its text alone could read 0; and a background
 * job of an earlier test may still add one).
 */
async function bellCount(page: Page, email: string): Promise<number> {
  await expect(bell(page)).toBeVisible();
  const token = await accessToken(email);
  let count = -1;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${baseURL()}/api/notifications/stats`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(response.status).toBe(200);
        count = ((await response.json()) as { unread_count: number }).unread_count;
        return (await shownCount(page)) === Math.min(count, 99);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return count;
}

function bellName(count: number): RegExp {
  return count === 0 ? /^通知$/ : new RegExp(`^通知\\s*（未読 ${count > 99 ? '99\\+' : count} 件）$`);
}

/** An access token for the API, as the app's sign-in gets one. */
async function accessToken(email: string): Promise<string> {
  const response = await fetch(`${baseURL()}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: demo.password }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Registers customers through the API: each one is a notification for the other members. */
async function createCustomers(token: string, count: number, stamp: string) {
  for (let index = 0; index < count; index++) {
    const response = await fetch(`${baseURL()}/api/customers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        last_name: '通知',
        first_name: `太郎${stamp}${index}`,
        last_name_kana: 'ツウチ',
        first_name_kana: 'タロウ',
      }),
    });
    expect(response.status).toBe(201);
  }
}

test('a customer created by one user shows on the other user’s bell without a reload, and opens from it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString().slice(-6);
  const customerName = `鈴木 通知${stamp}`;
  const admin = await signInAs(browser, demo.sakuraAdmin.email);
  const staff = await signInAs(browser, demo.sakuraStaff.email);

  const before = await bellCount(staff, demo.sakuraStaff.email);
  // Nothing below may reload the staff's page: this mark would be gone.
  await staff.evaluate(() => {
    (window as unknown as { stillSamePage: boolean }).stillSamePage = true;
  });

  // The admin registers a customer through the UI.
  await admin.getByRole('link', { name: '顧客一覧を開く' }).click();
  await admin.getByRole('button', { name: '新規登録' }).first().click();
  const form = admin.getByRole('dialog', { name: '顧客を登録' });
  await form.getByLabel('姓').fill('鈴木');
  await form.getByRole('textbox', { name: '名', exact: true }).fill(`通知${stamp}`);
  await form.getByLabel('セイ').fill('スズキ');
  await form.getByLabel('メイ').fill('ツウチ');
  await form.getByRole('button', { name: '登録する' }).click();
  await expect(admin.getByRole('heading', { name: customerName, level: 1 })).toBeVisible();
  const customerUrl = admin.url();

  // The staff's bell goes up within seconds, pushed by the server (the poll is every 5 minutes).
  await expect(bell(staff)).toHaveAccessibleName(bellName(before + 1), { timeout: 10_000 });
  expect(await staff.evaluate(() => (window as unknown as { stillSamePage?: boolean }).stillSamePage)).toBe(
    true,
  );

  // The panel lists it first; opening it leads to the customer and marks it read.
  await bell(staff).click();
  const panel = staff.getByRole('dialog', { name: '通知' });
  const item = panel.getByRole('listitem').filter({ hasText: `「${customerName}」` });
  await expect(item).toContainText(`佐藤 美咲さんが「${customerName}」さんを登録しました。`);
  await expect(panel.getByRole('listitem').first()).toContainText(customerName);
  await expectNoSeriousA11yViolations(staff, 'bell panel');
  await item.getByRole('link', { name: '顧客が登録されました' }).click();
  await expect(staff).toHaveURL(customerUrl);
  await expect(staff.getByRole('heading', { name: customerName, level: 1 })).toBeVisible();
  await expect(panel).toBeHidden();
  await expect(bell(staff)).toHaveAccessibleName(bellName(before));
  expect(await staff.evaluate(() => (window as unknown as { stillSamePage?: boolean }).stillSamePage)).toBe(
    true,
  );

  // The read state survives a reload: the server has it.
  await staff.reload();
  await expect(bell(staff)).toHaveAccessibleName(bellName(before));

  await admin.context().close();
  await staff.context().close();
});

/** POSTs `body` to the API as the holder of `token`; returns the created resource. */
async function post<T>(token: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseURL()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  expect(response.status, path).toBe(201);
  return (await response.json()) as T;
}

/** The figure of one of the dashboard's stat cards (顧客数, 対応履歴数, 今月の活動). */
async function statFigure(page: Page, title: string): Promise<number> {
  const card = page.getByRole('group', { name: title });
  await expect(card).toContainText(/\d/);
  return Number(((await card.textContent()) ?? '').replace(/[^\d]/g, ''));
}

test('the dashboard keeps up without a reload: what another member records moves its counts and recent list', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString().slice(-6);
  const summary = `予約の確認 ${stamp}`;
  const admin = await signInAs(browser, demo.sakuraAdmin.email);
  const customers = await statFigure(admin, '顧客数');
  const interactions = await statFigure(admin, '対応履歴数');
  const thisMonth = await statFigure(admin, '今月の活動');
  const recent = admin
    .getByRole('heading', { name: '最近の対応履歴' })
    .locator('xpath=ancestor::*[@data-slot="card"][1]');
  await expect(recent).not.toContainText(summary);
  const before = await bellCount(admin, demo.sakuraAdmin.email);
  await admin.evaluate(() => {
    (window as unknown as { stillSamePage: boolean }).stillSamePage = true;
  });

  // The staff member registers a customer in the administrator's charge and records a call.
  const staff = await accessToken(demo.sakuraStaff.email);
  const assignees = await fetch(`${baseURL()}/api/customers/assignees`, {
    headers: { authorization: `Bearer ${staff}` },
  });
  const { assignees: people } = (await assignees.json()) as {
    assignees: { user_id: string; email: string }[];
  };
  const adminId = people.find((person) => person.email === demo.sakuraAdmin.email)?.user_id;
  expect(adminId).toBeTruthy();
  const customer = await post<{ id: string }>(staff, '/api/customers', {
    last_name: '更新',
    first_name: `花子${stamp}`,
    last_name_kana: 'コウシン',
    first_name_kana: 'ハナコ',
    assignee_user_id: adminId,
  });
  await post(staff, '/api/interactions', {
    customer_id: customer.id,
    type: 'call',
    summary,
    content: '来週の予約時間を電話で確認しました。',
  });

  // The bell rises (the live stream), and with it what the dashboard shows: no reload, no poll.
  await expect(bell(admin)).toHaveAccessibleName(bellName(before + 2), { timeout: 10_000 });
  await expect.poll(() => statFigure(admin, '顧客数'), { timeout: 10_000 }).toBe(customers + 1);
  await expect.poll(() => statFigure(admin, '対応履歴数')).toBe(interactions + 1);
  await expect.poll(() => statFigure(admin, '今月の活動')).toBe(thisMonth + 1);
  await expect(recent.getByRole('listitem').first()).toContainText(summary);
  expect(await admin.evaluate(() => (window as unknown as { stillSamePage?: boolean }).stillSamePage)).toBe(
    true,
  );
  await admin.context().close();
});

test('/notifications: 10 at a time with もっと見る, 未読のみ and 分類 in the URL, mark all read, at 375px', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString().slice(-6);
  // More than a page of unread notifications for the staff.
  await createCustomers(await accessToken(demo.sakuraAdmin.email), 12, stamp);

  const staff = await signInAs(browser, demo.sakuraStaff.email, { width: 375, height: 812 });
  await expect(bell(staff)).toHaveAccessibleName(/^通知\s*（未読 \d+ 件）$/);
  const unread = await bellCount(staff, demo.sakuraStaff.email);
  expect(unread).toBeGreaterThanOrEqual(12);

  // Keyboard only: the bell, then すべての通知を見る.
  await bell(staff).focus();
  await staff.keyboard.press('Enter');
  const panel = staff.getByRole('dialog', { name: '通知' });
  await expect(panel.getByRole('listitem')).toHaveCount(5);
  const viewAll = panel.getByRole('link', { name: 'すべての通知を見る' });
  await viewAll.focus();
  await staff.keyboard.press('Enter');
  await expect(staff).toHaveURL(/\/notifications$/);
  await expect(staff.getByRole('heading', { name: '通知', level: 1 })).toBeVisible();
  await expect(staff).toHaveTitle('通知 | 積み木');

  const list = staff.getByRole('region', { name: '通知一覧' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  await expect(list.getByRole('listitem').first()).toContainText(`太郎${stamp}11`);
  // Relative and absolute time, in Japan time.
  await expect(list.locator('time').first()).toHaveText(
    /^たった今（\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}）$|^\d+分前（/,
  );
  await expect(staff.getByTestId('notification-total')).toContainText(`未読 ${unread} 件`);
  await expectNoSeriousA11yViolations(staff, '/notifications 375');
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await list.getByRole('button', { name: 'もっと見る' }).click();
  // The next page joins the list (more than 10 exist).
  await expect.poll(() => list.getByRole('listitem').count()).toBeGreaterThan(10);

  // Mark one read from the list: the count drops by one.
  await list
    .getByRole('button', { name: /^既読にする\s*（顧客が登録されました）$/ })
    .first()
    .click();
  await expect(bell(staff)).toHaveAccessibleName(bellName(unread - 1));

  // 未読のみ, kept in the URL across a reload.
  await staff.getByRole('switch', { name: '未読のみ' }).click();
  await expect(staff).toHaveURL(/unread=1/);
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await expect(list.locator('[data-slot="notification-item"][data-read="true"]')).toHaveCount(0);
  await staff.getByLabel('分類').selectOption('customer');
  await expect(staff).toHaveURL(/category=customer/);
  await staff.reload();
  await expect(staff.getByRole('switch', { name: '未読のみ' })).toBeChecked();
  await expect(staff.getByLabel('分類')).toHaveValue('customer');
  await staff.getByLabel('分類').selectOption('');
  await expect(staff).not.toHaveURL(/category=/);

  // Mark all read: the count is gone everywhere and 未読のみ shows none, not an error.
  await staff.getByRole('button', { name: 'すべて既読にする' }).click();
  await expect(bell(staff)).toHaveAccessibleName(bellName(0));
  await expect(staff.getByRole('heading', { name: '未読の通知はありません' })).toBeVisible();
  await expect(staff.getByRole('button', { name: 'すべて既読にする' })).toBeDisabled();
  await expectNoSeriousA11yViolations(staff, '/notifications 375 empty');

  await staff.getByRole('button', { name: '絞り込みを解除' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(10);
  await expect(list.locator('[data-slot="notification-item"][data-read="false"]')).toHaveCount(0);
  await staff.context().close();
});
