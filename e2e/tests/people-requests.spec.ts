import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { demo, expectNoSeriousA11yViolations, signInAs } from './support';

/**
 * A person's own requests through the customer page, as an admin: a document is uploaded for the
 * customer on the documents screen and appears on the customer page, the disclosure ZIP is
 * downloaded (with the document's file in it), the use is stopped (the customer leaves the list
 * and staff cannot open it) and lifted, and the customer is erased with the name typed to confirm
 * (and the document goes with them).
 */

const SHOTS = process.env.TSUMIKI_SHOTS_DIR;

/** A customer of さくら with one interaction, straight into the database. */
async function seedCustomer(lastName: string, firstName: string): Promise<string> {
  const client = new pg.Client({ connectionString: process.env.TSUMIKI_E2E_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; tenant_id: string }>(
      `insert into customers (tenant_id, last_name, first_name, last_name_kana, first_name_kana, phone)
       select tu.tenant_id, $2, $3, 'セイキュウ', 'テスト', '03-5555-0101'
       from tenant_users tu join users u on u.id = tu.user_id where u.email = $1 limit 1
       returning id, tenant_id`,
      [demo.sakuraAdmin.email, lastName, firstName],
    );
    const row = rows[0];
    if (!row) throw new Error('no tenant for the admin');
    await client.query(
      `insert into interactions (tenant_id, customer_id, type, content) values ($1, $2, 'call', '本人から開示の請求を受けた')`,
      [row.tenant_id, row.id],
    );
    return row.id;
  } finally {
    await client.end();
  }
}

/** How many documents of that name the tenants hold (straight from the database). */
async function documentsNamed(fileName: string): Promise<number> {
  const client = new pg.Client({ connectionString: process.env.TSUMIKI_E2E_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      'select count(*) as n from documents where file_name = $1',
      [fileName],
    );
    return Number(rows[0]?.n);
  } finally {
    await client.end();
  }
}

/** Uploads a text file on the documents screen for the customer chosen by name. */
async function uploadFor(page: Page, lastName: string, name: string, fileName: string) {
  await page.goto('/documents');
  await page.getByRole('searchbox', { name: '文書の顧客を検索（任意）' }).fill(lastName);
  await page.keyboard.press('Enter');
  const match = page.getByRole('list', { name: '顧客の検索結果' }).getByRole('button', { name });
  await match.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('upload-customer')).toContainText(name);
  await expect(page.getByText(`・顧客: ${name}`)).toBeVisible();
  await page.getByLabel('「トップ」にアップロード').setInputFiles({
    name: fileName,
    mimeType: 'text/plain',
    buffer: Buffer.from(`${name} 様の紹介状です。`),
  });
  await expect(
    page.locator('[data-slot="file-dropzone-item"]', { hasText: fileName }).filter({ hasText: '完了' }),
  ).toBeVisible({ timeout: 30_000 });
  // The list names the customer, with a link to their page.
  await expect(page.getByRole('link', { name: `顧客: ${name}` }).first()).toBeVisible();
}

/** From the document's menu: the customer taken off, then set again, through the dialog. */
async function changeCustomer(page: Page, lastName: string, name: string, fileName: string) {
  const table = page.getByRole('table', { name: '文書の一覧' });
  await table.getByRole('button', { name: `${fileName} の操作` }).click();
  await page.getByRole('menuitem', { name: '顧客を変更' }).click();
  const dialog = page.getByRole('dialog', { name: '文書の顧客' });
  await expect(dialog.getByTestId('document-customer-choice')).toContainText(name);
  await dialog.getByRole('button', { name: `顧客「${name}」の選択を解除` }).click();
  await dialog.getByRole('button', { name: '顧客を外す' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('顧客の設定を外しました', { exact: true })).toBeVisible();
  await expect(table.getByRole('link', { name: `顧客: ${name}` })).toHaveCount(0);

  await table.getByRole('button', { name: `${fileName} の操作` }).click();
  await page.getByRole('menuitem', { name: '顧客を設定' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('searchbox', { name: '顧客を検索' }).fill(lastName);
  await page.keyboard.press('Enter');
  await dialog.getByRole('list', { name: '顧客の検索結果' }).getByRole('button', { name }).click();
  await expect(dialog.getByTestId('document-customer-choice')).toContainText(name);
  await expectNoSeriousA11yViolations(page, 'document customer dialog');
  await shot(page, 'document-customer-dialog-1440');
  await dialog.getByRole('button', { name: '保存する' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`顧客を「${name}」にしました`, { exact: true })).toBeVisible();
  await expect(table.getByRole('link', { name: `顧客: ${name}` })).toBeVisible();
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

const viewports = [
  { label: '1440', width: 1440, height: 900 },
  { label: '375', width: 375, height: 812 },
] as const;

for (const viewport of viewports) {
  test(`an admin answers a person's requests: disclosure, stop and lift, erasure at ${viewport.label}px`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString().slice(-5);
    const lastName = `請求${stamp}`;
    const name = `${lastName} 花子`;
    const id = await seedCustomer(lastName, '花子');
    const page = await signInAs(browser, demo.sakuraAdmin.email, viewport);

    // A document for them, uploaded on the documents screen with the customer chosen.
    const fileName = `紹介状_${stamp}_${viewport.label}.txt`;
    await uploadFor(page, lastName, name, fileName);
    await shot(page, `documents-upload-customer-${viewport.label}`);
    if (viewport.label === '1440') await changeCustomer(page, lastName, name, fileName);

    await page.goto(`/customers/${id}`);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    // The customer page lists it; its name opens the preview.
    const documents = page.getByRole('list', { name: 'この顧客の文書' });
    await documents.scrollIntoViewIfNeeded();
    await expect(documents.getByRole('button', { name: fileName })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'documents section');
    await shot(page, `customer-documents-${viewport.label}`);
    await documents.getByRole('button', { name: fileName }).click();
    const preview = page.getByRole('dialog', { name: fileName });
    await expect(preview).toBeVisible();
    await expect(preview.getByRole('heading', { name: fileName })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();

    const section = page.getByRole('heading', { name: '本人からの請求' });
    await section.scrollIntoViewIfNeeded();
    await expect(section).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'section');
    await shot(page, `section-${viewport.label}`);

    // Disclosure: a ZIP named after the person.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: '開示データをダウンロード' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^開示データ_${lastName} 花子_\\d{8}\\.zip$`));
    const zip = await readFile((await download.path()) as string);
    expect(zip.subarray(0, 4).toString('binary')).toBe('PK\u0003\u0004');
    // The document's file is in it under its own name (names are stored as they are in a ZIP).
    expect(zip.includes(Buffer.from(`06_文書/${fileName}`))).toBe(true);
    expect(zip.includes(Buffer.from('06_文書.csv'))).toBe(true);
    await expect(page.getByText('開示データをダウンロードしました', { exact: true })).toBeVisible();

    // Stop of use: the reason is required; then the banner, and the customer leaves the list.
    await page.getByRole('button', { name: '利用停止', exact: true }).click();
    const stopDialog = page.getByRole('dialog', { name: `${name} さんの利用を停止しますか？` });
    await expect(stopDialog).toBeVisible();
    await stopDialog.getByRole('button', { name: '利用を停止する' }).click();
    await expect(stopDialog.getByText('理由を入力してください')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'stop dialog');
    await shot(page, `stop-dialog-${viewport.label}`);
    await stopDialog.getByLabel('理由').fill('2026年11月27日 本人から電話で利用停止の請求');
    await stopDialog.getByRole('button', { name: '利用を停止する' }).click();
    await expect(stopDialog).toBeHidden();
    await expect(page.getByText('利用停止中', { exact: true })).toBeVisible();
    await expect(page.getByText('理由: 2026年11月27日 本人から電話で利用停止の請求')).toBeVisible();
    await expect(page.getByRole('button', { name: '利用停止を解除' })).toBeVisible();
    await expect(page.getByRole('button', { name: '編集' })).toHaveCount(0);
    await shot(page, `stopped-${viewport.label}`);

    await page.goto(`/customers?q=${encodeURIComponent(lastName)}`);
    await expect(page.getByRole('heading', { name: '顧客管理', level: 1 })).toBeVisible();
    await expect(page.getByTestId('customer-total')).toBeVisible();
    await expect(page.getByRole('link', { name })).toHaveCount(0);

    if (viewport.label === '1440') {
      // Staff cannot open the stopped record.
      const staff = await signInAs(browser, demo.sakuraStaff.email, viewport);
      await staff.goto(`/customers/${id}`);
      await expect(staff.getByRole('heading', { name: '顧客が見つかりません' })).toBeVisible();
      await staff.context().close();
    }

    // Lifting brings it back.
    await page.goto(`/customers/${id}`);
    await page.getByRole('button', { name: '利用停止を解除' }).click();
    await expect(page.getByText(`${name} さんの利用停止を解除しました`, { exact: true })).toBeVisible();
    await expect(page.getByText('利用停止中', { exact: true })).toHaveCount(0);
    await page.goto(`/customers?q=${encodeURIComponent(lastName)}`);
    await expect(page.getByRole('link', { name })).toBeVisible();
    await page.goto(`/customers/${id}`);

    // Erasure: the button waits for the name as shown.
    await page.getByRole('button', { name: '消去', exact: true }).click();
    const eraseDialog = page.getByRole('alertdialog', { name: `${name} さんの情報を消去しますか？` });
    await expect(eraseDialog).toBeVisible();
    await expect(eraseDialog.getByText('すべての対応履歴（直す前の版も）')).toBeVisible();
    await expect(eraseDialog.getByText('この顧客の文書（ファイルと、検索のための索引も）')).toBeVisible();
    const confirm = eraseDialog.getByRole('button', { name: '消去する' });
    await expect(confirm).toHaveAttribute('aria-disabled', 'true');
    await eraseDialog.getByLabel('理由').fill('本人から窓口で消去の請求');
    await eraseDialog.getByLabel(`確認のため、氏名「${name}」を入力してください`).fill(`${lastName} 花`);
    await expect(confirm).toHaveAttribute('aria-disabled', 'true');
    await eraseDialog.getByLabel(`確認のため、氏名「${name}」を入力してください`).fill(`${lastName}　花子`);
    await expect(eraseDialog.getByText('氏名が一致しました')).toBeVisible();
    await expect(confirm).not.toHaveAttribute('aria-disabled', 'true');
    await expectNoSeriousA11yViolations(page, 'erasure dialog');
    await shot(page, `erasure-dialog-${viewport.label}`);
    await confirm.click();
    await expect(page.getByText(`${name} さんの情報を消去しました`, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/customers(\?|$)/);

    await page.goto(`/customers/${id}`);
    await expect(page.getByText('この顧客の情報は本人の請求により消去されました。')).toBeVisible();
    // The document went with them: not in the database, not found on the documents screen.
    expect(await documentsNamed(fileName)).toBe(0);
    await page.goto(`/documents?q=${encodeURIComponent(fileName)}`);
    await expect(page.getByRole('heading', { name: 'AI文書管理', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: fileName })).toHaveCount(0);
    await page.goto(`/customers/${id}`);
    await shot(page, `erased-${viewport.label}`);
    await page.context().close();
  });
}
