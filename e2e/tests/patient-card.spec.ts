import { expect, test } from '@playwright/test';
import { demo, expectNoSeriousA11yViolations, signInAs } from './support';

/**
 * The patient card at the front desk: a receptionist (staff) registers a patient with a birth
 * date said in 和暦 (「S55.4.1」), reads it back as 「昭和55年4月1日（46歳）」 with the number the
 * clinic gave, finds them by that number, and under the right 五十音 tab with the keyboard.
 */
const viewports = [
  { label: '1440', width: 1440, height: 900, firstName: '葵', firstKana: 'アオイ' },
  { label: '375', width: 375, height: 812, firstName: '楓', firstKana: 'カエデ' },
] as const;

/** Years from 1980-04-01 to today in Tokyo (the demo tenant's zone): 46 on 2026-11-28. */
function ageToday(): number {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number, number];
  return year - 1980 - (month > 4 || (month === 4 && day >= 1) ? 0 : 1);
}

for (const viewport of viewports) {
  test(`a receptionist registers a patient in 和暦 and finds them by number and 五十音 at ${viewport.label}px`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(150_000);
    const page = await signInAs(browser, demo.sakuraStaff.email, viewport);
    const birth = `昭和55年4月1日（${ageToday()}歳）`;

    await page.goto('/customers');
    await expect(page.getByRole('heading', { name: '顧客管理', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'すべて' })).toHaveAttribute('aria-selected', 'true');

    await page.getByRole('button', { name: '新規登録' }).first().click();
    const form = page.getByRole('dialog', { name: '顧客を登録' });
    await expect(form.getByRole('textbox', { name: '姓', exact: true })).toBeFocused();
    await form.getByRole('textbox', { name: '姓', exact: true }).fill('佐久間');
    await form.getByRole('textbox', { name: '名', exact: true }).fill(viewport.firstName);
    await form.getByRole('textbox', { name: 'セイ', exact: true }).fill('サクマ');
    await form.getByRole('textbox', { name: 'メイ', exact: true }).fill(viewport.firstKana);
    // A receptionist cannot choose the number: it is given on save.
    await expect(form.getByRole('textbox', { name: '診察券番号', exact: true })).toHaveAttribute(
      'readonly',
      '',
    );
    await form.getByRole('textbox', { name: '生年月日', exact: true }).fill('S55.4.1');
    // What will be saved is read back under the field before saving.
    await expect(form.getByTestId('birth-date-preview')).toHaveText(birth);
    await form.getByRole('combobox', { name: '性別' }).selectOption({ label: '回答しない' });
    await expectNoSeriousA11yViolations(page, 'form');
    await page.screenshot({ path: testInfo.outputPath(`form-${viewport.label}.png`) });
    await form.getByRole('button', { name: '登録する' }).click();

    // The customer's page: the birth date in 和暦 with the age, and a new number.
    await expect(page.getByRole('heading', { name: `佐久間 ${viewport.firstName}` })).toBeVisible();
    await expect(page.getByTestId('customer-birth-date')).toHaveText(birth);
    const number = (await page.getByTestId('customer-patient-number').textContent())?.trim() ?? '';
    expect(number).toMatch(/^\d{6}$/u);
    await expectNoSeriousA11yViolations(page, 'detail');
    await page.screenshot({ path: testInfo.outputPath(`detail-${viewport.label}.png`), fullPage: true });

    // Found by the number, typed in full-width digits as a Japanese IME gives them.
    await page.goto('/customers');
    const fullWidth = number.replace(/\d/gu, (digit) => String.fromCharCode(digit.charCodeAt(0) + 0xfee0));
    await page.getByRole('searchbox', { name: '顧客を検索' }).fill(fullWidth);
    // The search reaches the URL (and the list) before the keyboard moves on.
    await expect(page).toHaveURL(/q=/u);
    const row = page.getByRole('link', { name: `佐久間 ${viewport.firstName}` });
    await expect(row).toBeVisible();
    await expect(page.getByTestId('customer-total')).toHaveText(/[:：] ?1 件/u);
    if (viewport.width >= 640) await expect(page.getByRole('cell', { name: birth })).toBeVisible();

    // Under さ (サクマ), chosen with the keyboard: arrows move along the tabs, Enter opens one.
    await page.getByRole('tab', { name: 'すべて' }).click();
    await expect(page.getByRole('tab', { name: 'すべて' })).toBeFocused();
    for (const tab of ['あ', 'か', 'さ']) {
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('tab', { name: tab, exact: true })).toBeFocused();
    }
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/kana=sa/u);
    await expect(page.getByRole('tab', { name: 'さ', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(row).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'list');
    await page.screenshot({ path: testInfo.outputPath(`list-${viewport.label}.png`), fullPage: true });

    // Not under か.
    await page.getByRole('tab', { name: 'か', exact: true }).click();
    await expect(page).toHaveURL(/kana=ka/u);
    await expect(page.getByText('条件に一致する顧客が見つかりません')).toBeVisible();

    // The さ tab alone (no search) lists them among the さ row, in reading order.
    await page.getByRole('button', { name: '検索語を消去' }).click();
    await page.getByRole('tab', { name: 'さ', exact: true }).click();
    await expect(page).toHaveURL(/kana=sa/u);
    await expect(page).not.toHaveURL(/q=/u);
    const kana = page.getByRole('table', { name: '顧客一覧' }).locator('tbody tr');
    await expect(kana.first()).toBeVisible();
    // Every row of the tab (once the list has followed it) reads in the さ row.
    await expect
      .poll(async () => (await kana.allInnerTexts()).every((text) => /[サ-ゾ]/u.test(text)))
      .toBe(true);
    await page.context().close();
  });
}

for (const viewport of viewports) {
  test(`an admin sets the number's prefix and width on /settings at ${viewport.label}px`, async ({
    browser,
  }, testInfo) => {
    const page = await signInAs(browser, demo.sakuraAdmin.email, viewport);
    await page.goto('/settings');
    const card = page.getByTestId('patient-number-settings');
    await expect(card.getByRole('heading', { name: '診察券番号' })).toBeVisible();
    const sample = card.getByTestId('patient-number-sample');
    await expect(sample).toHaveText(/次に付く番号: \d{6}$/u);
    const next = Number((await sample.textContent())?.replace(/\D/gu, ''));

    // The sample follows what is typed: the prefix upper-cased, the width applied.
    await card.getByRole('textbox', { name: '診察券番号の接頭辞' }).fill('ｓｋ-');
    await card.getByRole('textbox', { name: '診察券番号の桁数' }).fill('8');
    await expect(sample).toHaveText(`次に付く番号: SK-${String(next).padStart(8, '0')}`);
    await card.getByRole('textbox', { name: '診察券番号の桁数' }).fill('3');
    await card.getByRole('button', { name: '保存' }).click();
    await expect(card.getByText('4 から 12 までの整数で入力してください。')).toBeVisible();
    await card.getByRole('textbox', { name: '診察券番号の桁数' }).fill('8');
    await card.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('診察券番号の付け方を保存しました', { exact: true })).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await expectNoSeriousA11yViolations(page, 'settings');
    await card.screenshot({ path: testInfo.outputPath(`settings-${viewport.label}.png`) });

    // Back to the default, so that other journeys see plain six-digit numbers.
    await card.getByRole('textbox', { name: '診察券番号の接頭辞' }).fill('');
    await card.getByRole('textbox', { name: '診察券番号の桁数' }).fill('6');
    await card.getByRole('button', { name: '保存' }).click();
    await expect(sample).toHaveText(`次に付く番号: ${String(next).padStart(6, '0')}`);
    await page.context().close();
  });
}
