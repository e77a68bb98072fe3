import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { demo, expectNoSeriousA11yViolations, signIn } from './support';

/** A seeded customer of the admin's tenant, read from the database, with its フリガナ in hiragana. */
async function seededCustomer() {
  const client = new pg.Client({ connectionString: process.env.TSUMIKI_E2E_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ last_name: string; first_name: string; last_name_kana: string }>(
      `select c.last_name, c.first_name, c.last_name_kana from customers c
         join tenant_users tu on tu.tenant_id = c.tenant_id join users u on u.id = tu.user_id
        where u.email = $1 and c.deleted_at is null and char_length(c.last_name_kana) >= 2
        order by c.last_name_kana limit 1`,
      [demo.sakuraAdmin.email],
    );
    const row = rows[0];
    if (!row) throw new Error('no seeded customer');
    const hiragana = Array.from(row.last_name_kana.slice(0, 2))
      .map((char) => String.fromCodePoint(char.codePointAt(0)! - 0x60))
      .join('');
    return { name: `${row.last_name} ${row.first_name}`, search: hiragana };
  } finally {
    await client.end();
  }
}

const viewports = [
  { label: '1440', width: 1440, height: 900, firstName: '花子', firstKana: 'はなこ' },
  { label: '375', width: 375, height: 812, firstName: '葉月', firstKana: 'はづき' },
] as const;

for (const viewport of viewports) {
  test(`a newcomer finds, registers, records, edits, deletes and restores a customer at ${viewport.label}px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const seeded = await seededCustomer();
    const stamp = Date.now().toString().slice(-6);
    const customerName = `積木 ${viewport.firstName}`;
    const summary = `初回の打ち合わせ ${viewport.label}-${stamp}`;
    const email = `tsumiki-${viewport.label}-${stamp}@example.jp`;
    test.setTimeout(180_000);

    await signIn(page);
    await page.getByRole('link', { name: '顧客一覧を開く' }).click();
    await expect(page.getByRole('heading', { name: '顧客管理', level: 1 })).toBeVisible();
    await expect(page.getByRole('table', { name: '顧客一覧' }).getByRole('row')).not.toHaveCount(1);
    await expectNoSeriousA11yViolations(page, 'list');

    // Two hiragana characters find a customer whose フリガナ is in katakana: the server folds kana.
    await page.getByRole('searchbox', { name: '顧客を検索' }).fill(seeded.search);
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(seeded.search)}`));
    await expect(page.getByRole('link', { name: seeded.name })).toBeVisible();
    await expect(page.getByTestId('customer-total')).toContainText('条件に一致する顧客');
    // The search is in the URL: a reload keeps it.
    await page.reload();
    await expect(page.getByRole('searchbox', { name: '顧客を検索' })).toHaveValue(seeded.search);
    await expect(page.getByRole('link', { name: seeded.name })).toBeVisible();
    await page.getByRole('button', { name: '検索語を消去' }).click();
    await expect(page).not.toHaveURL(/q=/);

    // Register a customer; the address comes from the postal code.
    await page.getByRole('button', { name: '新規登録' }).first().click();
    const form = page.getByRole('dialog', { name: '顧客を登録' });
    await expect(form).toBeVisible();
    await expect(form.getByLabel('姓')).toBeFocused();
    await expectNoSeriousA11yViolations(page, 'form');
    // Submitting empty explains each required field in Japanese and focuses the first.
    await form.getByRole('button', { name: '登録する' }).click();
    await expect(form.getByLabel('姓')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('姓')).toHaveAccessibleDescription('入力してください');
    await expect(form.getByLabel('姓')).toBeFocused();

    await form.getByLabel('姓').fill('積木');
    await form.getByRole('textbox', { name: '名', exact: true }).fill(viewport.firstName);
    // Hiragana typed into フリガナ becomes katakana.
    await form.getByLabel('セイ').fill('つみき');
    await expect(form.getByLabel('セイ')).toHaveValue('ツミキ');
    await form.getByLabel('メイ').fill(viewport.firstKana);
    await expect(form.getByLabel('メイ')).not.toHaveValue(viewport.firstKana);
    await form.getByLabel('メールアドレス').fill(email);
    // Full-width digits (and the ー an IME gives for -) become half-width.
    await form.getByLabel('電話番号').fill('０３ー１２３４ー５６７８');
    await expect(form.getByLabel('電話番号')).toHaveValue('03-1234-5678');
    await form.getByLabel('郵便番号').fill('150-0001');
    await expect(form.getByLabel('都道府県')).toHaveValue('東京都');
    await expect(form.getByLabel('市区町村')).toHaveValue('渋谷区');
    await expect(form.getByLabel('番地・建物名')).toHaveValue('神宮前');
    await expect(form.getByTestId('postal-status')).toContainText('住所を入力しました');
    await form.getByLabel('番地・建物名').fill('神宮前1-2-3 さくらビル 4階');
    await form.getByRole('textbox', { name: 'タグ' }).fill('E2E');
    await form.getByRole('textbox', { name: 'タグ' }).press('Enter');
    await expect(form.getByRole('button', { name: 'E2E を削除' })).toBeVisible();
    await form.getByLabel('担当者').selectOption({ label: '田中 健太' });
    await form.getByLabel('メモ').fill('紹介で来院。\n午前の予約を希望。');
    await form.getByRole('button', { name: '登録する' }).click();

    // The new customer's page.
    await expect(page.getByRole('heading', { name: customerName, level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);
    const detailUrl = page.url();
    const profile = page
      .getByRole('heading', { name: '基本情報' })
      .locator('xpath=ancestor::*[@data-slot="card"][1]');
    await expect(profile).toContainText('〒150-0001');
    await expect(profile).toContainText('東京都 渋谷区 神宮前1-2-3 さくらビル 4階');
    await expect(profile).toContainText('田中 健太');
    await expect(profile).toContainText('E2E');
    await expect(page.getByText('対応履歴はまだありません')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'detail');

    // Record an interaction: it is first on the timeline at once.
    const record = page.getByRole('form', { name: '対応履歴を記録' });
    await record.getByLabel('種類').selectOption({ label: '打ち合わせ' });
    await record.getByLabel('要約').fill(summary);
    await record.getByLabel('内容').fill('治療方針について説明した。\n次回は2週間後。');
    await record.getByRole('button', { name: '記録する' }).click();
    const timeline = page.getByTestId('interaction-timeline');
    await expect(timeline.getByRole('listitem').first()).toContainText(summary);
    await expect(timeline.getByRole('listitem').first()).toContainText('打ち合わせ');
    await expect(timeline.getByRole('listitem').first()).toContainText('佐藤 美咲');
    await expect(record.getByLabel('内容')).toHaveValue('');

    // The dashboard shows it first among the recent interactions, linked to the customer.
    await page.goto('/');
    const recent = page
      .getByRole('heading', { name: '最近の対応履歴' })
      .locator('xpath=ancestor::*[@data-slot="card"][1]');
    await expect(recent.getByRole('listitem').first()).toContainText(summary);
    await recent.getByRole('listitem').first().getByRole('link', { name: customerName }).click();
    await expect(page).toHaveURL(detailUrl);

    // Edit: change the phone number; only that changes.
    await page.getByRole('button', { name: '編集', exact: true }).click();
    const edit = page.getByRole('dialog', { name: '顧客情報を編集' });
    await expect(edit.getByLabel('電話番号')).toHaveValue('03-1234-5678');
    await edit.getByLabel('電話番号').fill('090-1111-2222');
    await expectNoSeriousA11yViolations(page, 'edit form');
    await edit.getByRole('button', { name: '保存する' }).click();
    await expect(edit).toBeHidden();
    await expect(profile).toContainText('090-1111-2222');
    await expect(profile).toContainText('神宮前1-2-3');

    // Delete, then undo from the toast.
    await page.getByRole('button', { name: '削除', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: `${customerName} さんを削除しますか？` });
    await confirm.getByRole('button', { name: '削除する' }).click();
    await expect(page).toHaveURL(/\/customers$/);
    await expect(page.getByText(`${customerName} さんを削除しました`, { exact: true })).toBeVisible();
    // Gone from the list and from search (by its own e-mail address, unique to this run).
    await page.getByRole('searchbox', { name: '顧客を検索' }).fill(email);
    await expect(page.getByText('条件に一致する顧客が見つかりません')).toBeVisible();
    await page.getByRole('button', { name: '元に戻す' }).click();
    await expect(page.getByText(`${customerName} さんを元に戻しました`, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: customerName })).toBeVisible();
    // At 375 px the restore's toast may lie over the row (the 五十音 tabs push the list down):
    // open it from the keyboard, which the toast does not stand in the way of.
    await page.getByRole('link', { name: customerName }).press('Enter');
    await expect(page.getByRole('heading', { name: customerName, level: 1 })).toBeVisible();
    await expect(page.getByText('この顧客は削除されています')).toBeHidden();
    await expect(page.getByTestId('interaction-timeline').getByRole('listitem').first()).toContainText(
      summary,
    );
  });
}

test('a customer that does not exist says so, with a way back', async ({ page }) => {
  await signIn(page);
  await page.goto('/customers/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: '顧客が見つかりません' })).toBeVisible();
  await page.getByRole('link', { name: '顧客一覧へ' }).click();
  await expect(page).toHaveURL(/\/customers$/);
});

test('the list keeps its sort and page in the URL across back and reload', async ({ page }) => {
  await signIn(page);
  await page.goto('/customers?sort=last_name_kana&page=2');
  await expect(page.getByLabel('並べ替え')).toHaveValue('last_name_kana');
  await expect(page.getByRole('button', { name: '2 ページ', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const firstOnPage2 = await page
    .getByRole('table', { name: '顧客一覧' })
    .getByRole('link')
    .first()
    .textContent();
  await page.getByRole('table', { name: '顧客一覧' }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: firstOnPage2 ?? '', level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/sort=last_name_kana&page=2/);
  await expect(page.getByRole('table', { name: '顧客一覧' }).getByRole('link').first()).toHaveText(
    firstOnPage2 ?? '',
  );
  await page.reload();
  await expect(page.getByRole('table', { name: '顧客一覧' }).getByRole('link').first()).toHaveText(
    firstOnPage2 ?? '',
  );
});

test('the two exports download under names of their own; the Shift_JIS one reads back in the import preview', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/customers');
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' })
    .format(new Date())
    .replaceAll('-', '');
  await page.getByRole('button', { name: 'CSV 出力' }).click();
  // The open menu leaves the page behind it in the accessibility tree (no aria-hidden-focus).
  await expect(page.getByRole('menuitem', { name: 'UTF-8' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'CSV export menu open');
  const utf8 = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'UTF-8' }).click();
  expect((await utf8).suggestedFilename()).toBe(`顧客一覧_${today}.csv`);

  // The button is busy until the first file is written; a click on it then opens nothing.
  const exportButton = page.getByRole('button', { name: 'CSV 出力' });
  await expect(exportButton).toBeEnabled();
  await expect(async () => {
    await exportButton.click();
    await expect(page.getByRole('menuitem', { name: 'Shift_JIS（Excel）' })).toBeVisible({ timeout: 2_000 });
  }).toPass();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Shift_JIS（Excel）' }).click();
  const download = await downloading;
  // Both can sit side by side in the downloads folder, each saying which one it is.
  expect(download.suggestedFilename()).toBe(`顧客一覧_${today}_ShiftJIS.csv`);
  const path = await download.path();

  await page.getByRole('button', { name: 'CSV 取り込み' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'CSV から顧客を取り込む' });
  await dialog.locator('input[type=file]').setInputFiles({
    name: '顧客一覧.csv',
    mimeType: 'text/csv',
    buffer: await readFile(path),
  });
  const preview = dialog.getByTestId('import-preview');
  await expect(preview).toBeVisible();
  await expect(dialog).toContainText('エラー 0 行');
  await expect(dialog).toContainText('取り込まない列: 診察券番号、担当者名、登録日時、更新日時、ID');
  await expect(preview.getByRole('row').nth(1)).toContainText('登録できます');
  await expectNoSeriousA11yViolations(page, 'import preview');
  // Nothing is registered until the user confirms.
  await dialog.getByRole('button', { name: '別のファイルを選ぶ' }).click();
  await expect(dialog.getByText('使える見出し')).toBeVisible();
});

test('keyboard only: search, then open a customer from the list', async ({ page }) => {
  await signIn(page);
  await page.goto('/customers');
  await page.getByRole('searchbox', { name: '顧客を検索' }).focus();
  await page.keyboard.type('03-');
  await expect(page).toHaveURL(/q=03-/);
  // Wait for the answer to this search, not the previous rows kept on screen while it loads.
  await expect(page.getByTestId('customer-total')).toContainText('条件に一致する顧客');
  await expect(page.getByRole('table', { name: '顧客一覧' })).not.toHaveAttribute('aria-busy', 'true');
  const firstLink = page.getByRole('table', { name: '顧客一覧' }).getByRole('link').first();
  const name = (await firstLink.textContent()) ?? '';
  // Tab from the search box reaches the first customer's link (through the filters and sort).
  for (
    let step = 0;
    step < 12 && !(await firstLink.evaluate((el) => el === document.activeElement));
    step += 1
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(firstLink).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
});
