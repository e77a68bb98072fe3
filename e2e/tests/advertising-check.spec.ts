import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { demo, expectNoSeriousA11yViolations, signInAs } from './support';

/**
 * The advertising check (医療広告ガイドライン), offline: reached from /marketing with the keyboard, a
 * pasted text gets its unlawful words marked with category, reason and a lawful wording; a
 * campaign draft carries the findings of its own wording. At 1440 and 375 px, with screenshots.
 */
const SHOTS = process.env.TSUMIKI_E2E_SHOTS ?? 'test-results/advertising-check-screens';
const TEXT = '地域No.1の実績！当院の花粉症治療は必ず治ります。今だけ初診料が無料です。';

async function checkText(page: Page) {
  await page.goto('/marketing');
  await expect(page.getByRole('heading', { name: 'マーケティングAI', level: 1 })).toBeVisible();
  // Keyboard only: the link, the text area, the button.
  const link = page.getByRole('link', { name: '広告チェック' });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: '広告チェック', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: /^文面/ }).focus();
  await page.keyboard.insertText(TEXT);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'チェックする' })).toBeFocused();
  await page.keyboard.press('Enter');
  const result = page.getByRole('region', { name: '広告チェック' });
  await expect(result.getByRole('heading', { name: '広告チェック: 指摘 4 件' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(result.locator('mark')).toHaveText(['No.1', '必ず治', '今だけ初診料が無料']);
  const items = result.getByRole('listitem');
  await expect(items).toHaveCount(4);
  await expect(items.nth(0)).toContainText('比較優良広告');
  await expect(items.nth(1)).toContainText('誇大広告');
  await expect(items.nth(2)).toContainText('費用を強調した広告');
  await expect(items.nth(0)).toContainText('言い換えの案:');
  return result;
}

test('advertising check: a pasted text, its findings marked, at 1440px', async ({ browser }) => {
  test.setTimeout(90_000);
  mkdirSync(SHOTS, { recursive: true });
  const page = await signInAs(browser, demo.sakuraAdmin.email, { width: 1440, height: 900 });
  await checkText(page);
  await expectNoSeriousA11yViolations(page, '/marketing/advertising-check 1440');
  await page.screenshot({ path: `${SHOTS}/advertising-check-1440.png`, fullPage: true });

  // A lawful text: said so, nothing marked.
  await page
    .getByRole('textbox', { name: /^文面/ })
    .fill('当院は完全予約制です。駐車場は無料でご利用いただけます。');
  await page.getByRole('button', { name: 'チェックする' }).click();
  await expect(
    page.getByText('医療広告ガイドラインに反するおそれのある表現は見つかりませんでした。'),
  ).toBeVisible();
  await page.context().close();
});

async function campaignWithFindings(page: Page) {
  await page.goto('/marketing');
  await page.getByRole('tab', { name: 'キャンペーン' }).click();
  await page.getByRole('textbox', { name: /^目的/ }).fill('今だけ無料の日本一の健診で来院を増やす');
  await page.getByRole('button', { name: '企画案を作る' }).click();
  const result = page.getByRole('region', { name: '広告チェック' });
  await expect(result.getByRole('heading', { name: /^広告チェック: 指摘 \d+ 件$/ })).toBeVisible({
    timeout: 15_000,
  });
  await expect(result.locator('mark').first()).toHaveText('今だけ');
  await expect(result).toContainText('キャンペーン名');
  await expect(result).toContainText('比較優良広告');
  return result;
}

test('a campaign draft shows its findings at 1440px', async ({ browser }) => {
  test.setTimeout(90_000);
  mkdirSync(SHOTS, { recursive: true });
  const page = await signInAs(browser, demo.sakuraAdmin.email, { width: 1440, height: 900 });
  const result = await campaignWithFindings(page);
  await expectNoSeriousA11yViolations(page, '/marketing campaign findings 1440');
  await result.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/campaign-findings-1440.png`, fullPage: true });
  await page.context().close();
});

test('advertising check and a draft’s findings at 375px', async ({ browser }) => {
  test.setTimeout(90_000);
  mkdirSync(SHOTS, { recursive: true });
  const page = await signInAs(browser, demo.sakuraAdmin.email, { width: 375, height: 812 });
  await checkText(page);
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page, '/marketing/advertising-check 375');
  await page.screenshot({ path: `${SHOTS}/advertising-check-375.png`, fullPage: true });
  await campaignWithFindings(page);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/campaign-findings-375.png`, fullPage: true });
  await page.context().close();
});
