import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../src/platform/db/tenant-scope';
import { DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { expectErrorEnvelope, expectMatchesContract } from '../support/contract';
import { createUser } from '../support/fixtures';
import { createTestServer, type TestServer } from '../support/server';
import { fixture, storedFiles, upload, waitForDocument } from './support';

const READ_ONLY = 'documents-reader@sakura-clinic.example';

describe('documents: upload, extraction in the background, search, download, delete', () => {
  let server: TestServer;
  let token: string;
  let midoriToken: string;
  let readerToken: string;
  let manualId: string;

  beforeAll(async () => {
    server = await createTestServer();
    token = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
    midoriToken = (await server.signIn(DEMO_USERS.midoriAdmin.email)).access_token;
    await createUser(server.database.owner, {
      email: READ_ONLY,
      memberships: [{ tenantId: DEMO_TENANTS.sakura.id, role: 'user', permissions: ['documents.read'] }],
    });
    readerToken = (await server.signIn(READ_ONLY)).access_token;
  });

  afterAll(async () => {
    await server.close();
  });

  it('keeps a Japanese PDF: pending at once, then ready with its pages and a preview', async () => {
    const bytes = await fixture('clinic-manual.pdf');
    const response = await upload(server, token, [
      { name: '院内規程（2026年版）.pdf', bytes, type: 'text/plain' },
    ]);
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expectMatchesContract('uploadDocument', 201, created);
    expect(created).toMatchObject({
      file_name: '院内規程（2026年版）.pdf',
      // The bytes decide, not the browser's word (text/plain above).
      content_type: 'application/pdf',
      size_bytes: bytes.length,
      extraction_status: 'pending',
      extraction_error: null,
      page_count: null,
      folder_id: null,
    });
    manualId = created.id;

    const ready = await waitForDocument(server, token, manualId);
    expectMatchesContract('getDocument', 200, ready);
    expect(ready).toMatchObject({
      extraction_status: 'ready',
      page_count: 3,
      extraction_error: null,
      folder: null,
    });
    expect(ready.text_preview).toContain('手指衛生');
    // The row keeps the checksum and a tenant-scoped key; the file is where the key says.
    const row = await withTenant(server.database.owner, DEMO_TENANTS.sakura.id, (tx) =>
      tx
        .selectFrom('documents')
        .select(['sha256', 'storage_key'])
        .where('id', '=', manualId)
        .executeTakeFirstOrThrow(),
    );
    expect(row.storage_key).toBe(`${DEMO_TENANTS.sakura.id}/${row.sha256}`);
    expect(await readFile(join(server.config.filesDir, row.storage_key))).toEqual(bytes);
  });

  it('finds a 2-character term on its page, with the snippet highlighted', async () => {
    const response = await server.send(
      'POST',
      `/api/documents/search?query=${encodeURIComponent('保存')}`,
      token,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expectMatchesContract('searchDocuments', 200, body);
    expect(body.total).toBe(1);
    const [hit] = body.results;
    expect(hit.document.id).toBe(manualId);
    expect(hit.page).toBe(2);
    expect(hit.score).toBeNull();
    expect(hit.highlights.length).toBeGreaterThan(0);
    for (const { start, length } of hit.highlights) {
      expect(hit.snippet.slice(start, start + length)).toBe('保存');
    }
    const stop = await server.send(
      'POST',
      `/api/documents/search?query=${encodeURIComponent('停電')}`,
      token,
    );
    expect(stop.json().results[0].page).toBe(3);
  });

  it('folds width and kana: ｐｃｒ and かるて find ＰＣＲ and カルテ', async () => {
    const pcr = (
      await server.send('POST', `/api/documents/search?query=${encodeURIComponent('pcr')}`, token)
    ).json();
    expect(pcr.results.map((hit: { page: number }) => hit.page)).toEqual([3]);
    const chart = (
      await server.send('POST', `/api/documents/search?query=${encodeURIComponent('かるて')}`, token)
    ).json();
    expect(chart.results.map((hit: { page: number }) => hit.page)).toEqual([2]);
    const nothing = (
      await server.send('POST', `/api/documents/search?query=${encodeURIComponent('請求書')}`, token)
    ).json();
    expect(nothing).toEqual({ total: 0, results: [] });
  });

  it('finds a document by its file name even where its text does not match (no snippet)', async () => {
    const body = (
      await server.send('POST', `/api/documents/search?query=${encodeURIComponent('2026年版')}`, token)
    ).json();
    expect(body.results).toHaveLength(1);
    expect(body.results[0]).toMatchObject({ snippet: null, highlights: [], page: null });
  });

  it('semantic search answers in offline mode with the closest page', async () => {
    const response = await server.send(
      'POST',
      `/api/documents/semantic-search?query=${encodeURIComponent('カルテは何年間保存しますか')}`,
      token,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expectMatchesContract('semanticSearchDocuments', 200, body);
    expect(body.mode).toBe('offline');
    expect(body.results[0]).toMatchObject({ document: { id: manualId }, page: 2 });
    expect(body.results[0].score).toBeGreaterThan(0);
  });

  it('reads Word, Excel and a Shift_JIS CSV; an image is kept but not read', async () => {
    const response = await upload(
      server,
      token,
      [
        { field: 'files', name: '受付マニュアル.docx', bytes: await fixture('reception.docx') },
        { field: 'files', name: '備品.xlsx', bytes: await fixture('supplies.xlsx') },
        { field: 'files', name: '患者一覧.csv', bytes: await fixture('patients-sjis.csv') },
        { field: 'files', name: 'ロゴ.png', bytes: await fixture('sakura.png') },
      ],
      { multiple: true },
    );
    expect(response.statusCode).toBe(201);
    expectMatchesContract('uploadDocuments', 201, response.json());
    const { uploaded, failed } = response.json();
    expect(failed).toEqual([]);
    const [word, excel, csv, image] = await Promise.all(
      uploaded.map((document: { id: string }) => waitForDocument(server, token, document.id)),
    );
    expect(word).toMatchObject({ extraction_status: 'ready', page_count: null });
    expect(word?.text_preview).toContain('紹介状');
    expect(excel?.text_preview).toContain('使い捨て手袋\t200');
    expect(csv?.text_preview).toContain('山田 太郎,ヤマダ タロウ,03-1234-5678');
    expect(image).toMatchObject({ extraction_status: 'unsupported', content_type: 'image/png' });
    expect(image?.extraction_error).toMatch(/画像から文字は読み取りません/);
    const found = (
      await server.send('POST', `/api/documents/search?query=${encodeURIComponent('ヤマダ')}`, token)
    ).json();
    expect(found.results.map((hit: { document: { file_name: string } }) => hit.document.file_name)).toEqual([
      '患者一覧.csv',
    ]);
  });

  it('says why a scanned PDF cannot be searched', async () => {
    const response = await upload(server, token, [
      { name: 'スキャン.pdf', bytes: await fixture('no-text.pdf') },
    ]);
    const scanned = await waitForDocument(server, token, response.json().id);
    expect(scanned.extraction_status).toBe('unsupported');
    expect(scanned.extraction_error).toMatch(/この PDF には文字情報がありません/);
    // The uploader hears of it (they may have left the screen); a picture kept without text is no news.
    const notifications = (await server.get('/api/notifications', { token })).json().notifications as Array<{
      title: string;
      message: string;
      category: string;
    }>;
    const unreadable = notifications.filter(
      (notification) => notification.title === '文書を読み取れませんでした',
    );
    expect(unreadable).toHaveLength(1);
    expect(unreadable[0]).toMatchObject({ category: 'document' });
    expect(unreadable[0]?.message).toMatch(
      /^「スキャン\.pdf」の本文を読み取れませんでした。この PDF には文字情報がありません/,
    );
  });

  it('refuses an executable renamed as .pdf with FILE_002, and keeps nothing', async () => {
    const before = await storedFiles(server);
    const response = await upload(server, token, [
      { name: 'invoice.pdf', bytes: await fixture('not-a-pdf.pdf'), type: 'application/pdf' },
    ]);
    expect(response.statusCode).toBe(422);
    expectErrorEnvelope(response.json(), 'FILE_002');
    expect(response.json().error.message).toBe(
      'ファイル名は PDF ですが、中身が PDF の形式ではありません（実行ファイルなど、対応していない形式の可能性があります）。',
    );
    expect(await storedFiles(server)).toEqual(before);
    const count = await withTenant(server.database.owner, DEMO_TENANTS.sakura.id, (tx) =>
      tx.selectFrom('documents').select('id').where('file_name', '=', 'invoice.pdf').execute(),
    );
    expect(count).toEqual([]);
  });

  it('refuses a file over 20 MB with FILE_001 and an empty one with FILE_003, keeping nothing', async () => {
    const before = await storedFiles(server);
    const big = Buffer.alloc(20 * 1024 * 1024 + 1, 0x20);
    big.write('%PDF-1.7\n');
    const tooLarge = await upload(server, token, [{ name: 'big.pdf', bytes: big }]);
    expect(tooLarge.statusCode).toBe(413);
    expectErrorEnvelope(tooLarge.json(), 'FILE_001');
    const empty = await upload(server, token, [{ name: 'empty.txt', bytes: new Uint8Array() }]);
    expect(empty.statusCode).toBe(422);
    expectErrorEnvelope(empty.json(), 'FILE_003');
    expect(await storedFiles(server)).toEqual(before);
  });

  it('upload-multiple saves what it can and names each refused file; none saved is 422', async () => {
    const mixed = await upload(
      server,
      token,
      [
        { field: 'files', name: 'メモ.txt', bytes: new TextEncoder().encode('ワクチンの在庫を確認する。') },
        { field: 'files', name: 'setup.pdf', bytes: await fixture('not-a-pdf.pdf') },
      ],
      { multiple: true },
    );
    expect(mixed.statusCode).toBe(201);
    expect(mixed.json().uploaded.map((document: { file_name: string }) => document.file_name)).toEqual([
      'メモ.txt',
    ]);
    expect(mixed.json().failed).toEqual([
      {
        file_name: 'setup.pdf',
        code: 'FILE_002',
        message:
          'ファイル名は PDF ですが、中身が PDF の形式ではありません（実行ファイルなど、対応していない形式の可能性があります）。',
      },
    ]);
    const none = await upload(
      server,
      token,
      [{ field: 'files', name: 'setup.pdf', bytes: await fixture('not-a-pdf.pdf') }],
      {
        multiple: true,
      },
    );
    expect(none.statusCode).toBe(422);
    expectErrorEnvelope(none.json(), 'FILE_002');
    expect(none.json().error.context.failed).toHaveLength(1);
  });

  it('more than 10 files in one request is FILE_005', async () => {
    const files = Array.from({ length: 11 }, (_, index) => ({
      field: 'files',
      name: `memo-${index}.txt`,
      bytes: new TextEncoder().encode(`メモ ${index}`),
    }));
    const before = await storedFiles(server);
    const response = await upload(server, token, files, { multiple: true });
    expect(response.statusCode).toBe(413);
    expectErrorEnvelope(response.json(), 'FILE_005');
    expect(await storedFiles(server)).toEqual(before);
  });

  it('downloads the exact bytes with the Japanese name in filename*; previews only safe types inline', async () => {
    const bytes = await fixture('clinic-manual.pdf');
    const download = await server.send('GET', `/api/documents/${manualId}/content`, token);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(bytes);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-length']).toBe(String(bytes.length));
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="download.pdf"; filename*=UTF-8''${encodeURIComponent('院内規程（2026年版）.pdf').replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`,
    );
    const preview = await server.send('GET', `/api/documents/${manualId}/content?disposition=inline`, token);
    expect(preview.headers['content-disposition']).toMatch(/^inline; /);
    expect(preview.headers['content-security-policy']).toMatch(/default-src 'none'/);

    // A Word file is never shown inline.
    const list = (await server.send('GET', '/api/documents/?limit=100', token)).json();
    const word = list.documents.find((document: { file_name: string }) =>
      document.file_name.endsWith('.docx'),
    );
    const wordPreview = await server.send(
      'GET',
      `/api/documents/${word.id}/content?disposition=inline`,
      token,
    );
    expect(wordPreview.headers['content-disposition']).toMatch(/^attachment; /);
  });

  it('renames (NFC, no slashes), describes and tags a document', async () => {
    const decomposed = 'カ\u3099イト\u3099.pdf'; // ガイド.pdf with combining marks
    const response = await server.send('PATCH', `/api/documents/${manualId}`, token, {
      file_name: decomposed,
      description: '2026年4月改定',
      tags: ['規程', '感染対策'],
    });
    expect(response.statusCode).toBe(200);
    expectMatchesContract('updateDocument', 200, response.json());
    expect(response.json()).toMatchObject({
      file_name: 'ガイド.pdf',
      description: '2026年4月改定',
      tags: ['規程', '感染対策'],
    });
    const slash = await server.send('PATCH', `/api/documents/${manualId}`, token, { file_name: 'a/b.pdf' });
    expect(slash.statusCode).toBe(422);
    expect(slash.json().error.validation_errors).toEqual([
      { field: 'file_name', message: 'ファイル名に / と \\ は使えません' },
    ]);
    const cleared = await server.send('PATCH', `/api/documents/${manualId}`, token, { description: null });
    expect(cleared.json().description).toBeNull();
  });

  it('a user without documents.write cannot upload; another tenant sees nothing', async () => {
    const refused = await upload(server, readerToken, [
      { name: 'a.txt', bytes: new TextEncoder().encode('a') },
    ]);
    expect(refused.statusCode).toBe(403);
    expectErrorEnvelope(refused.json(), 'AUTH_004');
    const other = await server.send('GET', `/api/documents/${manualId}`, midoriToken);
    expect(other.statusCode).toBe(404);
    const otherSearch = (
      await server.send('POST', `/api/documents/search?query=${encodeURIComponent('保存')}`, midoriToken)
    ).json();
    expect(otherSearch.total).toBe(0);
    const otherDownload = await server.send('GET', `/api/documents/${manualId}/content`, midoriToken);
    expect(otherDownload.statusCode).toBe(404);
  });

  it('refuses another tenant’s folder as the target of an upload or a move (404)', async () => {
    const folder = await server.send('POST', '/api/folders/', midoriToken, { name: 'みどりの書類' });
    expect(folder.statusCode).toBe(201);
    const intoOther = await upload(
      server,
      token,
      [{ name: 'a.txt', bytes: new TextEncoder().encode('あ') }],
      {
        fields: { folder_id: folder.json().id },
      },
    );
    expect(intoOther.statusCode).toBe(404);
    const move = await server.send('PUT', `/api/documents/${manualId}/move`, token, {
      folder_id: folder.json().id,
    });
    expect(move.statusCode).toBe(404);
  });

  it('deletes the row, its index entries and its file (once no other document uses the bytes)', async () => {
    const bytes = new TextEncoder().encode('同じ中身のファイルです。消毒液の補充。');
    const firstResponse = await upload(server, token, [{ name: '一つ目.txt', bytes }]);
    expect(firstResponse.statusCode, firstResponse.body).toBe(201);
    const secondResponse = await upload(server, token, [{ name: '二つ目.txt', bytes }]);
    expect(secondResponse.statusCode, secondResponse.body).toBe(201);
    const first = firstResponse.json();
    const second = secondResponse.json();
    await waitForDocument(server, token, first.id);
    await waitForDocument(server, token, second.id);
    const key = `${DEMO_TENANTS.sakura.id}/${
      (
        await withTenant(server.database.owner, DEMO_TENANTS.sakura.id, (tx) =>
          tx.selectFrom('documents').select('sha256').where('id', '=', first.id).executeTakeFirstOrThrow(),
        )
      ).sha256
    }`;
    const chunks = (id: string) =>
      withTenant(server.database.owner, DEMO_TENANTS.sakura.id, async (tx) => {
        const { rows } = await sql<{
          n: number;
        }>`select count(*)::int as n from text_chunks where document_id = ${id}`.execute(tx);
        return rows[0]?.n;
      });
    expect(await chunks(first.id)).toBe(1);

    expect((await server.send('DELETE', `/api/documents/${first.id}`, token)).statusCode).toBe(204);
    expect(await chunks(first.id)).toBe(0);
    expect((await server.send('GET', `/api/documents/${first.id}`, token)).statusCode).toBe(404);
    // The same bytes are still the second document's.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await storedFiles(server)).toContain(key);

    expect((await server.send('DELETE', `/api/documents/${second.id}`, token)).statusCode).toBe(204);
    const deadline = Date.now() + 15_000;
    while ((await storedFiles(server)).includes(key) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await storedFiles(server)).not.toContain(key);
    const search = (
      await server.send('POST', `/api/documents/search?query=${encodeURIComponent('消毒液')}`, token)
    ).json();
    expect(search.total).toBe(0);
  });
});
