import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { demo, expectNoSeriousA11yViolations, signIn } from './support';

// A file up to 2,000 rows is previewed with its likely duplicates before it is registered; a file
// over 2,000 rows goes to the server's background import: its progress in the dialog and
// on the customer list (after a reload too), 「中止」, the counts at the end and the error report.

/** Two kana per digit: the readings of two rows differ in two or more letters (never "one edit apart"). */
const DIGIT_KANA = ['アカ', 'イキ', 'ウク', 'エケ', 'オコ', 'サタ', 'シチ', 'スツ', 'セテ', 'ソト'];

/**
 * One row per person: the reading (after `kana`) and the phone (after `area`) are the row's own,
 * so no row is a likely duplicate of another, nor of another file's rows.
 */
function csv(
  count: number,
  lastName: string,
  kana: string,
  area: string,
  bad: Map<number, string> = new Map(),
): Buffer {
  const lines = ['姓,名,セイ,メイ,生年月日,性別,電話番号'];
  for (let index = 0; index < count; index += 1) {
    const row = index + 2;
    const digits = String(index).padStart(5, '0');
    const reading = [...digits].map((digit) => DIGIT_KANA[Number(digit)]).join('');
    const phone = `${area}-${digits.slice(0, 1).padStart(4, '0')}-${digits.slice(1)}`;
    lines.push(
      bad.get(row) ??
        `${lastName},花子${index},${kana},${reading},${index % 3 ? `S${40 + (index % 20)}.4.1` : '1985/04/01'},${index % 2 ? '女性' : '男性'},${phone}`,
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

/**
 * The shard's other specs share this database: the thousands of customers these imports made
 * (every file here uses its own family names) go again, so that an export or 重複の候補 later in
 * the shard sees the demo's data, not how far a cancelled import got on this machine.
 */
test.afterAll(async () => {
  const client = new pg.Client({ connectionString: process.env.TSUMIKI_E2E_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`delete from customers where last_name = any($1::text[])`, [
      ['取込', '中止', '重複', '小規模'],
    ]);
  } finally {
    await client.end();
  }
});

async function openImport(page: Page) {
  await page.goto('/customers');
  await page.getByRole('button', { name: 'CSV 取り込み' }).first().click();
  return page.getByRole('dialog', { name: 'CSV から顧客を取り込む' });
}

test('a large file imports in the background: progress, counts, and the 3 bad rows in the error report', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await signIn(page);
  const dialog = await openImport(page);
  const bad = new Map([
    [10, ',花子,ヤマダ,ハナコ,,,'],
    [500, '取込,花子,ヤマダ,ハナコ,,オス,'],
    [2999, '取込,花子,ヤマダ,ハナコ,R99.13.40,,'],
  ]);
  await dialog.locator('input[type=file]').setInputFiles({
    name: '旧システム.csv',
    mimeType: 'text/csv',
    buffer: csv(3000, '取込', 'トリコミ', '06', bad),
  });
  const progress = dialog.getByRole('region', { name: '「旧システム.csv」の取り込み' });
  await expect(progress).toBeVisible();
  await expect(progress.getByText('取り込みが終わりました')).toBeVisible({ timeout: 120_000 });
  await expect(progress).toContainText('登録 2,997 件・エラー 3 件（3,000 行を処理）');
  await expectNoSeriousA11yViolations(page, 'import done');
  await page.screenshot({ path: testInfo.outputPath('import-done-1440.png') });

  const downloading = page.waitForEvent('download');
  await progress.getByRole('button', { name: 'エラーの一覧をダウンロード' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^取り込みエラー_\d{8}\.csv$/u);
  const report = (await readFile(await download.path())).toString('utf8');
  expect(report.startsWith('\uFEFF行番号,項目,理由')).toBe(true);
  expect(report).toContain('10,姓,');
  expect(report).toContain('500,性別,男性・女性・その他・回答しない のいずれかを入力してください');
  expect(report).toContain('2999,生年月日,');
});

test('the progress survives a reload on the customer list, and 「中止」 stops the import (375 px)', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page);
  const dialog = await openImport(page);
  await dialog.locator('input[type=file]').setInputFiles({
    name: '大きな名簿.csv',
    mimeType: 'text/csv',
    buffer: csv(30_000, '中止', 'チュウシ', '011'),
  });
  await expect(dialog.getByRole('region', { name: '「大きな名簿.csv」の取り込み' })).toBeVisible();
  await page.reload();
  const banner = page
    .getByTestId('customer-imports')
    .getByRole('region', { name: '「大きな名簿.csv」の取り込み' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('progressbar', { name: '取り込みの進み具合' })).toBeVisible();
  // The file is first read for likely duplicates (none here), then imported.
  await expect(banner).toContainText(/[\d,]+ \/ 約 [\d,]+ 行を処理しました/u, { timeout: 180_000 });
  await expect(banner).toContainText(/毎秒 [\d,]+ 行・残り時間 約/u);
  await page.screenshot({ path: testInfo.outputPath('import-running-375.png'), fullPage: false });
  await expectNoSeriousA11yViolations(page, 'import running on the list');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('import-running-1440.png'), fullPage: false });
  await page.setViewportSize({ width: 375, height: 800 });
  // Keyboard only: the cancel button is reachable and works with Enter.
  await banner.getByRole('button', { name: '中止' }).focus();
  await page.keyboard.press('Enter');
  await expect(banner.getByText('取り込みを中止しました')).toBeVisible();
  await expect(banner).toContainText('中止までに登録した顧客はそのまま残っています。');
  await page.screenshot({ path: testInfo.outputPath('import-cancelled-375.png') });
});

/** A customer of the demo clinic with a phone number (read as the database's owner). */
async function demoCustomerWithPhone() {
  const client = new pg.Client({ connectionString: process.env.TSUMIKI_E2E_DATABASE_URL });
  await client.connect();
  try {
    const found = await client.query<{ id: string; last_name: string; first_name: string; phone: string }>(
      `select c.id, c.last_name, c.first_name, c.phone from customers c
        join tenant_users tu on tu.tenant_id = c.tenant_id join users u on u.id = tu.user_id
        where u.email = $1 and c.deleted_at is null and c.use_stopped_at is null and c.phone is not null
        order by c.created_at, c.id limit 1`,
      [demo.sakuraAdmin.email],
    );
    return found.rows[0] as { id: string; last_name: string; first_name: string; phone: string };
  } finally {
    await client.end();
  }
}

test('likely duplicates are shown before the import saves, and skipped rows are reported (375 and 1440 px)', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const existing = await demoCustomerWithPhone();
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page);
  const dialog = await openImport(page);
  const rows = csv(2100, '重複', 'ジュウフク', '092').toString('utf8').trimEnd().split('\r\n');
  // Row 2102: row 2 again under another given name (same phone); row 2103: the demo customer's phone.
  const again = '重複,華子,ジュウフク,ハナコ,,女性,092-0000-0000';
  const file = [...rows, again, `${existing.last_name},別人,ベツ,ベツジン,,,${existing.phone}`].join('\r\n');
  await dialog.locator('input[type=file]').setInputFiles({
    name: '重複あり.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(file, 'utf8'),
  });
  const progress = dialog.getByRole('region', { name: '「重複あり.csv」の取り込み' });
  await expect(progress.getByText('重複の可能性がある行 2 件')).toBeVisible({ timeout: 60_000 });
  const list = progress.getByRole('list', { name: '重複の可能性がある行' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').first()).toContainText('2102 行目: 重複 華子');
  await expect(list.getByRole('listitem').first()).toContainText('理由: 電話番号が同じ');
  await expect(list.getByRole('listitem').first()).toContainText(
    'このファイルの 2 行目と同じ人かもしれません',
  );
  const second = list.getByRole('listitem').nth(1);
  await expect(second).toContainText(`2103 行目: ${existing.last_name} 別人`);
  await expect(
    second.getByRole('link', {
      name: new RegExp(`登録済みの顧客: ${existing.last_name} ${existing.first_name}`, 'u'),
    }),
  ).toHaveAttribute('href', new RegExp(`/customers/${existing.id}$`, 'u'));
  await expect(progress.getByRole('radio', { name: '重複候補の行は取り込まない' })).toBeChecked();
  await expectNoSeriousA11yViolations(page, 'import duplicates 375');
  await page.screenshot({ path: testInfo.outputPath('import-duplicates-375.png') });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('import-duplicates-1440.png') });
  await expectNoSeriousA11yViolations(page, 'import duplicates 1440');

  // Keyboard only: the choice stays 「取り込まない」 and 「取り込みを始める」 starts the import.
  await progress.getByRole('button', { name: '取り込みを始める' }).focus();
  await page.keyboard.press('Enter');
  await expect(progress.getByText('取り込みが終わりました')).toBeVisible({ timeout: 120_000 });
  await expect(progress).toContainText(
    '登録 2,100 件・エラー 0 件・重複の候補で取り込まず 2 件（2,102 行を処理）',
  );
  await page.screenshot({ path: testInfo.outputPath('import-duplicates-done-1440.png') });
  const downloading = page.waitForEvent('download');
  await progress.getByRole('button', { name: 'エラーの一覧をダウンロード' }).click();
  const report = (await readFile(await (await downloading).path())).toString('utf8');
  expect(report).toContain(
    '2102,行全体,重複の可能性があるため取り込みませんでした（このファイルの 2 行目と電話番号が同じ）',
  );
  expect(report).toContain(
    `2103,行全体,重複の可能性があるため取り込みませんでした（登録済みの顧客「${existing.last_name} ${existing.first_name}」と電話番号が同じ）`,
  );
});

test('a small file shows its likely duplicates in the preview and registers without them (375 and 1440 px)', async ({
  page,
}, testInfo) => {
  const existing = await demoCustomerWithPhone();
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page);
  const dialog = await openImport(page);
  const file = [
    '姓,名,セイ,メイ,生年月日,電話番号',
    '小規模,一子,ショウキボ,イチコ,,093-0000-0001',
    '小規模,二子,ショウキボ,ニコ,1980/4/1,093-0000-0002',
    `${existing.last_name},別人,ベツ,ベツジン,,${existing.phone}`,
    // Row 2 again: the same reading and phone, another kanji.
    '小規模,壱子,ショウキボ,イチコ,,09300000001',
  ].join('\r\n');
  await dialog.locator('input[type=file]').setInputFiles({
    name: '小さな名簿.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(file, 'utf8'),
  });
  const found = dialog.getByTestId('import-duplicates');
  await expect(found.getByText('重複の可能性がある行 2 件')).toBeVisible();
  const items = found.getByRole('list', { name: '重複の可能性がある行' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText(`4 行目: ${existing.last_name} 別人`);
  await expect(items.first()).toContainText('理由: 電話番号が同じ');
  await expect(
    items.first().getByRole('link', {
      name: new RegExp(`登録済みの顧客: ${existing.last_name} ${existing.first_name}`, 'u'),
    }),
  ).toHaveAttribute('href', new RegExp(`/customers/${existing.id}$`, 'u'));
  await expect(items.nth(1)).toContainText('5 行目: 小規模 壱子');
  await expect(items.nth(1)).toContainText('このファイルの 2 行目と同じ人かもしれません');
  await expect(found.getByRole('radio', { name: '重複候補の行は取り込まない' })).toBeChecked();
  const register = dialog.getByRole('button', { name: '2 件を登録' });
  await expect(register).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'small import duplicates 375');
  await page.screenshot({ path: testInfo.outputPath('import-small-duplicates-375.png') });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('import-small-duplicates-1440.png') });

  // Keyboard only: 「すべて取り込む」 counts every valid row, 「取り込まない」 goes back to 2.
  await found.getByRole('radio', { name: '重複候補の行は取り込まない' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(found.getByRole('radio', { name: 'すべて取り込む' })).toBeChecked();
  await expect(dialog.getByRole('button', { name: '4 件を登録' })).toBeVisible();
  await page.keyboard.press('ArrowUp');
  await register.focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('2 件の顧客を登録しました')).toBeVisible();
  await expect(dialog).toContainText('重複の候補の 2 件は登録していません。');

  const client = new pg.Client({ connectionString: process.env.TSUMIKI_E2E_DATABASE_URL });
  await client.connect();
  try {
    const saved = await client.query<{ first_name: string }>(
      `select first_name from customers where last_name = '小規模' order by first_name`,
    );
    expect(saved.rows.map((row) => row.first_name)).toEqual(['一子', '二子']);
  } finally {
    await client.end();
  }
});
