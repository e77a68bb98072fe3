import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { demo, expectNoSeriousA11yViolations, signInAs } from './support';

/**
 * /staff: the administrator of さくら registers a staff member (フリガナ typed in hiragana), finds
 * them by a 2-character term and by ひらがな, edits and deletes them; the staff demo user reads the
 * roster without being offered any change. Axe at 1440 and 375 px, screenshots of both.
 */

const SHOTS = process.env.TSUMIKI_E2E_SHOTS ?? 'test-results/staff-screens';

async function search(page: Page, term: string) {
  const box = page.getByRole('searchbox', { name: 'スタッフを検索' });
  await box.fill(term);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(term)}`));
  await expect(page.getByTestId('staff-total')).not.toHaveText('検索しています…');
}

const table = (page: Page) => page.getByRole('table', { name: 'スタッフ一覧' });

const viewports = [
  { label: '1440', width: 1440, height: 900 },
  { label: '375', width: 375, height: 812 },
] as const;

for (const viewport of viewports) {
  test(`the administrator registers, finds, edits and deletes a staff member at ${viewport.label}px`, async ({
    browser,
  }) => {
    // Two axe scans and a dozen round trips: more than the default minute on a busy machine.
    test.setTimeout(150_000);
    mkdirSync(SHOTS, { recursive: true });
    const page = await signInAs(browser, demo.sakuraAdmin.email, viewport);
    await page.goto('/staff');
    await expect(page.getByRole('heading', { name: 'スタッフ管理', level: 1 })).toBeVisible();
    await expect(table(page).getByRole('row')).not.toHaveCount(1);
    // The seeded roster: 田中 健太 is linked to the staff demo user's account.
    await expect(table(page).getByRole('row', { name: /田中 健太/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `/staff ${viewport.label}`);
    await page.screenshot({ path: `${SHOTS}/staff-list-${viewport.label}.png`, fullPage: true });

    // Register: フリガナ typed in hiragana becomes katakana; qualifications as tags.
    const given = viewport.label === '1440' ? { name: '蒼', kana: 'あおい' } : { name: '楓', kana: 'かえで' };
    const fullName = `積木 ${given.name}`;
    await page.getByRole('button', { name: '新規登録' }).click();
    const dialog = page.getByRole('dialog', { name: 'スタッフを登録' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox', { name: /^姓/ }).fill('積木');
    await dialog.getByRole('textbox', { name: /^名/ }).fill(given.name);
    await dialog.getByRole('textbox', { name: /^セイ/ }).fill('つみき');
    await expect(dialog.getByRole('textbox', { name: /^セイ/ })).toHaveValue('ツミキ');
    await dialog.getByRole('textbox', { name: /^メイ/ }).fill(given.kana);
    await dialog.getByRole('textbox', { name: /^職種/ }).fill('看護師');
    await dialog.getByRole('textbox', { name: /^部署/ }).fill('訪問診療部');
    await dialog.getByLabel('雇用形態').selectOption({ label: 'パート・アルバイト' });
    await dialog.getByRole('textbox', { name: /^入職日/ }).fill('2026/04/01');
    const qualifications = dialog.getByRole('textbox', { name: /^資格/ });
    await qualifications.fill('看護師免許');
    await qualifications.press('Enter');
    await dialog.getByRole('textbox', { name: /^電話番号/ }).fill('０３−５５５５−０９９９');
    await expect(dialog.getByRole('textbox', { name: /^電話番号/ })).toHaveValue('03-5555-0999');
    await expectNoSeriousA11yViolations(page, `/staff dialog ${viewport.label}`);
    await page.screenshot({ path: `${SHOTS}/staff-dialog-${viewport.label}.png` });
    await dialog.getByRole('button', { name: '登録する' }).click();
    await expect(dialog).toBeHidden();

    // Found by a 2-character term (in 訪問診療部 only) and by the hiragana of its フリガナ.
    await search(page, '訪問');
    await expect(table(page).getByRole('row', { name: new RegExp(fullName) })).toBeVisible();
    await expect(page.getByTestId('staff-total')).toHaveText('条件に一致するスタッフ: 1 人');
    await search(page, `つみき${given.kana}`);
    const row = table(page).getByRole('row', { name: new RegExp(fullName) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('ツミキ');

    // Edit: the job title changes, the list follows.
    await row.getByRole('button', { name: `${fullName}を編集` }).click();
    const edit = page.getByRole('dialog', { name: 'スタッフ情報を編集' });
    await edit.getByRole('textbox', { name: /^職種/ }).fill('主任看護師');
    await edit.getByRole('button', { name: '保存する' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('主任看護師');

    // Delete after confirming.
    await row.getByRole('button', { name: `${fullName}を削除` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(`${fullName}さんを名簿から削除しますか？`);
    await confirm.getByRole('button', { name: '削除する' }).click();
    await expect(page.getByText('条件に一致するスタッフが見つかりません')).toBeVisible();
    await page.context().close();
  });
}

test('the staff demo user reads the roster without being offered changes', async ({ browser }) => {
  const page = await signInAs(browser, demo.sakuraStaff.email, { width: 1440, height: 900 });
  await page.goto('/staff');
  await expect(table(page).getByRole('row', { name: /小林 直子/ })).toBeVisible();
  const create = page.getByRole('button', { name: '新規登録' });
  await expect(create).toHaveAttribute('aria-disabled', 'true');
  await create.click({ force: true });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(table(page).getByRole('button', { name: /を編集$/ })).toHaveCount(0);
  await expect(table(page).getByRole('button', { name: /を削除$/ })).toHaveCount(0);
  await expect(table(page).getByRole('columnheader', { name: '操作' })).toHaveCount(0);
  await search(page, 'こばやし');
  await expect(table(page).getByRole('row', { name: /小林 直子/ })).toBeVisible();
  await expect(page.getByTestId('staff-total')).toHaveText('条件に一致するスタッフ: 1 人');
  await expectNoSeriousA11yViolations(page, '/staff as staff');
  await page.context().close();
});
