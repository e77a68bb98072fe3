/**
 * Disclosure (開示) and erasure (消去) through HTTP on real PostgreSQL. The disclosure ZIP is
 * opened (fflate) and each file read: the JSON against the database, the Shift_JIS CSV decoded,
 * the PDF's header, the person's documents byte for byte. Erasure is refused without the name
 * typed as shown, then removes the record, its interactions, documents (rows, text index entries
 * and stored files), research reports, search terms, notifications and the name in events, keeps
 * a tombstone, and afterwards neither the list's search, the assistant nor research finds the person.
 */
import { unzipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../src/platform/db/tenant-scope';
import { DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { storedFiles, upload, waitForDocument } from '../documents/support';
import { expectMatchesContract, expectRefusal } from '../support/contract';
import { createTestServer, type TestServer } from '../support/server';

const SAKURA = DEMO_TENANTS.sakura.id;

describe('customers: disclosure and erasure', () => {
  let server: TestServer;
  let admin: string;
  let staff: string;
  let midori: string;

  beforeAll(async () => {
    server = await createTestServer();
    admin = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
    staff = (await server.signIn(DEMO_USERS.sakuraStaff.email)).access_token;
    midori = (await server.signIn(DEMO_USERS.midoriAdmin.email)).access_token;
  });

  afterAll(async () => {
    await server.close();
  });

  const owner = <T>(work: Parameters<typeof withTenant<T>>[2]) =>
    withTenant(server.database.owner, SAKURA, work);

  /** A customer with two interactions, a research report and a document (its text extracted). */
  async function customerWithHistory(last: string, first: string, kana: [string, string]) {
    const created = await server.send('POST', '/api/customers', admin, {
      last_name: last,
      first_name: first,
      last_name_kana: kana[0],
      first_name_kana: kana[1],
      phone: '03-1234-5678',
      notes: '～ 波ダッシュと①を含むメモ',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    for (const content of [`${last}さんから電話で予約`, `${last}さんが来院`]) {
      const response = await server.send('POST', '/api/interactions', admin, {
        customer_id: id,
        type: 'call',
        content,
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const report = await server.send('POST', `/api/research/customer/${id}`, admin, {});
    expect(report.statusCode, report.body).toBe(200);
    const bytes = new TextEncoder().encode(`${last}${first}様の紹介状\n${crypto.randomUUID()}\n`);
    const document = await upload(server, admin, [{ name: '紹介状.txt', bytes }], {
      fields: { customer_id: id },
    });
    expect(document.statusCode, document.body).toBe(201);
    const documentId = document.json().id as string;
    await waitForDocument(server, admin, documentId);
    return { id, reportId: report.json().id as string, documentId, bytes };
  }

  it('discloses everything held as JSON, Shift_JIS CSV and a PDF in one ZIP', async () => {
    const { id, reportId, documentId, bytes } = await customerWithHistory('開示', '太郎', [
      'カイジ',
      'タロウ',
    ]);
    // A second file of the same name: both are in the ZIP, under names of their own.
    const again = await upload(
      server,
      admin,
      [{ name: '紹介状.txt', bytes: new TextEncoder().encode('二通目') }],
      {
        fields: { customer_id: id },
      },
    );
    expect(again.statusCode, again.body).toBe(201);
    await server.send('PUT', `/api/customers/${id}/use-stop`, admin, { reason: '開示と同時に利用停止' });
    const response = await server.get(`/api/customers/${id}/disclosure`, { token: admin });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('開示データ_開示 太郎_')}`,
    );
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      '01_開示データの概要.pdf',
      '02_顧客情報.csv',
      '02_顧客情報.json',
      '03_対応履歴.csv',
      '03_対応履歴.json',
      '04_調査レポート.csv',
      '04_調査レポート.json',
      '05_操作ログ.csv',
      '05_操作ログ.json',
      '06_文書.csv',
      '06_文書.json',
      '06_文書/紹介状 (2).txt',
      '06_文書/紹介状.txt',
    ]);
    const read = (name: string) => files[name] as Uint8Array;
    const json = (name: string) => JSON.parse(new TextDecoder().decode(read(name)));
    expect(new TextDecoder().decode(read('01_開示データの概要.pdf').slice(0, 5))).toBe('%PDF-');
    expectMatchesContract('getCustomer', 200, json('02_顧客情報.json'));
    expect(json('02_顧客情報.json')).toMatchObject({
      id,
      last_name: '開示',
      use_stop: { reason: '開示と同時に利用停止' },
    });
    const interactions = json('03_対応履歴.json') as Array<{ content: string; products: unknown[] }>;
    expect(interactions.every((i) => Array.isArray(i.products))).toBe(true);
    expect(interactions.map((i) => i.content)).toEqual(['開示さんから電話で予約', '開示さんが来院']);
    expect((json('04_調査レポート.json') as Array<{ id: string }>).map((r) => r.id)).toEqual([reportId]);
    const sjis = new TextDecoder('shift_jis');
    const customerCsv = sjis.decode(read('02_顧客情報.csv'));
    expect(customerCsv.split('\r\n')[0]).toContain('姓');
    expect(customerCsv).toContain('開示');
    expect(customerCsv).toContain('～ 波ダッシュと①を含むメモ');
    const interactionCsv = sjis.decode(read('03_対応履歴.csv')).split('\r\n');
    expect(interactionCsv[0]).toBe('日時,種類,要約,内容,記録した人');
    expect(interactionCsv.filter((line) => line.includes('開示さん'))).toHaveLength(2);
    expect(sjis.decode(read('04_調査レポート.csv'))).toContain('作成日時,タイトル');
    // The access log's rows about them: who stopped the use (and created them), not from where.
    const accesses = json('05_操作ログ.json') as Array<Record<string, unknown>>;
    expect(accesses).toContainEqual(
      expect.objectContaining({
        action: 'customer.use_stop',
        action_label: '利用停止（本人からの請求）',
        actor_name: DEMO_USERS.sakuraAdmin.full_name,
        target_id: id,
      }),
    );
    expect(accesses.every((row) => !('ip' in row) && !('user_agent' in row))).toBe(true);
    expect(sjis.decode(read('05_操作ログ.csv'))).toContain(
      `利用停止（本人からの請求）,${DEMO_USERS.sakuraAdmin.full_name},顧客,${id}`,
    );
    // The documents: listed (JSON against the contract, CSV) and their files as uploaded.
    const documents = json('06_文書.json') as Array<Record<string, unknown>>;
    expect(documents.map((d) => [d.id, d.file_in_zip])).toEqual([
      [documentId, '06_文書/紹介状.txt'],
      [again.json().id, '06_文書/紹介状 (2).txt'],
    ]);
    for (const { file_in_zip: _, ...document } of documents)
      expectMatchesContract('getDocument', 200, { ...document, text_preview: null, folder: null });
    expect(documents[0]).toMatchObject({
      customer_id: id,
      customer_name: '開示 太郎',
      file_name: '紹介状.txt',
    });
    expect(Buffer.from(read('06_文書/紹介状.txt')).equals(Buffer.from(bytes))).toBe(true);
    expect(new TextDecoder().decode(read('06_文書/紹介状 (2).txt'))).toBe('二通目');
    const documentCsv = sjis.decode(read('06_文書.csv')).split('\r\n');
    expect(documentCsv[0]).toBe('登録日時,ファイル名,説明,タグ,サイズ（バイト）,ZIP 内の場所');
    expect(documentCsv[1]).toContain(`紹介状.txt,,,${bytes.length},06_文書/紹介状.txt`);
    // The download itself is logged.
    const logged = await owner((tx) =>
      tx.selectFrom('access_log').select('action').where('customer_id', '=', id).execute(),
    );
    expect(logged.map((row) => row.action)).toContain('customer.disclose');
  });

  it('refuses the disclosure to staff (403) and to another tenant (404)', async () => {
    const { id } = await customerWithHistory('拒否', '花子', ['キョヒ', 'ハナコ']);
    expectRefusal(await server.get(`/api/customers/${id}/disclosure`, { token: staff }), 403, 'AUTH_004');
    expectRefusal(await server.get(`/api/customers/${id}/disclosure`, { token: midori }), 404, 'RES_001');
    const erase = { confirm_name: '拒否 花子', reason: '本人の請求' };
    expectRefusal(await server.send('POST', `/api/customers/${id}/erasure`, staff, erase), 403, 'AUTH_004');
    expectRefusal(await server.send('POST', `/api/customers/${id}/erasure`, midori, erase), 404, 'RES_001');
    expect((await server.get(`/api/customers/${id}`, { token: admin })).statusCode).toBe(200);
  });

  it('erases only with the name typed as shown, leaving a tombstone and nothing findable', async () => {
    const { id, reportId, documentId } = await customerWithHistory('篁', 'しのぶ', ['タカムラ', 'シノブ']);
    const storageKey = await owner(
      async (tx) =>
        (
          await tx
            .selectFrom('documents')
            .select('storage_key')
            .where('id', '=', documentId)
            .executeTakeFirstOrThrow()
        ).storage_key,
    );
    expect(await storedFiles(server)).toContain(storageKey);
    const chunks = () =>
      owner(async (tx) =>
        Number(
          (
            await sql<{
              n: string;
            }>`select (select count(*) from text_chunks where document_id = ${documentId})
              + (select count(*) from text_chunk_terms t join text_chunks c on c.tenant_id = t.tenant_id and c.id = t.chunk_id
                 where c.document_id = ${documentId}) as n`.execute(tx)
          ).rows[0]?.n,
        ),
      );
    expect(await chunks()).toBeGreaterThan(0);
    const interactionIds = await owner((tx) =>
      tx.selectFrom('interactions').select('id').where('customer_id', '=', id).execute(),
    );
    expect(interactionIds).toHaveLength(2);

    const wrong = await server.send('POST', `/api/customers/${id}/erasure`, admin, {
      confirm_name: '篁 しのぶこ',
      reason: '本人からの消去請求',
    });
    expectRefusal(wrong, 422, 'VAL_003');
    expect(wrong.json().error.validation_errors[0]).toMatchObject({ field: 'confirm_name' });
    expect(wrong.json().error.validation_errors[0].message).toContain('「篁 しのぶ」');
    expect((await server.get(`/api/customers/${id}`, { token: admin })).statusCode).toBe(200);

    // Before: search and the assistant find the person.
    const search = async () =>
      (await server.get(`/api/customers?search=${encodeURIComponent('たかむら')}`, { token: admin })).json()
        .total;
    expect(await search()).toBe(1);
    const ask = async () =>
      JSON.stringify(
        (await server.send('POST', '/api/aiassistant/', admin, { message: '篁さんの最近の対応は？' })).json(),
      );
    expect(await ask()).toContain(id);

    // A full-width space between the names does not matter; the name itself does.
    const erased = await server.send('POST', `/api/customers/${id}/erasure`, admin, {
      confirm_name: '篁　しのぶ',
      reason: '本人からの消去請求（窓口で受付）',
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expectMatchesContract('eraseCustomer', 200, erased.json());
    expect(erased.json()).toMatchObject({
      customer_id: id,
      reason: '本人からの消去請求（窓口で受付）',
      interactions_removed: 2,
      research_reports_removed: 1,
      documents_removed: 1,
    });
    expect((await server.get(`/api/documents/${documentId}`, { token: admin })).statusCode).toBe(404);
    expect(await chunks()).toBe(0);
    // The stored file goes once the erasure has committed (a background job).
    const deadline = Date.now() + 15_000;
    while ((await storedFiles(server)).includes(storageKey) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await storedFiles(server)).not.toContain(storageKey);

    const gone = await server.get(`/api/customers/${id}`, { token: admin });
    expectRefusal(gone, 404, 'RES_001');
    expect(gone.json().error.message).toBe('この顧客の情報は本人の請求により消去されました。');
    expect(gone.json().error.context).toMatchObject({ resource: 'customer', erased: true });
    expectRefusal(await server.get(`/api/customers/${id}/disclosure`, { token: admin }), 404, 'RES_001');
    expectRefusal(
      await server.send('POST', `/api/customers/${id}/erasure`, admin, {
        confirm_name: '篁 しのぶ',
        reason: 'もう一度',
      }),
      404,
      'RES_001',
    );
    expect((await server.get(`/api/research/reports/${reportId}`, { token: admin })).statusCode).toBe(404);

    // Afterwards: neither search, the assistant nor research finds the person.
    expect(await search()).toBe(0);
    const answer = await ask();
    expect(answer).not.toContain(id);
    expect(answer).not.toContain('篁 しのぶ');
    const research = await server.send('POST', '/api/research/customer', admin, { name: '篁' });
    expect(research.statusCode).toBe(200);
    expect(JSON.stringify(research.json())).not.toContain(id);

    // In the database: a tombstone, and nothing else that names them.
    await owner(async (tx) => {
      const tombstone = await tx
        .selectFrom('customer_erasures')
        .selectAll()
        .where('customer_id', '=', id)
        .execute();
      expect(tombstone).toEqual([
        expect.objectContaining({
          reason: '本人からの消去請求（窓口で受付）',
          erased_by: expect.any(String),
        }),
      ]);
      const left = await sql<{ n: string }>`
        select (select count(*) from customers where id = ${id})
             + (select count(*) from customer_search_terms where customer_id = ${id})
             + (select count(*) from interactions where customer_id = ${id})
             + (select count(*) from interaction_versions where interaction_id = any(${interactionIds.map((i) => i.id)}::uuid[]))
             + (select count(*) from research_reports where customer_id = ${id} or id = ${reportId})
             + (select count(*) from documents where customer_id = ${id} or id = ${documentId})
             + (select count(*) from notifications where link like ${`/customers/${id}%`})
             + (select count(*) from domain_events where payload::text like '%篁%')
          as n`.execute(tx);
      expect(Number(left.rows[0]?.n)).toBe(0);
      // The access log keeps its rows about the id, the erasure among them; the tombstone explains them.
      const logged = await tx
        .selectFrom('access_log')
        .select('action')
        .where('customer_id', '=', id)
        .execute();
      expect(logged.map((row) => row.action)).toEqual(
        expect.arrayContaining(['customer.create', 'customer.erase']),
      );
    });
  });

  it('refuses an erasure without a reason (422)', async () => {
    const created = await server.send('POST', '/api/customers', admin, {
      last_name: '理由',
      first_name: 'なし',
      last_name_kana: 'リユウ',
      first_name_kana: 'ナシ',
    });
    const id = created.json().id;
    const response = await server.send('POST', `/api/customers/${id}/erasure`, admin, {
      confirm_name: '理由 なし',
      reason: ' ',
    });
    expectRefusal(response, 422, 'VAL_001');
    expect((await server.get(`/api/customers/${id}`, { token: admin })).statusCode).toBe(200);
  });
});
