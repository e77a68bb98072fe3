import { expect, type Page, test } from '@playwright/test';
import { demo, expectNoSeriousA11yViolations, signInAs } from './support';

/**
 * 名寄せ at the front desk: a receptionist registers a patient born 「S55.4.1」, registers the same
 * person again (same reading and birth date) and is warned before saving; an admin merges the two
 * on the 重複の候補 screen and finds the interactions of both on the kept record, and the other
 * record's page opens the kept one; under 最近の統合 the admin undoes the merge and both records
 * come back with their own interactions.
 */
const viewports = [
  { label: '1440', width: 1440, height: 900, first: '真由美', second: 'まゆみ', kana: 'マユミ' },
  { label: '375', width: 375, height: 812, first: '小百合', second: 'さゆり', kana: 'サユリ' },
] as const;

/** Years from 1980-04-01 to today in Tokyo (the demo tenant's zone). */
function ageToday(): number {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number, number];
  return year - 1980 - (month > 4 || (month === 4 && day >= 1) ? 0 : 1);
}

async function fillPatient(page: Page, firstName: string, kana: string) {
  await page.goto('/customers');
  await page.getByRole('button', { name: '新規登録' }).first().click();
  const form = page.getByRole('dialog', { name: '顧客を登録' });
  await form.getByRole('textbox', { name: '姓', exact: true }).fill('名寄');
  await form.getByRole('textbox', { name: '名', exact: true }).fill(firstName);
  await form.getByRole('textbox', { name: 'セイ', exact: true }).fill('ナヨセ');
  await form.getByRole('textbox', { name: 'メイ', exact: true }).fill(kana);
  await form.getByRole('textbox', { name: '生年月日', exact: true }).fill('S55.4.1');
  await expect(form.getByTestId('birth-date-preview')).toHaveText(`昭和55年4月1日（${ageToday()}歳）`);
  return form;
}

async function recordInteraction(page: Page, content: string) {
  const record = page.getByRole('form', { name: '対応履歴を記録' });
  await record.getByLabel('内容').fill(content);
  await record.getByRole('button', { name: '記録する' }).click();
  await expect(page.getByTestId('interaction-timeline').getByRole('listitem').first()).toContainText(content);
}

for (const viewport of viewports) {
  test(`a duplicate is warned of on registration and merged with its interactions at ${viewport.label}px`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const birth = `昭和55年4月1日（${ageToday()}歳）`;
    const reception = await signInAs(browser, demo.sakuraStaff.email, viewport);

    // The first registration: no duplicate, saved at once with a new number.
    const first = await fillPatient(reception, viewport.first, viewport.kana);
    await first.getByRole('button', { name: '登録する' }).click();
    await expect(reception.getByRole('heading', { name: `名寄 ${viewport.first}` })).toBeVisible();
    await expect(reception.getByTestId('customer-birth-date')).toHaveText(birth);
    const firstNumber = (await reception.getByTestId('customer-patient-number').textContent())?.trim() ?? '';
    expect(firstNumber).toMatch(/^\d{6}$/u);
    const keptUrl = reception.url();
    await recordInteraction(reception, `${viewport.first}さんの初診`);

    // The same reading and birth date again: warned before saving, with the record and the reason.
    const second = await fillPatient(reception, viewport.second, viewport.kana);
    await second.getByRole('button', { name: '登録する' }).click();
    const warning = second.getByTestId('duplicate-warning');
    await expect(warning).toContainText('重複の可能性があります');
    await expect(warning).toContainText(`名寄 ${viewport.first}（ナヨセ ${viewport.kana}）`);
    await expect(warning).toContainText(`診察券番号 ${firstNumber}`);
    await expect(warning).toContainText(`生年月日 ${birth}`);
    await expect(warning).toContainText('フリガナと生年月日が同じ');
    await expectNoSeriousA11yViolations(reception, `duplicate warning ${viewport.label}`);
    // Below a long form, the warning takes the focus and so comes into view by itself.
    await expect(warning).toBeFocused();
    await expect(warning).toBeInViewport();
    await reception.screenshot({ path: testInfo.outputPath(`duplicate-warning-${viewport.label}.png`) });
    // Saving anyway is the receptionist's call.
    await warning.getByRole('button', { name: 'このまま登録する' }).click();
    await expect(reception.getByRole('heading', { name: `名寄 ${viewport.second}` })).toBeVisible();
    const mergedUrl = reception.url();
    await recordInteraction(reception, `${viewport.second}さんの再診`);
    await reception.context().close();

    // An admin merges the pair on 重複の候補, reached from the customer list.
    const admin = await signInAs(browser, demo.sakuraAdmin.email, viewport);
    await admin.goto('/customers');
    await admin.getByRole('link', { name: '重複の候補' }).click();
    await expect(admin.getByRole('heading', { name: '重複の候補', level: 1 })).toBeVisible();
    const row = admin
      .getByRole('row')
      .filter({ hasText: `名寄 ${viewport.first}` })
      .filter({ hasText: `名寄 ${viewport.second}` });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('フリガナと生年月日が同じ');
    await expectNoSeriousA11yViolations(admin, `duplicates ${viewport.label}`);
    await admin.screenshot({ path: testInfo.outputPath(`duplicates-${viewport.label}.png`), fullPage: true });

    await row.getByRole('button', { name: /の操作/ }).click();
    await admin.getByRole('menuitem', { name: '統合する' }).click();
    const dialog = admin.getByRole('alertdialog', { name: '2 人の顧客を統合する' });
    await expect(
      dialog
        .getByRole('group', { name: '残す顧客' })
        .getByRole('radio', { name: new RegExp(`名寄 ${viewport.first}`) }),
    ).toBeChecked();
    // The names differ: the kept record's is kept unless chosen otherwise.
    await expect(dialog.getByRole('group', { name: '氏名' }).getByRole('radio').first()).toBeChecked();
    await admin.screenshot({ path: testInfo.outputPath(`merge-dialog-${viewport.label}.png`) });
    await dialog.getByRole('button', { name: '統合する' }).click();

    // The kept record holds the interactions of both.
    await expect(admin).toHaveURL(keptUrl);
    await expect(admin.getByText(`名寄 ${viewport.first} さんに統合しました`, { exact: true })).toBeVisible();
    const timeline = admin.getByTestId('interaction-timeline');
    await expect(timeline).toContainText(`${viewport.first}さんの初診`);
    await expect(timeline).toContainText(`${viewport.second}さんの再診`);

    // The merged record's address opens the kept one; the pair is no longer a candidate.
    await admin.goto(mergedUrl);
    await expect(admin).toHaveURL(keptUrl);
    await expect(admin.getByRole('heading', { name: `名寄 ${viewport.first}` })).toBeVisible();
    await admin.goto('/customers/duplicates');
    await expect(admin.getByRole('heading', { name: '重複の候補', level: 1 })).toBeVisible();
    const candidates = admin.getByRole('table', { name: '重複の候補' });
    await expect(candidates.getByRole('row').filter({ hasText: `名寄 ${viewport.second}` })).toHaveCount(0);

    // 最近の統合 lists the merge (who into whom, by whom, until when) and 「元に戻す」 brings both back.
    const recent = admin.getByRole('table', { name: '最近の統合' });
    const merge = recent.getByRole('row').filter({ hasText: `名寄 ${viewport.second}` });
    await expect(merge).toHaveCount(1);
    await expect(merge).toContainText(`名寄 ${viewport.first}`);
    await expect(merge).toContainText('まで元に戻せます');
    await merge.scrollIntoViewIfNeeded();
    await expectNoSeriousA11yViolations(admin, `recent merges ${viewport.label}`);
    await admin.screenshot({
      path: testInfo.outputPath(`recent-merges-${viewport.label}.png`),
      fullPage: true,
    });
    // By keyboard: the row's button, then the confirmation's.
    await merge.getByRole('button', { name: /の統合を元に戻す$/ }).focus();
    await admin.keyboard.press('Enter');
    const confirm = admin.getByRole('alertdialog', { name: '統合を元に戻しますか？' });
    await expect(confirm).toContainText(
      `名寄 ${viewport.second} さんを 名寄 ${viewport.first} さんから分けて`,
    );
    await confirm.getByRole('button', { name: '元に戻す' }).click();
    await expect(
      admin.getByText(`名寄 ${viewport.second} さんと 名寄 ${viewport.first} さんの統合を元に戻しました`, {
        exact: true,
      }),
    ).toBeVisible();
    await expect(merge).toHaveCount(0);
    // The pair is a candidate again, and each record has its own interactions back.
    await expect(
      candidates
        .getByRole('row')
        .filter({ hasText: `名寄 ${viewport.first}` })
        .filter({ hasText: `名寄 ${viewport.second}` }),
    ).toHaveCount(1);
    await admin.goto(mergedUrl);
    await expect(admin.getByRole('heading', { name: `名寄 ${viewport.second}` })).toBeVisible();
    await expect(admin).toHaveURL(mergedUrl);
    const own = admin.getByTestId('interaction-timeline');
    await expect(own).toContainText(`${viewport.second}さんの再診`);
    await expect(own).not.toContainText(`${viewport.first}さんの初診`);
    await admin.goto(keptUrl);
    await expect(admin.getByRole('heading', { name: `名寄 ${viewport.first}` })).toBeVisible();
    await expect(own).toContainText(`${viewport.first}さんの初診`);
    await expect(own).not.toContainText(`${viewport.second}さんの再診`);
    await admin.context().close();
  });
}
