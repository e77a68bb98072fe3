import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { demo, expectNoSeriousA11yViolations, signInAs } from './support';

/**
 * /deep-research, offline (no provider configured): the administrator of さくら
 * researches a registered customer — the steps show, the report says it was made without AI, its
 * figures match the database, its citations jump to the sources — downloads the PDF under its
 * Japanese name, researches two competitors and sees the comparison, then at 375 px opens a saved
 * report and deletes one after confirming. Axe and screenshots at 1440 and 375 px.
 */

const SHOTS = process.env.TSUMIKI_E2E_SHOTS ?? 'test-results/deep-research-screens';

/** The さくら customer with the most interactions in the last year, and that count (from SQL). */
async function busiestCustomer() {
  const client = new pg.Client({ connectionString: process.env.TSUMIKI_E2E_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ last_name: string; first_name: string; count: string }>(
      `select c.last_name, c.first_name, count(i.id) as count from customers c
         join tenant_users tu on tu.tenant_id = c.tenant_id
         join users u on u.id = tu.user_id and u.email = $1
         join interactions i on i.tenant_id = c.tenant_id and i.customer_id = c.id
           and i.created_at >= now() - interval '365 days'
        where c.deleted_at is null
        group by c.id, c.last_name, c.first_name order by count(i.id) desc, c.id limit 1`,
      [demo.sakuraAdmin.email],
    );
    const row = rows[0];
    if (!row) throw new Error('no customer with interactions');
    return { name: `${row.last_name} ${row.first_name}`, lastName: row.last_name, count: Number(row.count) };
  } finally {
    await client.end();
  }
}

test.describe.configure({ mode: 'serial' });

test('researches a customer and competitors offline, downloads the PDF at 1440px', async ({ browser }) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const customer = await busiestCustomer();
  const page = await signInAs(browser, demo.sakuraAdmin.email, { width: 1440, height: 900 });
  await page.goto('/deep-research');
  await expect(page.getByRole('heading', { name: 'AIインテリジェンス', level: 1 })).toBeVisible();

  // Without a customer chosen, the form says so in Japanese.
  const customerForm = page.getByRole('form', { name: '顧客調査' });
  await customerForm.getByRole('button', { name: '調査する' }).click();
  await expect(customerForm.getByText('調べる顧客を選んでください。')).toBeVisible();

  const search = customerForm.getByRole('searchbox', { name: '登録済みの顧客を検索' });
  await search.fill(customer.lastName);
  await search.press('Enter');
  await customerForm
    .getByRole('list', { name: '顧客の検索結果' })
    .getByRole('button', { name: new RegExp(`^${customer.name}`) })
    .first()
    .click();
  await expect(customerForm.getByTestId('research-customer')).toContainText(customer.name);
  await customerForm.getByRole('button', { name: '調査する' }).click();

  const report = page.getByTestId('research-report');
  await expect(report.getByRole('heading', { name: `${customer.name} 顧客調査` })).toBeVisible({
    timeout: 30_000,
  });
  // The steps were reported by the server, each done.
  const steps = page.getByRole('list', { name: '調査の進み具合' });
  if (await steps.isVisible()) await expect(steps.getByText('対応履歴を読んでいます')).toBeVisible();
  await expect(report.getByText('AI を使わず、登録データの集計・検索だけで作成しました。')).toBeVisible();
  await expect(report.getByText(`過去 365 日の対応は ${customer.count} 件`)).toBeVisible();
  for (const heading of ['要約', '概要', 'ニーズ', 'これまでの経緯', 'リスク', '商機', '次の一手', '出典']) {
    await expect(report.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  }
  // A citation number jumps to its source.
  await report.getByRole('link', { name: '出典 1 へ' }).first().click();
  await expect(page).toHaveURL(/#research-.*-source-1$/);
  await expectNoSeriousA11yViolations(page, 'deep-research customer report 1440');
  await page.screenshot({ path: `${SHOTS}/deep-research-customer-1440.png`, fullPage: true });

  const downloaded = page.waitForEvent('download');
  await report.getByRole('button', { name: 'PDF をダウンロード' }).click();
  const pdf = await downloaded;
  expect(pdf.suggestedFilename()).toMatch(
    new RegExp(`^顧客調査_${customer.name.replace(' ', '')}_\\d{8}\\.pdf$`),
  );

  // Competitors: two, typed in; the comparison lists both.
  await page.getByRole('tab', { name: '競合調査' }).click();
  const competitorForm = page.getByRole('form', { name: '競合調査' });
  await competitorForm.getByRole('textbox', { name: /^名前/ }).fill('ひかり内科');
  await competitorForm.getByRole('textbox', { name: /^URL/ }).fill('https://hikari.example.jp');
  await competitorForm
    .getByRole('textbox', { name: /^分かっていること/ })
    .fill('駅から徒歩 2 分で人気。土日も診療している。待ち時間が長いという口コミがある。');
  await competitorForm.getByRole('button', { name: /競合を追加/ }).click();
  await competitorForm.getByRole('textbox', { name: /^名前/ }).nth(1).fill('あおば医院');
  await competitorForm.getByRole('button', { name: '調査する' }).click();
  const comparison = page.getByRole('table');
  await expect(comparison.getByRole('rowheader', { name: 'ひかり内科' })).toBeVisible({ timeout: 30_000 });
  await expect(comparison.getByRole('rowheader', { name: 'あおば医院' })).toBeVisible();
  await expect(comparison.getByRole('listitem').filter({ hasText: '駅から徒歩 2 分で人気。' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'deep-research competitor report 1440');
  await page.screenshot({ path: `${SHOTS}/deep-research-competitor-1440.png`, fullPage: true });
  await page.context().close();
});

test('opens and deletes saved reports at 375px, keyboard only', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await signInAs(browser, demo.sakuraAdmin.email, { width: 375, height: 812 });
  await page.goto('/deep-research');
  const saved = page.getByRole('list', { name: '保存したレポート' });
  await expect(saved.getByRole('listitem').first()).toBeVisible();
  const before = await saved.getByRole('listitem').count();

  // Open the newest (the competitor report) from the keyboard.
  const openButton = saved.getByRole('button', { name: /を開く$/ }).first();
  await openButton.focus();
  await page.keyboard.press('Enter');
  const report = page.getByTestId('research-report');
  await expect(report.getByRole('heading', { name: '競合の比較' })).toBeVisible();
  await expect(report.getByText('あおば医院').first()).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await expectNoSeriousA11yViolations(page, 'deep-research 375');
  await page.screenshot({ path: `${SHOTS}/deep-research-375.png`, fullPage: true });

  // Delete it after confirming: the list is one shorter and the report closes.
  await saved
    .getByRole('button', { name: /を削除$/ })
    .first()
    .focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText('レポートを削除しますか？')).toBeVisible();
  await dialog.getByRole('button', { name: '削除' }).focus();
  await page.keyboard.press('Enter');
  await expect(saved.getByRole('listitem')).toHaveCount(before - 1);
  await page.context().close();
});
