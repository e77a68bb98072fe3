import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { demo, expectNoSeriousA11yViolations, signInAs } from './support';

/**
 * /products: the administrator of さくら registers a product (フリガナ typed in hiragana, 税込 shown
 * live for the chosen rate), finds it by ひらがな, edits it, records an interaction about it on a
 * customer's timeline, opens its analysis (offline: the figures from the records, labelled so,
 * the market's absence explained), and deletes it. Axe at 1440 and 375 px, screenshots of both.
 */

const SHOTS = process.env.TSUMIKI_E2E_SHOTS ?? 'test-results/products-screens';

async function search(page: Page, term: string) {
  await page.getByRole('searchbox', { name: '商品を検索' }).fill(term);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(term)}`));
  await expect(page.getByTestId('products-total')).not.toHaveText('検索しています…');
}

const table = (page: Page) => page.getByRole('table', { name: '商品一覧' });

const viewports = [
  { label: '1440', width: 1440, height: 900 },
  { label: '375', width: 375, height: 812 },
] as const;

for (const viewport of viewports) {
  test(`the administrator registers, finds, analyses and deletes a product at ${viewport.label}px`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    mkdirSync(SHOTS, { recursive: true });
    const page = await signInAs(browser, demo.sakuraAdmin.email, viewport);
    await page.goto('/products');
    await expect(page.getByRole('heading', { name: '商品管理', level: 1 })).toBeVisible();
    await expect(table(page).getByRole('row', { name: /健康診断 基本コース/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `/products ${viewport.label}`);
    await page.screenshot({ path: `${SHOTS}/products-list-${viewport.label}.png`, fullPage: true });

    // Register: 税込 follows the price and the rate as they change.
    const name = viewport.label === '1440' ? '積木 アロマオイル' : '積木 ハンドクリーム';
    const kana = viewport.label === '1440' ? 'つみき あろまおいる' : 'つみき はんどくりーむ';
    await page.getByRole('button', { name: '新規登録' }).click();
    const dialog = page.getByRole('dialog', { name: '商品・サービスを登録' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox', { name: /^商品・サービス名/ }).fill(name);
    await dialog.getByRole('textbox', { name: /^フリガナ/ }).fill(kana);
    await expect(dialog.getByRole('textbox', { name: /^フリガナ/ })).not.toHaveValue(/[ぁ-ん]/);
    await dialog.getByRole('textbox', { name: /^カテゴリー/ }).fill('物販');
    await dialog.getByRole('textbox', { name: /^価格/ }).fill('１０００');
    await expect(dialog.getByRole('textbox', { name: /^価格/ })).toHaveValue('1000');
    await expect(dialog.getByTestId('price-with-tax')).toHaveText(/税込 1,100 円/);
    await dialog.getByLabel('税率').selectOption({ label: '8%（軽減税率）' });
    await expect(dialog.getByTestId('price-with-tax')).toHaveText(/税込 1,080 円/);
    await dialog.getByRole('textbox', { name: /^商品コード/ }).fill('コード');
    await dialog.getByRole('button', { name: '登録する' }).click();
    await expect(dialog.getByText('半角の英数字・ハイフン・アンダースコアで入力してください')).toBeVisible();
    await dialog.getByRole('textbox', { name: /^商品コード/ }).fill(`E2E-${viewport.label}`);
    await expectNoSeriousA11yViolations(page, `/products dialog ${viewport.label}`);
    await page.screenshot({ path: `${SHOTS}/products-dialog-${viewport.label}.png` });
    await dialog.getByRole('button', { name: '登録する' }).click();
    await expect(dialog).toBeHidden();

    // Found by the hiragana of its フリガナ; edited from the list.
    await search(page, kana.split(' ')[1] ?? kana);
    const row = table(page).getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('税込 1,080 円');
    await row.getByRole('button', { name: `${name}を編集` }).click();
    const edit = page.getByRole('dialog', { name: '商品・サービスを編集' });
    await edit.getByRole('textbox', { name: /^価格/ }).fill('2000');
    await edit.getByRole('button', { name: '保存する' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('2,000 円');

    // An interaction about it, from a customer's timeline: the product shows as a chip.
    await page.goto('/customers');
    await page.getByRole('table').getByRole('link').first().click();
    const form = page.getByRole('form', { name: '対応履歴を記録' });
    await form.getByLabel('商品', { exact: true }).selectOption({ label: name });
    await expect(form.getByRole('list', { name: '選んだ商品' })).toContainText(name);
    await form.getByRole('textbox', { name: /^内容/ }).fill('商品を説明して購入いただいた');
    await form.getByRole('button', { name: '記録する' }).click();
    const timeline = page.getByTestId('interaction-timeline');
    await expect(timeline.getByRole('link', { name })).toBeVisible();

    // Its page and analysis: one interaction, one customer, offline and labelled so.
    await timeline.getByRole('link', { name }).first().click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: '分析する' }).click();
    const analysis = page.getByTestId('product-analysis');
    await expect(analysis).toContainText(`「${name}」を扱った対応は 1 件、顧客は 1 人です。`);
    await expect(analysis).toContainText('AI を使わず、登録データの集計・検索だけで作成しました。');
    await expect(analysis).toContainText('市場の分析は、AI が設定されているときだけ');
    await expect(analysis.getByRole('table', { name: '直近 12 か月の対応件数' })).toBeAttached();
    await expectNoSeriousA11yViolations(page, `/products/:id ${viewport.label}`);
    await page.screenshot({ path: `${SHOTS}/product-detail-${viewport.label}.png`, fullPage: true });

    // Delete after confirming: back to the list.
    await page.getByRole('button', { name: '削除', exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(`「${name}」を削除しますか？`);
    await confirm.getByRole('button', { name: '削除する' }).click();
    await expect(page.getByRole('heading', { name: '商品管理', level: 1 })).toBeVisible();
    await page.context().close();
  });
}

test('a seeded product’s analysis shows its pairs and monthly trend from the demo records', async ({
  browser,
}) => {
  const page = await signInAs(browser, demo.sakuraAdmin.email, { width: 1440, height: 900 });
  await page.goto('/products?q=%E5%81%A5%E5%BA%B7%E8%A8%BA%E6%96%AD');
  await table(page).getByRole('link', { name: '健康診断 基本コース' }).click();
  await page.getByRole('button', { name: '分析する' }).click();
  const analysis = page.getByTestId('product-analysis');
  await expect(analysis.getByRole('heading', { name: '一緒に扱われることの多い商品' })).toBeVisible();
  await expect(analysis.getByRole('link', { name: 'ビタミンD サプリメント' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/product-analysis-seeded-1440.png`, fullPage: true });
  await page.context().close();
});

test('the staff demo user reads products without being offered changes', async ({ browser }) => {
  const page = await signInAs(browser, demo.sakuraStaff.email, { width: 1440, height: 900 });
  await page.goto('/products');
  await expect(table(page).getByRole('row', { name: /健康診断 基本コース/ })).toBeVisible();
  await expect(page.getByRole('button', { name: '新規登録' })).toHaveAttribute('aria-disabled', 'true');
  await expect(table(page).getByRole('button', { name: /を削除$/ })).toHaveCount(0);
  await page.context().close();
});
