/**
 * The patient card over HTTP: 診察券番号 given from the tenant's counter with its prefix and width
 * (parallel creates included), chosen only by admins, unique, found exactly by the list's search;
 * 生年月日 and 性別 stored and validated; the 五十音 tabs; the numbering settings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchCustomers } from '../../src/modules/assistant/assistant.tools.customers';
import { withTenant } from '../../src/platform/db/tenant-scope';
import { DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { expectErrorEnvelope, expectMatchesContract } from '../support/contract';
import { createTestServer, type TestServer } from '../support/server';

describe('the patient card', () => {
  let server: TestServer;
  let admin: string;
  let staff: string;
  let otherAdmin: string;

  beforeAll(async () => {
    server = await createTestServer();
    admin = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
    staff = (await server.signIn(DEMO_USERS.sakuraStaff.email)).access_token;
    otherAdmin = (await server.signIn(DEMO_USERS.midoriAdmin.email)).access_token;
  });

  afterAll(async () => {
    await server.close();
  });

  const send = (method: string, url: string, token: string, body?: unknown) =>
    server.send(method, url, token, body);

  const person = (last: string, kana: string, extra: Record<string, unknown> = {}) => ({
    last_name: last,
    first_name: '花子',
    last_name_kana: kana,
    first_name_kana: 'ハナコ',
    ...extra,
  });

  it('numbers new customers from the settings, one after another, also when created in parallel', async () => {
    const settings = await send('PUT', '/api/tenant-settings/patient-numbers', admin, {
      prefix: 'SK-',
      width: 5,
    });
    expect(settings.statusCode).toBe(200);
    expectMatchesContract('updatePatientNumberSettings', 200, settings.json());
    const { next_number: next } = settings.json();
    expect(next).toMatch(/^SK-\d{5}$/u);

    const created = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        send('POST', '/api/customers', staff, person(`並行${index}`, 'ヘイコウ')),
      ),
    );
    expect(created.map((response) => response.statusCode)).toEqual(Array(12).fill(201));
    const numbers = created.map((response) => response.json().patient_number as string).sort();
    const first = Number(next.slice(3));
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => `SK-${String(first + i).padStart(5, '0')}`));

    const after = await send('GET', '/api/tenant-settings/patient-numbers', admin);
    expect(after.json()).toEqual({
      prefix: 'SK-',
      width: 5,
      next_number: `SK-${String(first + 12).padStart(5, '0')}`,
    });
  });

  it('lets only admins choose or change a number, refuses one already taken, and skips it later', async () => {
    const refused = await send(
      'POST',
      '/api/customers',
      staff,
      person('受付', 'ウケツケ', { patient_number: 'X-1' }),
    );
    expect(refused.statusCode).toBe(403);
    expectErrorEnvelope(refused.json(), 'AUTH_004');

    const { next_number: next } = (await send('GET', '/api/tenant-settings/patient-numbers', admin)).json();
    const chosen = await send(
      'POST',
      '/api/customers',
      admin,
      person('手入力', 'テニュウリョク', { patient_number: next }),
    );
    expect(chosen.statusCode).toBe(201);
    expect(chosen.json().patient_number).toBe(next);

    const twice = await send(
      'POST',
      '/api/customers',
      admin,
      person('重複', 'チョウフク', { patient_number: next }),
    );
    expect(twice.statusCode).toBe(409);
    expectMatchesContract('createCustomer', 409, twice.json());
    expectErrorEnvelope(twice.json(), 'RES_002');
    expect(twice.json().error.message).toBe('この診察券番号はほかの顧客に使われています。');

    // The counter reaches the number the admin took and passes over it.
    const automatic = await send('POST', '/api/customers', staff, person('自動', 'ジドウ'));
    expect(automatic.json().patient_number).not.toBe(next);
    expect(automatic.json().patient_number > next).toBe(true);

    const { id, version } = automatic.json();
    const staffEdit = await send('PUT', `/api/customers/${id}`, staff, { version, patient_number: 'Z-9' });
    expect(staffEdit.statusCode).toBe(403);
    const adminEdit = await send('PUT', `/api/customers/${id}`, admin, { version, patient_number: 'Z-9' });
    expect(adminEdit.statusCode).toBe(200);
    expect(adminEdit.json().patient_number).toBe('Z-9');
    // Staff still edit everything else.
    const notes = await send('PUT', `/api/customers/${id}`, staff, {
      version: version + 1,
      notes: '受付メモ',
    });
    expect(notes.statusCode).toBe(200);
  });

  it('finds a customer by its number exactly, typed in full-width or lower case too', async () => {
    const created = (await send('POST', '/api/customers', staff, person('番号', 'バンゴウ'))).json();
    const number: string = created.patient_number;
    for (const typed of [
      number,
      number.toLowerCase(),
      number.normalize('NFKC').replace(/[0-9A-Z-]/gu, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)),
    ]) {
      const found = await send('GET', `/api/customers?search=${encodeURIComponent(typed)}`, staff);
      expect(found.json().customers.map((row: { id: string }) => row.id)).toEqual([created.id]);
    }
    // Not a prefix match: the number without its last digit finds nobody by number.
    const partial = await send(
      'GET',
      `/api/customers?search=${encodeURIComponent(number.slice(0, -1))}`,
      staff,
    );
    expect(partial.json().customers.map((row: { id: string }) => row.id)).not.toContain(created.id);
  });

  it('stores 生年月日 and 性別, refuses a future or impossible date with the field named', async () => {
    const created = await send(
      'POST',
      '/api/customers',
      staff,
      person('生年', 'セイネン', { birth_date: '1980-04-01', gender: 'undisclosed' }),
    );
    expect(created.statusCode).toBe(201);
    expectMatchesContract('createCustomer', 201, created.json());
    expect(created.json()).toMatchObject({ birth_date: '1980-04-01', gender: 'undisclosed' });
    const read = await send('GET', `/api/customers/${created.json().id}`, staff);
    expect(read.json()).toMatchObject({ birth_date: '1980-04-01', gender: 'undisclosed' });

    const future = await send(
      'POST',
      '/api/customers',
      staff,
      person('未来', 'ミライ', { birth_date: '2999-01-01' }),
    );
    expect(future.statusCode).toBe(422);
    expect(future.json().error.validation_errors).toEqual([
      expect.objectContaining({ field: 'birth_date', message: '未来の日付は入力できません' }),
    ]);
    const early = await send(
      'POST',
      '/api/customers',
      staff,
      person('明治', 'メイジ', { birth_date: '1850-01-01' }),
    );
    expect(early.statusCode).toBe(422);
    expect(early.json().error).toMatchObject({
      code: 'VAL_003',
      validation_errors: [
        expect.objectContaining({
          field: 'birth_date',
          message: '1873年（明治6年）より前の日付は扱えません',
        }),
      ],
    });
    const impossible = await send(
      'POST',
      '/api/customers',
      staff,
      person('無効', 'ムコウ', { birth_date: '1980-02-30' }),
    );
    expect(impossible.statusCode).toBe(422);
    expect(impossible.json().error.validation_errors[0].field).toBe('birth_date');
    const gender = await send(
      'POST',
      '/api/customers',
      staff,
      person('性別', 'セイベツ', { gender: 'unknown' }),
    );
    expect(gender.statusCode).toBe(422);
    expect(gender.json().error.validation_errors[0].field).toBe('gender');
  });

  it('tells the assistant the card: found by number, birth date in 和暦 with the age, gender', async () => {
    const created = (
      await send(
        'POST',
        '/api/customers',
        staff,
        person('助手', 'ジョシュ', { birth_date: '1980-04-01', gender: 'female' }),
      )
    ).json();
    const result = await withTenant(server.database.owner, DEMO_TENANTS.sakura.id, (tx) =>
      searchCustomers(tx, { query: created.patient_number }),
    );
    expect(result.data).toEqual([
      expect.objectContaining({
        id: created.id,
        patient_number: created.patient_number,
        birth_date: '1980-04-01',
        gender: '女性',
        age_label: expect.stringMatching(/^昭和55年4月1日（\d+歳）$/u),
      }),
    ]);
    expect(result.markdown).toContain(`診察券番号 ${created.patient_number} 生年月日 昭和55年4月1日（`);
  });

  it('sorts by 生年月日 and by number', async () => {
    await send('POST', '/api/customers', staff, person('年長', 'ネンチョウ', { birth_date: '1901-01-02' }));
    const oldest = await send('GET', '/api/customers?sort_by=birth_date&sort_order=asc&limit=1', staff);
    expect(oldest.json().customers[0]).toMatchObject({ last_name: '年長', birth_date: '1901-01-02' });
    const byNumber = (
      await send('GET', '/api/customers?sort_by=patient_number&sort_order=asc&limit=100', staff)
    ).json();
    const numbers = byNumber.customers.map((row: { patient_number: string }) => row.patient_number);
    expect(numbers).toEqual([...numbers].sort());
  });

  it("filters by the reading's 五十音 row: ガ is in か, ヴ in あ, ッ in た, and only this tenant's", async () => {
    const made = {
      ka: (await send('POST', '/api/customers', staff, person('頑張', 'ガンバ'))).json().id,
      a: (await send('POST', '/api/customers', staff, person('ヴィラ', 'ヴィラ'))).json().id,
      ta: (await send('POST', '/api/customers', staff, person('小津', 'ッヅ'))).json().id,
      wa: (await send('POST', '/api/customers', staff, person('運', 'ン'))).json().id,
    };
    for (const [row, id] of Object.entries(made)) {
      const listed = await send(
        'GET',
        `/api/customers?kana_row=${row}&limit=100&sort_by=last_name_kana`,
        staff,
      );
      expect(listed.statusCode).toBe(200);
      const ids = listed.json().customers.map((customer: { id: string }) => customer.id);
      expect(ids).toContain(id);
      for (const other of Object.values(made)) if (other !== id) expect(ids).not.toContain(other);
    }
    const elsewhere = await send('GET', '/api/customers?kana_row=ka&limit=100', otherAdmin);
    expect(elsewhere.json().customers.map((customer: { id: string }) => customer.id)).not.toContain(made.ka);
    const wrong = await send('GET', '/api/customers?kana_row=kya', staff);
    expect(wrong.statusCode).toBe(422);
  });

  it('keeps the settings to admins and to the allowed shapes', async () => {
    expect((await send('GET', '/api/tenant-settings/patient-numbers', staff)).statusCode).toBe(403);
    expect((await send('PUT', '/api/tenant-settings/patient-numbers', staff, { width: 8 })).statusCode).toBe(
      403,
    );
    const bad = await send('PUT', '/api/tenant-settings/patient-numbers', admin, { prefix: 'あ', width: 3 });
    expect(bad.statusCode).toBe(422);
    const fields = bad
      .json()
      .error.validation_errors.map((error: { field: string }) => error.field)
      .sort();
    expect(fields).toEqual(['prefix', 'width']);
    // Another tenant's settings are its own.
    expect((await send('GET', '/api/tenant-settings/patient-numbers', otherAdmin)).json().prefix).toBe('');
  });
});
