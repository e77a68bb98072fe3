import Encoding from 'encoding-japanese';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../src/platform/db/tenant-scope';
import { DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { expectErrorEnvelope, expectMatchesContract } from '../support/contract';
import { readBack } from '../support/csv';
import { createTestServer, type TestServer } from '../support/server';

describe('customers, whole', () => {
  let server: TestServer;
  let admin: string;
  let staff: string;

  beforeAll(async () => {
    server = await createTestServer();
    admin = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
    staff = (await server.signIn(DEMO_USERS.sakuraStaff.email)).access_token;
  });

  afterAll(async () => {
    await server.close();
  });

  const send = (method: string, url: string, token: string, body?: unknown) =>
    server.send(method, url, token, body);

  const hanako = {
    last_name: '森',
    first_name: '花子',
    last_name_kana: 'モリ',
    first_name_kana: 'ハナコ',
    company_name: null,
    email: 'hanako.mori@example.jp',
    phone: '03-1234-5678',
    postal_code: '1500001',
    prefecture: '東京都',
    city: '渋谷区',
    address_line: '神宮前1-2-3',
    tags: ['初診'],
    assignee_user_id: DEMO_USERS.sakuraStaff.id,
    notes: '花粉症の相談',
  };

  it('creates, reads, finds by 2 characters, and counts', async () => {
    const before = (await send('GET', '/api/customers?limit=1', admin)).json().total;
    const created = await send('POST', '/api/customers', admin, hanako);
    expect(created.statusCode).toBe(201);
    expectMatchesContract('createCustomer', 201, created.json());
    const customer = created.json();
    expect(customer).toMatchObject({
      ...hanako,
      postal_code: '150-0001',
      version: 1,
      created_by: DEMO_USERS.sakuraAdmin.id,
      assignee_name: DEMO_USERS.sakuraStaff.full_name,
      deleted_at: null,
    });
    const read = await send('GET', `/api/customers/${customer.id}`, admin);
    expect(read.json()).toEqual(customer);
    const found = await send('GET', `/api/customers?search=${encodeURIComponent('もり')}`, admin);
    expect(found.json().customers.map((row: { id: string }) => row.id)).toContain(customer.id);
    expect((await send('GET', '/api/customers?limit=1', admin)).json().total).toBe(before + 1);
  });

  it('refuses a second save made from a stale version with 409 RES_003, and changes nothing', async () => {
    const { id } = (await send('POST', '/api/customers', admin, { ...hanako, first_name: '次郎' })).json();
    const mine = await send('PUT', `/api/customers/${id}`, admin, { version: 1, notes: '受付で確認' });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      version: 2,
      notes: '受付で確認',
      updated_by: DEMO_USERS.sakuraAdmin.id,
    });

    const theirs = await send('PUT', `/api/customers/${id}`, staff, { version: 1, notes: '上書きしたい' });
    expect(theirs.statusCode).toBe(409);
    expectMatchesContract('updateCustomer', 409, theirs.json());
    expectErrorEnvelope(theirs.json(), 'RES_003');
    expect(theirs.json().error.context.current).toMatchObject({ id, version: 2, notes: '受付で確認' });
    expect((await send('GET', `/api/customers/${id}`, admin)).json()).toMatchObject({
      version: 2,
      notes: '受付で確認',
    });
  });

  it('soft-deletes: gone from lists and search, 404 on edit, back with restore', async () => {
    const { id } = (
      await send('POST', '/api/customers', admin, {
        ...hanako,
        last_name: '削除',
        last_name_kana: 'サクジョ',
      })
    ).json();
    const total = (await send('GET', '/api/customers?limit=1', admin)).json().total;
    expect((await send('DELETE', `/api/customers/${id}`, staff)).statusCode).toBe(403); // staff: no customers.delete
    const deleted = await send('DELETE', `/api/customers/${id}`, admin);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await send('GET', '/api/customers?limit=1', admin)).json().total).toBe(total - 1);
    const search = await send('GET', `/api/customers?search=${encodeURIComponent('削除')}`, admin);
    expect(search.json().customers).toEqual([]);
    expect((await send('GET', `/api/customers/${id}`, admin)).json().deleted_at).not.toBeNull();
    expect((await send('PUT', `/api/customers/${id}`, admin, { version: 2, notes: 'x' })).statusCode).toBe(
      404,
    );
    expect((await send('DELETE', `/api/customers/${id}`, admin)).statusCode).toBe(404);

    const restored = await send('POST', `/api/customers/${id}/restore`, admin);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ id, deleted_at: null });
    expect((await send('GET', '/api/customers?limit=1', admin)).json().total).toBe(total);
    const again = await send('GET', `/api/customers?search=${encodeURIComponent('削除')}`, admin);
    expect(again.json().customers.map((row: { id: string }) => row.id)).toEqual([id]);
  });

  it('answers Japanese field errors, with the katakana rule explained, and 422 for an assignee outside the tenant', async () => {
    const bad = await send('POST', '/api/customers', admin, {
      ...hanako,
      last_name_kana: 'もり',
      postal_code: '15-1',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.validation_errors).toEqual(
      expect.arrayContaining([
        { field: 'last_name_kana', message: '全角カタカナで入力してください' },
        { field: 'postal_code', message: '7 桁の数字で入力してください（例 150-0001）' },
      ]),
    );
    const outsider = await send('POST', '/api/customers', admin, {
      ...hanako,
      assignee_user_id: DEMO_USERS.midoriAdmin.id,
    });
    expect(outsider.statusCode).toBe(422);
    expect(outsider.json().error.validation_errors).toEqual([
      { field: 'assignee_user_id', message: 'このテナントの有効なユーザーから選んでください' },
    ]);
  });

  it('lists the tenant’s users as assignees', async () => {
    const response = await send('GET', '/api/customers/assignees', staff);
    expect(response.statusCode).toBe(200);
    const ids = response.json().assignees.map((assignee: { user_id: string }) => assignee.user_id);
    expect(ids).toEqual(expect.arrayContaining([DEMO_USERS.sakuraAdmin.id, DEMO_USERS.sakuraStaff.id]));
    expect(ids).not.toContain(DEMO_USERS.midoriAdmin.id);
  });

  it('records an interaction that comes first on the timeline, with who wrote it', async () => {
    const { id } = (await send('POST', '/api/customers', admin, hanako)).json();
    const recorded = await send('POST', '/api/interactions', staff, {
      customer_id: id,
      type: 'call',
      summary: '予約の変更',
      content: '来週火曜 10 時に変更',
    });
    expect(recorded.statusCode).toBe(201);
    expect(recorded.json()).toMatchObject({
      customer_name: '森 花子',
      created_by_name: DEMO_USERS.sakuraStaff.full_name,
    });
    const timeline = await send('GET', `/api/interactions/${id}`, admin);
    expect(timeline.json()).toMatchObject({ total: 1, interactions: [{ id: recorded.json().id }] });
    const recent = await send('GET', '/api/interactions?limit=1', admin);
    expect(recent.json().interactions[0].id).toBe(recorded.json().id);
  });

  it('exports Shift_JIS that a CP932 decoder reads, and the import of that file round-trips', async () => {
    const tricky = {
      ...hanako,
      last_name: '髙橋',
      last_name_kana: 'タカハシ',
      notes: '午前〜午後、－、①の件',
    };
    await send('POST', '/api/customers', admin, tricky);
    const exported = await send(
      'GET',
      `/api/customers/export?encoding=shift_jis&search=${encodeURIComponent('髙橋')}`,
      admin,
    );
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('Shift_JIS');
    // 顧客一覧_YYYYMMDD_ShiftJIS.csv: not the UTF-8 export's name, so the two never overwrite.
    const date = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' })
      .format(new Date())
      .replaceAll('-', '');
    expect(exported.headers['content-disposition']).toBe(
      `attachment; filename="customers-${date}_ShiftJIS.csv"; filename*=UTF-8''${encodeURIComponent(`顧客一覧_${date}_ShiftJIS.csv`)}`,
    );
    const utf8 = await send('GET', '/api/customers/export?encoding=utf-8', admin);
    expect(utf8.headers['content-type']).toContain('UTF-8');
    expect(utf8.headers['content-disposition']).toBe(
      `attachment; filename="customers-${date}.csv"; filename*=UTF-8''${encodeURIComponent(`顧客一覧_${date}.csv`)}`,
    );
    const text = new TextDecoder('shift_jis').decode(exported.rawPayload);
    expect(text).toContain('髙橋');
    expect(text).toContain('①の件');
    expect(Encoding.detect(exported.rawPayload)).toBe('SJIS');

    // The app's import sends the CSV's rows as JSON; the oracle reads them the same way.
    const parsed = readBack(new Uint8Array(exported.rawPayload));
    for (const row of parsed.rows)
      for (const [key, value] of Object.entries(row)) if (value === null) delete row[key];
    const preview = await send('POST', '/api/customers/import', admin, { rows: parsed.rows, dry_run: true });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ dry_run: true, invalid: 0, created: 0 });
    const imported = await send('POST', '/api/customers/import', admin, {
      rows: parsed.rows,
      dry_run: false,
    });
    expect(imported.json()).toMatchObject({ dry_run: false, invalid: 0, created: parsed.rows.length });
    const copies = await send('GET', `/api/customers?search=${encodeURIComponent('髙橋')}`, admin);
    expect(copies.json().total).toBe(parsed.rows.length * 2);
  });

  it('reports import rows one by one in Japanese and creates only the valid ones', async () => {
    const result = await send('POST', '/api/customers/import', admin, {
      rows: [hanako, { last_name: '名無し' }],
      dry_run: false,
    });
    expect(result.json()).toMatchObject({ total: 2, valid: 1, invalid: 1, created: 1 });
    expect(result.json().rows[1].errors).toEqual(
      expect.arrayContaining([{ field: 'first_name', message: '必須項目です' }]),
    );
  });

  it('fills an address from a postal code, offline', async () => {
    const found = await send('GET', '/api/postal-codes/150-0001', staff);
    expect(found.json()).toEqual({
      postal_code: '1500001',
      addresses: [{ prefecture: '東京都', city: '渋谷区', town: '神宮前' }],
    });
    const unknown = await send('GET', '/api/postal-codes/0000000', staff);
    expect(unknown.statusCode).toBe(404);
    expectErrorEnvelope(unknown.json(), 'RES_001');
  });

  it('keeps the search terms with their customer, also when a customer is deleted for good', async () => {
    const { id } = (await send('POST', '/api/customers', admin, { ...hanako, last_name: '消去' })).json();
    const terms = () =>
      withTenant(server.database.owner, DEMO_TENANTS.sakura.id, (tx) =>
        tx.selectFrom('customer_search_terms').select('term').where('customer_id', '=', id).execute(),
      );
    expect((await terms()).length).toBeGreaterThan(10);
    await withTenant(server.database.owner, DEMO_TENANTS.sakura.id, (tx) =>
      tx.deleteFrom('customers').where('id', '=', id).execute(),
    );
    expect(await terms()).toEqual([]);
  });

  it('never lets one tenant see another tenant’s customer', async () => {
    const midori = (await server.signIn(DEMO_USERS.midoriAdmin.email)).access_token;
    const { id } = (await send('POST', '/api/customers', admin, hanako)).json();
    expect((await send('GET', `/api/customers/${id}`, midori)).statusCode).toBe(404);
    expect(DEMO_TENANTS.midori.id).not.toBe(DEMO_TENANTS.sakura.id);
  });
});
