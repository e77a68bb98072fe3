/**
 * A document's customer through HTTP on real PostgreSQL: set at upload, changed and cleared by
 * the update, the list of one customer's documents across folders, only the tenant's customers in
 * use may be linked, and reading or downloading a linked document names its customer in the
 * access log, so that /audit-log filtered by that customer finds the rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../src/seed/demo';
import { expectMatchesContract, expectRefusal } from '../support/contract';
import { createTestServer, type TestServer } from '../support/server';
import { upload } from './support';

describe('documents: the customer a document concerns', () => {
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

  async function customer(token: string, last: string, first: string): Promise<string> {
    const created = await server.send('POST', '/api/customers', token, {
      last_name: last,
      first_name: first,
      last_name_kana: 'テスト',
      first_name_kana: 'タロウ',
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id as string;
  }

  const text = (content: string) => ({ name: `${content}.txt`, bytes: new TextEncoder().encode(content) });

  it('links at upload, lists by customer across folders, changes and clears the link', async () => {
    const id = await customer(admin, '文書', '一郎');
    const other = await customer(admin, '文書', '二郎');
    const folder = await server.send('POST', '/api/folders/', admin, { name: '紹介状（文書顧客テスト）' });
    expect(folder.statusCode, folder.body).toBe(201);

    const first = await upload(server, admin, [text('紹介状 文書一郎様')], {
      fields: { customer_id: id, folder_id: folder.json().id },
    });
    expect(first.statusCode, first.body).toBe(201);
    expectMatchesContract('uploadDocument', 201, first.json());
    expect(first.json()).toMatchObject({ customer_id: id, customer_name: '文書 一郎' });

    const several = await upload(server, admin, [text('同意書 文書一郎様'), text('検査結果 文書一郎様')], {
      fields: { customer_id: id },
      multiple: true,
    });
    expect(several.statusCode, several.body).toBe(201);
    expect(several.json().uploaded.map((d: { customer_id: string }) => d.customer_id)).toEqual([id, id]);
    const unlinked = await upload(server, admin, [text('院内マニュアル 文書顧客テスト')]);
    expect(unlinked.json()).toMatchObject({ customer_id: null, customer_name: null });

    // A customer's documents wherever they are; with a folder too, only those in it.
    const list = async (query: string) => {
      const response = await server.get(`/api/documents/?${query}`, { token: staff });
      expect(response.statusCode, response.body).toBe(200);
      expectMatchesContract('listDocuments', 200, response.json());
      return response.json() as { total: number; documents: Array<{ file_name: string }> };
    };
    const all = await list(`customer_id=${id}`);
    expect(all.total).toBe(3);
    expect(all.documents.map((d) => d.file_name).sort()).toEqual(
      ['同意書 文書一郎様.txt', '検査結果 文書一郎様.txt', '紹介状 文書一郎様.txt'].sort(),
    );
    expect((await list(`customer_id=${id}&folder_id=${folder.json().id}`)).total).toBe(1);
    expect((await list(`customer_id=${other}`)).total).toBe(0);

    // Change to another customer, then clear.
    const documentId = first.json().id as string;
    const moved = await server.send('PATCH', `/api/documents/${documentId}`, admin, { customer_id: other });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ customer_id: other, customer_name: '文書 二郎' });
    expect((await list(`customer_id=${other}`)).total).toBe(1);
    const cleared = await server.send('PATCH', `/api/documents/${documentId}`, admin, { customer_id: null });
    expect(cleared.json()).toMatchObject({ customer_id: null, customer_name: null });
    expect((await list(`customer_id=${other}`)).total).toBe(0);
    const detail = await server.get(`/api/documents/${several.json().uploaded[0].id}`, { token: staff });
    expectMatchesContract('getDocument', 200, detail.json());
    expect(detail.json()).toMatchObject({ customer_id: id, customer_name: '文書 一郎' });
  });

  it("links only the tenant's own customers in use (404 otherwise, 422 for a malformed id)", async () => {
    const midoriCustomer = await customer(midori, '他院', '花子');
    expectRefusal(
      await upload(server, admin, [text('他院の顧客')], { fields: { customer_id: midoriCustomer } }),
      404,
      'RES_001',
    );
    const bad = await upload(server, admin, [text('形式違い')], { fields: { customer_id: 'abc' } });
    expectRefusal(bad, 422, 'VAL_001');
    expect(bad.json().error.validation_errors[0]).toMatchObject({ field: 'customer_id' });

    const stopped = await customer(admin, '停止', '三郎');
    const document = await upload(server, admin, [text('停止前の紹介状')], {
      fields: { customer_id: stopped },
    });
    expect(document.statusCode).toBe(201);
    const stop = await server.send('PUT', `/api/customers/${stopped}/use-stop`, admin, {
      reason: '本人の請求',
    });
    expect(stop.statusCode, stop.body).toBe(200);
    // The stop keeps the documents and their link; no new document may be linked to the person.
    const kept = await server.get(`/api/documents/${document.json().id}`, { token: admin });
    expect(kept.json()).toMatchObject({ customer_id: stopped });
    expectRefusal(
      await upload(server, admin, [text('停止後の紹介状')], { fields: { customer_id: stopped } }),
      404,
      'RES_001',
    );
    const unlinkedId = (await upload(server, admin, [text('停止後の別文書')])).json().id;
    expectRefusal(
      await server.send('PATCH', `/api/documents/${unlinkedId}`, admin, { customer_id: stopped }),
      404,
      'RES_001',
    );
    // Editing something else of a document still linked to them is fine.
    const renamed = await server.send('PATCH', `/api/documents/${document.json().id}`, admin, {
      description: '停止後に説明を追加',
      customer_id: stopped,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);

    const trashed = await customer(admin, 'ゴミ箱', '四郎');
    expect((await server.send('DELETE', `/api/customers/${trashed}`, admin)).statusCode).toBe(204);
    expectRefusal(
      await upload(server, admin, [text('ゴミ箱の顧客')], { fields: { customer_id: trashed } }),
      404,
      'RES_001',
    );
    // Another tenant cannot see the document, nor filter by the customer into anything.
    expectRefusal(
      await server.get(`/api/documents/${document.json().id}`, { token: midori }),
      404,
      'RES_001',
    );
    const foreign = await server.get(`/api/documents/?customer_id=${stopped}`, { token: midori });
    expect(foreign.json().total).toBe(0);
  });

  it('names the customer in the access log when a linked document is read or downloaded', async () => {
    const id = await customer(admin, '記録', '五郎');
    const linked = (
      await upload(server, admin, [text('記録五郎様 紹介状')], { fields: { customer_id: id } })
    ).json();
    const plain = (await upload(server, admin, [text('記録なし 院内文書')])).json();
    expect((await server.get(`/api/documents/${linked.id}`, { token: staff })).statusCode).toBe(200);
    const file = await server.get(`/api/documents/${linked.id}/content?disposition=attachment`, {
      token: staff,
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('記録五郎様 紹介状');
    expect((await server.get(`/api/documents/${plain.id}/content`, { token: staff })).statusCode).toBe(200);

    const log = await server.get(`/api/audit-log?customer_id=${id}`, { token: admin });
    expect(log.statusCode, log.body).toBe(200);
    const rows = log.json().entries as Array<{ action: string; target_id: string; customer_id: string }>;
    const aboutDocument = rows.filter((row) => row.target_id === linked.id);
    expect(aboutDocument.map((row) => row.action).sort()).toEqual(
      ['document.create', 'document.download', 'document.read'].sort(),
    );
    expect(aboutDocument.every((row) => row.customer_id === id)).toBe(true);
    // The unlinked document's download concerns nobody.
    const plainRows = await server.database.owner
      .selectFrom('access_log')
      .select(['action', 'customer_id'])
      .where('target_id', '=', plain.id)
      .where('action', '=', 'document.download')
      .execute();
    expect(plainRows).toEqual([{ action: 'document.download', customer_id: null }]);

    // Moving and deleting it are about the customer too.
    expect(
      (await server.send('PUT', `/api/documents/${linked.id}/move`, admin, { folder_id: null })).statusCode,
    ).toBe(200);
    expect((await server.send('DELETE', `/api/documents/${linked.id}`, admin)).statusCode).toBe(204);
    const changes = await server.database.owner
      .selectFrom('access_log')
      .select(['action', 'customer_id'])
      .where('target_id', '=', linked.id)
      .where('action', 'in', ['document.update', 'document.delete'])
      .orderBy('id')
      .execute();
    expect(changes).toEqual([
      { action: 'document.update', customer_id: id },
      { action: 'document.delete', customer_id: id },
    ]);
  });
});
