import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { demo, expectNoSeriousA11yViolations, signInAs } from './support';

const SHOTS = 'test-results/screens';

/** Registers a customer with one interaction through the screens, and opens their page. */
async function customerWithInteraction(page: Page, lastName: string) {
  await page.goto('/customers');
  await page.getByRole('button', { name: '新規登録' }).first().click();
  const dialog = page.getByRole('dialog', { name: '顧客を登録' });
  await dialog.getByLabel('姓').fill(lastName);
  await dialog.getByRole('textbox', { name: '名', exact: true }).fill('花子');
  await dialog.getByLabel('セイ').fill('テイセイ');
  await dialog.getByLabel('メイ').fill('ハナコ');
  await dialog.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByRole('heading', { name: `${lastName} 花子`, level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: '対応履歴を記録' });
  await form.getByLabel('要約').fill('予約の変更');
  await form.getByLabel('内容').fill('11月30日10時に変更（日付の誤り）');
  await form.getByRole('button', { name: '記録する' }).click();
  await expect(page.getByTestId('interaction-timeline')).toContainText('11月30日10時に変更（日付の誤り）');
}

for (const viewport of [
  { label: '1440', width: 1440, height: 900 },
  { label: '375', width: 375, height: 812 },
] as const) {
  test(`a mistyped interaction is corrected, its earlier version shown, then deleted at ${viewport.label}px`, async ({
    browser,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    const page = await signInAs(browser, demo.sakuraAdmin.email, viewport);
    await customerWithInteraction(page, `訂正${viewport.label}`);
    const timeline = page.getByTestId('interaction-timeline');

    // Keyboard: the correction dialog opens on the content, Ctrl+A replaces it.
    await timeline.getByRole('button', { name: '「予約の変更」を直す' }).click();
    const dialog = page.getByTestId('interaction-edit-dialog');
    await expect(dialog.getByLabel('内容')).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('12月1日10時に変更');
    await dialog.getByRole('button', { name: '保存する' }).click();
    await expect(dialog).toBeHidden();
    await expect(timeline).toContainText('12月1日10時に変更');
    await expect(timeline).not.toContainText('日付の誤り');
    await expect(timeline).toContainText('修正:');

    // Who wrote the earlier version, who replaced it, and what it said.
    await timeline.getByRole('button', { name: /以前の版（1）/ }).click();
    const versions = timeline.getByRole('region', { name: '以前の版' });
    await expect(versions).toContainText('11月30日10時に変更（日付の誤り）');
    await expect(versions).toContainText('版 1 — 記録:');
    await expectNoSeriousA11yViolations(page, `interaction history ${viewport.label}px`);
    await page.screenshot({ path: `${SHOTS}/interaction-history-${viewport.label}.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );

    await timeline.getByRole('button', { name: '「予約の変更」を削除' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: '削除する' }).click();
    await expect(timeline).toHaveCount(0);
    await expect(page.getByText('対応履歴はまだありません')).toBeVisible();
    await page.context().close();
  });
}

test('staff may correct but not delete an interaction', async ({ browser }) => {
  const admin = await signInAs(browser, demo.sakuraAdmin.email, { width: 1440, height: 900 });
  await customerWithInteraction(admin, 'スタッフ確認');
  const url = admin.url();
  await admin.context().close();
  const staff = await signInAs(browser, demo.sakuraStaff.email, { width: 1440, height: 900 });
  await staff.goto(url);
  const timeline = staff.getByTestId('interaction-timeline');
  await expect(timeline.getByRole('button', { name: '「予約の変更」を直す' })).toBeVisible();
  await expect(timeline.getByRole('button', { name: /を削除$/ })).toHaveCount(0);
  // Nor the trash: it is for who may delete customers.
  await staff.goto('/customers');
  await expect(staff.getByRole('link', { name: 'ゴミ箱', exact: true })).toHaveCount(0);
  await staff.context().close();
});

test('a deleted customer waits in the trash: restored, or erased for good', async ({ browser }) => {
  mkdirSync(SHOTS, { recursive: true });
  const page = await signInAs(browser, demo.sakuraAdmin.email, { width: 1440, height: 900 });
  // Once deleted, the customer's page asks nothing more about them (it used to ask for the
  // interactions of the customer it had just deleted, and got a 404).
  const notFound: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404 && response.url().includes('/api/')) notFound.push(response.url());
  });
  for (const lastName of ['ゴミ箱戻す', 'ゴミ箱消す']) {
    await customerWithInteraction(page, lastName);
    // Nobody assigned: the page says 未設定, as the list does.
    await expect(
      page.locator('dt', { hasText: '担当者' }).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText('未設定');
    await page.getByRole('button', { name: '削除' }).first().click();
    await page.getByRole('alertdialog').getByRole('button', { name: '削除する' }).click();
    await expect(page).toHaveURL(/\/customers(\?|$)/);
  }
  expect(notFound).toEqual([]);
  await page.getByRole('link', { name: 'ゴミ箱', exact: true }).click();
  await expect(page.getByRole('heading', { name: /ゴミ箱/, level: 1 })).toBeVisible();
  const rows = page.getByRole('row');
  await expect(rows.filter({ hasText: 'ゴミ箱戻す 花子' })).toContainText('1 件');
  await expectNoSeriousA11yViolations(page, '/customers/trash 1440');
  await page.screenshot({ path: `${SHOTS}/trash-1440.png` });

  await rows
    .filter({ hasText: 'ゴミ箱戻す 花子' })
    .getByRole('button', { name: /の操作/ })
    .click();
  await page.getByRole('menuitem', { name: '元に戻す' }).click();
  await expect(page.getByText('ゴミ箱戻す 花子 さんを元に戻しました', { exact: true })).toBeVisible();
  await expect(rows.filter({ hasText: 'ゴミ箱戻す 花子' })).toHaveCount(0);

  await rows
    .filter({ hasText: 'ゴミ箱消す 花子' })
    .getByRole('button', { name: /の操作/ })
    .click();
  await page.getByRole('menuitem', { name: '完全に消去' }).click();
  const confirm = page.getByRole('alertdialog', { name: /完全に消去しますか/ });
  await expect(confirm).toContainText('対応履歴 1 件');
  await confirm.getByRole('button', { name: '完全に消去する' }).click();
  await expect(rows.filter({ hasText: 'ゴミ箱消す 花子' })).toHaveCount(0);

  await page.goto('/customers?q=%E3%82%B4%E3%83%9F%E7%AE%B1');
  await expect(page.getByRole('link', { name: 'ゴミ箱戻す 花子' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'ゴミ箱消す 花子' })).toHaveCount(0);

  const mobile = await signInAs(browser, demo.sakuraAdmin.email, { width: 375, height: 812 });
  await mobile.goto('/customers/trash');
  await expect(mobile.getByRole('heading', { name: /ゴミ箱/, level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(mobile, '/customers/trash 375');
  expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await mobile.screenshot({ path: `${SHOTS}/trash-375.png`, fullPage: true });
  await page.context().close();
  await mobile.context().close();
});

test('two people edit one customer: the second save says who changed what, keeps the input, and may overwrite', async ({
  browser,
}) => {
  const admin = await signInAs(browser, demo.sakuraAdmin.email, { width: 1440, height: 900 });
  await customerWithInteraction(admin, '同時編集');
  const detailUrl = admin.url();
  const profileOf = (page: Page) =>
    page.getByRole('heading', { name: '基本情報' }).locator('xpath=ancestor::*[@data-slot="card"][1]');

  // The administrator opens the edit form and types a new phone number…
  await admin.getByRole('button', { name: '編集', exact: true }).click();
  const edit = admin.getByRole('dialog', { name: '顧客情報を編集' });
  await edit.getByLabel('電話番号').fill('090-1111-2222');

  // …while a colleague saves another phone number for the same customer first.
  const staff = await signInAs(browser, demo.sakuraStaff.email, { width: 375, height: 812 });
  await staff.goto(detailUrl);
  await staff.getByRole('button', { name: '編集', exact: true }).click();
  const staffEdit = staff.getByRole('dialog', { name: '顧客情報を編集' });
  await staffEdit.getByLabel('電話番号').fill('03-9999-0000');
  await staffEdit.getByRole('button', { name: '保存する' }).click();
  await expect(staffEdit).toBeHidden();

  // Nothing is lost: the form says where the two differ and keeps what the administrator typed.
  await edit.getByRole('button', { name: '保存する' }).click();
  const conflict = edit.getByTestId('customer-conflict');
  await expect(conflict).toContainText('ほかの人がこの顧客を先に更新しました');
  await expect(conflict).toContainText('ほかの人: 03-9999-0000');
  await expect(conflict).toContainText('あなた: 090-1111-2222');
  await expect(edit.getByLabel('電話番号')).toHaveValue('090-1111-2222');
  await expectNoSeriousA11yViolations(admin, 'edit conflict');
  mkdirSync(SHOTS, { recursive: true });
  await admin.screenshot({ path: `${SHOTS}/customer-conflict-1440.png` });

  await conflict.getByRole('button', { name: '自分の内容で上書き' }).click();
  await expect(edit).toBeHidden();
  await expect(profileOf(admin)).toContainText('090-1111-2222');
  await staff.reload();
  await expect(profileOf(staff)).toContainText('090-1111-2222');
});
