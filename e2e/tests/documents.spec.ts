import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { demo, expectNoSeriousA11yViolations, signInAs } from './support';

/**
 * /documents: the administrator of さくら makes a folder, uploads a Japanese PDF and a
 * .docx into it at once with a progress bar per file, waits until both are searchable, finds a
 * 2-character term that is only on page 2 of the PDF (its page and the highlight), moves the .docx
 * to another folder, and sees a renamed executable refused in Japanese. Axe and screenshots at
 * 1440 and 375 px.
 */

const SHOTS = process.env.TSUMIKI_E2E_SHOTS ?? 'test-results/documents-screens';
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
const PDF = '業務委託契約書.pdf';
const DOCX = '院内感染対策マニュアル.docx';

async function createFolder(page: Page, name: string) {
  await page.getByRole('button', { name: '新しいフォルダー' }).click();
  const dialog = page.getByRole('dialog', { name: '新しいフォルダー' });
  await dialog.getByRole('textbox', { name: /フォルダー名/ }).fill(name);
  await dialog.getByRole('button', { name: '作成する' }).click();
  await expect(dialog).toBeHidden();
  // The new folder opens: it is the breadcrumbs' current page.
  await expect(
    page.getByRole('navigation', { name: 'パンくずリスト' }).locator('[aria-current="page"]'),
  ).toHaveText(name);
}

const documentsTable = (page: Page) => page.getByRole('table', { name: '文書の一覧' });

// The 375 px check opens the folder the first test made.
test.describe.configure({ mode: 'serial' });

test('folders, uploads with progress, search by page, move and a refused executable at 1440px', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  const page = await signInAs(browser, demo.sakuraAdmin.email, { width: 1440, height: 900 });
  await page.goto('/documents');
  await expect(page.getByRole('heading', { name: 'AI文書管理', level: 1 })).toBeVisible();

  // Two folders at the top: one to upload into, one to move to.
  await createFolder(page, 'マニュアル');
  await page.getByRole('link', { name: 'トップ' }).first().click();
  await createFolder(page, '契約書');

  // Both files at once, each its own request; the upload is slowed so that progress shows.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 50,
    downloadThroughput: -1,
    uploadThroughput: 64 * 1024,
  });
  await page.getByLabel('「契約書」にアップロード').setInputFiles([fixture(PDF), fixture(DOCX)]);
  const items = page.locator('[data-slot="file-dropzone-item"]');
  await expect(items).toHaveCount(2);
  await expect(page.getByRole('progressbar', { name: `${PDF} アップロード中` })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/documents-uploading-1440.png` });
  await expect(items.filter({ hasText: '完了' })).toHaveCount(2, { timeout: 60_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  // Extraction runs in the background; the list asks again until both are searchable.
  const table = documentsTable(page);
  for (const name of [PDF, DOCX]) {
    await expect(
      table.getByRole('row', { name: new RegExp(name) }).getByTestId('extraction-status'),
    ).toHaveText('検索できます', { timeout: 90_000 });
  }
  await expectNoSeriousA11yViolations(page, '/documents 1440');
  await page.screenshot({ path: `${SHOTS}/documents-1440.png`, fullPage: true });

  // 甲冑 is on page 2 of the PDF only.
  await page.getByRole('searchbox', { name: '文書を検索' }).fill('甲冑');
  await expect(page).toHaveURL(/[?&]q=/);
  const hit = page.getByTestId('search-hit').filter({ hasText: PDF });
  await expect(hit).toBeVisible();
  await expect(hit.getByTestId('hit-page')).toHaveText('2 ページ');
  await expect(hit.locator('mark').first()).toHaveText('甲冑');
  await expectNoSeriousA11yViolations(page, '/documents search 1440');
  await page.screenshot({ path: `${SHOTS}/documents-search-1440.png`, fullPage: true });

  // 「2 ページを開く」 shows the PDF itself in the preview, at that page: the page's policy lets it
  // frame the file the app fetched (a blob: URL), instead of the browser's "content is blocked".
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/.test(message.text())) blocked.push(message.text());
  });
  await hit.getByRole('button', { name: /2 ページを開く/ }).click();
  const preview = page.getByRole('dialog', { name: PDF });
  await expect(preview.getByText('2 ページを表示しています。')).toBeVisible();
  const frame = preview.locator('iframe');
  await expect(frame).toHaveAttribute('src', /^blob:.*#page=2$/);
  await expect.poll(() => page.frames().some((candidate) => candidate.url().startsWith('blob:'))).toBe(true);
  await page.screenshot({ path: `${SHOTS}/documents-preview-1440.png` });
  expect(blocked).toEqual([]);
  await preview.getByRole('button', { name: '閉じる' }).last().click();

  // Semantic search says how it searched (no embeddings provider: offline).
  await page.getByText('意味で検索').click();
  await expect(page.getByText('AI を使わない検索結果')).toBeVisible();
  await page.getByRole('button', { name: '検索をやめてフォルダーに戻る' }).click();

  // Move the .docx into マニュアル.
  await table.getByRole('button', { name: `${DOCX} の操作` }).click();
  await page.getByRole('menuitem', { name: '移動' }).click();
  const move = page.getByRole('dialog', { name: `「${DOCX}」を移動` });
  await move.getByRole('radio', { name: 'マニュアル' }).check();
  await move.getByRole('button', { name: '移動する' }).click();
  await expect(move).toBeHidden();
  await expect(table.getByRole('row', { name: new RegExp(DOCX) })).toHaveCount(0);
  await expect(table.getByRole('row', { name: new RegExp(PDF) })).toHaveCount(1);
  await page
    .getByRole('complementary', { name: 'フォルダーの一覧' })
    .getByRole('link', { name: /マニュアル/ })
    .click();
  await expect(documentsTable(page).getByRole('row', { name: new RegExp(DOCX) })).toHaveCount(1);

  // A Windows executable renamed to .pdf passes the browser's check (the extension) and is
  // refused by the server, which reads the bytes.
  const executable = Buffer.concat([
    Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
    Buffer.alloc(2048, 0x41),
  ]);
  await page.getByLabel('「マニュアル」にアップロード').setInputFiles({
    name: 'setup.pdf',
    mimeType: 'application/pdf',
    buffer: executable,
  });
  const refused = page.locator('[data-slot="file-dropzone-item"][data-status="error"]', {
    hasText: 'setup.pdf',
  });
  // The server's FILE_002 reason, in Japanese (its wording may name what the bytes are).
  await expect(refused).toContainText(/形式/);
  // Refused by the server (per file), not by the browser's pre-check; no retry for a refusal.
  await expect(page.locator('[data-slot="file-dropzone-errors"] li')).toHaveCount(0);
  await expect(refused.getByRole('button', { name: /再試行/ })).toHaveCount(0);
  await expect(documentsTable(page).getByRole('row', { name: /setup\.pdf/ })).toHaveCount(0);
});

test('the documents screen at 375px: folders as a list, breadcrumbs, no serious axe violation', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const page = await signInAs(browser, demo.sakuraAdmin.email, { width: 375, height: 812 });
  await page.goto('/documents');
  await expect(page.getByRole('heading', { name: 'AI文書管理', level: 1 })).toBeVisible();
  // The side tree is for wide screens; on a phone the folders are a list in the page.
  await expect(page.getByRole('complementary', { name: 'フォルダーの一覧' })).toBeHidden();
  const folderList = page.getByRole('region', { name: 'トップの中のフォルダー' });
  await expect(folderList.getByRole('link', { name: /契約書/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/documents 375');
  await page.screenshot({ path: `${SHOTS}/documents-375.png`, fullPage: true });

  await folderList.getByRole('link', { name: /契約書/ }).click();
  await expect(page.getByRole('navigation', { name: 'パンくずリスト' })).toContainText('契約書');
  await expect(documentsTable(page).getByRole('row', { name: new RegExp(PDF) })).toHaveCount(1);
  // The page does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoSeriousA11yViolations(page, '/documents folder 375');
  await page.screenshot({ path: `${SHOTS}/documents-folder-375.png`, fullPage: true });
});

test('the staff user may upload and move but is not offered deletion', async ({ browser }) => {
  const page = await signInAs(browser, demo.sakuraStaff.email, { width: 1440, height: 900 });
  await page.goto('/documents');
  await page
    .getByRole('region', { name: 'トップの中のフォルダー' })
    .getByRole('link', { name: /契約書/ })
    .click();
  // The folder's own list, not the top's (whose 清掃業務委託契約書.pdf also contains the name).
  await expect(page.getByRole('navigation', { name: 'パンくずリスト' })).toContainText('契約書');
  const row = documentsTable(page).getByRole('row', { name: new RegExp(`^${PDF}`) });
  await row.getByRole('button', { name: `${PDF} の操作`, exact: true }).click();
  await expect(page.getByRole('menuitem', { name: '移動' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: '削除' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  // Deleting the folder is shown with its reason, not offered.
  await expect(page.getByRole('button', { name: '削除' })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByLabel('「契約書」にアップロード')).toBeAttached();
  // The knowledge base is read-only for staff (knowledge.read only).
  await page.goto('/knowledge-base');
  await expect(page.getByText('資料の登録には権限が必要です。')).toBeVisible();
  await expect(page.getByRole('form', { name: '資料を登録' })).toHaveCount(0);
});
