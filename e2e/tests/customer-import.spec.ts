import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { demo, expectNoSeriousA11yViolations } from './support';

// A file over 2,000 rows goes to the server's background import: its progress in the dialog and
// on the customer list (after a reload too), 「中止」, the counts at the end and the error report.

async function signIn(page: Page) {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('メールアドレス').fill(demo.sakuraAdmin.email);
  await page.getByLabel('パスワード').fill(demo.password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'ダッシュボード' })).toBeVisible();
}

function csv(count: number, lastName: string, bad: Map<number, string> = new Map()): Buffer {
  const lines = ['姓,名,セイ,メイ,生年月日,性別,電話番号'];
  for (let index = 0; index < count; index += 1) {
    const row = index + 2;
    lines.push(
      bad.get(row) ??
        `${lastName},花子${index},ヤマダ,ハナコ,${index % 3 ? `S${40 + (index % 20)}.4.1` : '1985/04/01'},${index % 2 ? '女性' : '男性'},03-1234-5678`,
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

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
    buffer: csv(3000, '取込', bad),
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
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page);
  const dialog = await openImport(page);
  await dialog.locator('input[type=file]').setInputFiles({
    name: '大きな名簿.csv',
    mimeType: 'text/csv',
    buffer: csv(60_000, '中止'),
  });
  await expect(dialog.getByRole('region', { name: '「大きな名簿.csv」の取り込み' })).toBeVisible();
  await page.reload();
  const banner = page
    .getByTestId('customer-imports')
    .getByRole('region', { name: '「大きな名簿.csv」の取り込み' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('progressbar', { name: '取り込みの進み具合' })).toBeVisible();
  await expect(banner).toContainText(/[\d,]+ \/ 約 [\d,]+ 行を処理しました/u);
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
