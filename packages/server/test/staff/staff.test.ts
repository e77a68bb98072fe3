/**
 * The staff roster against the real database: create, read, update (null clears), delete; the
 * search with the customers' folding (ひらがな finds カタカナ, half-width, 2-character terms);
 * validation envelopes; the link to a user of the tenant; who may do what.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setFeatureSwitch } from '../../src/platform/access/features.repository';
import { withTenant } from '../../src/platform/db/tenant-scope';
import { DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { expectErrorEnvelope, expectMatchesContract } from '../support/contract';
import { createUser } from '../support/fixtures';
import { createTestServer, type TestServer } from '../support/server';

interface StaffJson {
  id: string;
  last_name: string;
  user_id: string | null;
  user_email: string | null;
  [field: string]: unknown;
}

describe('staff roster', () => {
  let server: TestServer;
  let admin: string;
  let staff: string;
  let reader: string;
  let newcomerId: string;

  beforeAll(async () => {
    server = await createTestServer();
    const owner = server.database.owner;
    // The roster is a feature a tenant turns on (off by the spec's defaults).
    await withTenant(owner, DEMO_TENANTS.sakura.id, (tx) => setFeatureSwitch(tx, 'staff_management', true));
    newcomerId = await createUser(owner, {
      email: 'newcomer@sakura-clinic.example',
      fullName: '新人 一郎',
      memberships: [{ tenantId: DEMO_TENANTS.sakura.id, role: 'user', permissions: ['staff.read'] }],
    });
    admin = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
    staff = (await server.signIn(DEMO_USERS.sakuraStaff.email)).access_token;
    reader = (await server.signIn('newcomer@sakura-clinic.example')).access_token;
  });

  afterAll(async () => {
    await server.close();
  });

  const send = (method: string, url: string, token: string, body?: unknown) =>
    server.send(method, url, token, body);
  const list = async (query: string, token = admin) => {
    const response = await send('GET', `/api/staff/?${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    expectMatchesContract('listStaff', 200, response.json());
    return response.json() as { total: number; staff: StaffJson[] };
  };
  const names = (body: { staff: StaffJson[] }) => body.staff.map((member) => member.last_name);

  const nurse = {
    last_name: '長谷川',
    first_name: '優子',
    last_name_kana: 'ハセガワ',
    first_name_kana: 'ユウコ',
    email: 'Hasegawa@sakura-clinic.example',
    phone: '03-5555-0303',
    department: '看護部',
    position: '看護師',
    employment_type: 'part_time',
    status: 'active',
    hire_date: '2024-04-01',
    qualifications: ['看護師免許', '感染管理認定'],
    notes: '夜間は不可',
  };

  it('shows the seeded roster by フリガナ, with the linked accounts’ email', async () => {
    const body = await list('limit=100&sort_order=asc');
    expect(body.total).toBe(body.staff.length);
    expect(body.total).toBeGreaterThanOrEqual(8);
    const kana = body.staff.map((member) => `${member.last_name_kana}${member.first_name_kana}`);
    expect(kana).toEqual([...kana].sort());
    const linked = body.staff.find((member) => member.user_id === DEMO_USERS.sakuraStaff.id);
    expect(linked).toMatchObject({ last_name: '田中', user_email: DEMO_USERS.sakuraStaff.email });
    expect(
      body.staff.filter((member) => member.user_id === null).every((member) => member.user_email === null),
    ).toBe(true);
  });

  it('creates, reads, updates with null clearing a field, and deletes', async () => {
    const created = await send('POST', '/api/staff/', admin, nurse);
    expect(created.statusCode, created.body).toBe(201);
    expectMatchesContract('createStaff', 201, created.json());
    const member = created.json() as StaffJson;
    expect(member).toMatchObject({
      ...nurse,
      user_id: null,
      user_email: null,
    });

    const read = await send('GET', `/api/staff/${member.id}`, staff);
    expect(read.statusCode).toBe(200);
    expectMatchesContract('getStaff', 200, read.json());
    expect(read.json()).toEqual(member);

    const updated = await send('PUT', `/api/staff/${member.id}`, admin, {
      position: '主任看護師',
      notes: null,
      hire_date: null,
      qualifications: ['看護師免許'],
      status: 'on_leave',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expectMatchesContract('updateStaff', 200, updated.json());
    expect(updated.json()).toMatchObject({
      last_name: '長谷川',
      position: '主任看護師',
      notes: null,
      hire_date: null,
      qualifications: ['看護師免許'],
      status: 'on_leave',
      department: '看護部',
    });

    const before = (await list('limit=1')).total;
    expect((await send('DELETE', `/api/staff/${member.id}`, admin)).statusCode).toBe(204);
    expect((await list('limit=1')).total).toBe(before - 1);
    const gone = await send('GET', `/api/staff/${member.id}`, admin);
    expect(gone.statusCode).toBe(404);
    expectErrorEnvelope(gone.json(), 'RES_001');
    expect(gone.json().error.message).toBe('指定されたスタッフが見つかりません。');
    expect((await send('DELETE', `/api/staff/${member.id}`, admin)).statusCode).toBe(404);
    expect((await send('PUT', `/api/staff/${member.id}`, admin, { notes: 'x' })).statusCode).toBe(404);
    expect(names(await list(`search=${encodeURIComponent('長谷川')}`))).toEqual([]);
  });

  it('finds by ひらがな, half-width katakana, 2-character terms, qualifications and email', async () => {
    const { id } = (await send('POST', '/api/staff/', admin, nurse)).json() as StaffJson;
    const search = async (term: string) => names(await list(`search=${encodeURIComponent(term)}`));
    expect(await search('はせがわ')).toEqual(['長谷川']);
    expect(await search('ﾊｾｶﾞﾜ')).toEqual(['長谷川']);
    expect(await search('ゆうこ')).toEqual(['長谷川']);
    expect(await search('感染')).toEqual(['長谷川']);
    expect(await search('HASEGAWA@')).toEqual(['長谷川']);
    // 看護 is in 看護部 / 看護師 / 看護師免許 of several people; every hit has it somewhere.
    const nursing = await list(`search=${encodeURIComponent('看護')}&limit=100`);
    expect(nursing.total).toBe(nursing.staff.length);
    expect(nursing.total).toBeGreaterThanOrEqual(4);
    for (const member of nursing.staff) {
      expect(JSON.stringify([member.department, member.position, member.qualifications])).toContain('看護');
    }
    expect(names(await list(`search=${encodeURIComponent('受付')}`))).toEqual(
      expect.arrayContaining(['田中']),
    );
    // Terms never match across two fields (姓 + 部署).
    expect(await search('長谷川看護')).toEqual([]);
    // One character: the substring check alone.
    expect((await list(`search=${encodeURIComponent('谷')}`)).staff.map((m) => m.id)).toContain(id);
    // An edit moves the terms with it.
    await send('PUT', `/api/staff/${id}`, admin, { qualifications: [] });
    expect(await search('感染')).toEqual([]);
    await send('DELETE', `/api/staff/${id}`, admin);
    expect(await search('はせがわ')).toEqual([]);
  });

  it('filters by department and status, sorts, and pages', async () => {
    const nursing = await list(`department=${encodeURIComponent('看護部')}&limit=100`);
    expect(nursing.staff.length).toBeGreaterThan(0);
    expect(nursing.staff.every((member) => member.department === '看護部')).toBe(true);
    const retired = await list('status=retired&limit=100');
    expect(retired.staff.length).toBeGreaterThan(0);
    expect(retired.staff.every((member) => member.status === 'retired')).toBe(true);
    const byHire = await list('sort_by=hire_date&sort_order=desc&limit=100');
    const dates = byHire.staff.map((member) => member.hire_date).filter((date) => date !== null) as string[];
    expect(dates).toEqual([...dates].sort().reverse());
    expect(byHire.staff.at(-1)?.hire_date ?? null).toBe(
      dates.length === byHire.staff.length ? dates.at(-1) : null,
    );
    const all = await list('limit=100');
    const page = await list('skip=2&limit=3');
    expect(page.total).toBe(all.total);
    expect(page.staff.map((member) => member.id)).toEqual(all.staff.slice(2, 5).map((member) => member.id));
    const searched = await send(
      'GET',
      `/api/staff/search?query=${encodeURIComponent('かんご')}&limit=2`,
      admin,
    );
    expect(searched.statusCode).toBe(200);
    expectMatchesContract('searchStaff', 200, searched.json());
    expect(searched.json().staff.length).toBeLessThanOrEqual(2);
  });

  it('answers validation errors field by field', async () => {
    const bad = await send('POST', '/api/staff/', admin, {
      ...nurse,
      last_name_kana: 'はせがわ',
      first_name: '',
      employment_type: 'volunteer',
      phone: '電話',
      qualifications: ['看護師免許', '看護師免許'],
    });
    expect(bad.statusCode).toBe(422);
    expectErrorEnvelope(bad.json(), 'VAL_001');
    const fields = (bad.json().error.validation_errors as Array<{ field: string; message: string }>).map(
      (issue) => issue.field,
    );
    expect(fields).toEqual(
      expect.arrayContaining(['last_name_kana', 'first_name', 'employment_type', 'phone', 'qualifications']),
    );
    // Japanese messages; the screen puts the contract's field title (セイ, 電話番号…) in front.
    expect(bad.json().error.validation_errors).toEqual(
      expect.arrayContaining([
        { field: 'first_name', message: '入力してください' },
        { field: 'last_name_kana', message: expect.stringMatching(/カタカナ|形式/) },
      ]),
    );
    const empty = await send('PUT', `/api/staff/${(await list('limit=1')).staff[0]?.id}`, admin, {});
    expect(empty.statusCode).toBe(422);
  });

  it('links only a user of this tenant, and each user to one staff member', async () => {
    const outsider = await send('POST', '/api/staff/', admin, {
      ...nurse,
      user_id: DEMO_USERS.midoriAdmin.id,
    });
    expect(outsider.statusCode).toBe(422);
    expect(outsider.json().error.validation_errors).toEqual([
      { field: 'user_id', message: 'このテナントのユーザーから選んでください' },
    ]);
    const taken = await send('POST', '/api/staff/', admin, { ...nurse, user_id: DEMO_USERS.sakuraStaff.id });
    expect(taken.statusCode).toBe(409);
    expectErrorEnvelope(taken.json(), 'RES_002');
    expect(taken.json().error.message).toBe('このユーザーはすでにほかのスタッフに紐づいています。');

    const created = await send('POST', '/api/staff/', admin, { ...nurse, user_id: newcomerId });
    expect(created.statusCode, created.body).toBe(201);
    const member = created.json() as StaffJson;
    expect(member.user_email).toBe('newcomer@sakura-clinic.example');
    // Saving the same link again is no conflict with itself.
    expect((await send('PUT', `/api/staff/${member.id}`, admin, { user_id: newcomerId })).statusCode).toBe(
      200,
    );
    const unlinked = await send('PUT', `/api/staff/${member.id}`, admin, { user_id: null });
    expect(unlinked.json()).toMatchObject({ user_id: null, user_email: null });
    await send('PUT', `/api/staff/${member.id}`, admin, { user_id: newcomerId });
    // A deleted staff member frees the user for another.
    await send('DELETE', `/api/staff/${member.id}`, admin);
    const again = await send('POST', '/api/staff/', admin, { ...nurse, user_id: newcomerId });
    expect(again.statusCode).toBe(201);
    await send('DELETE', `/api/staff/${again.json().id}`, admin);
  });

  it('lets the staff role and a reader only read', async () => {
    for (const token of [staff, reader]) {
      expect((await send('GET', '/api/staff/?limit=1', token)).statusCode).toBe(200);
      const create = await send('POST', '/api/staff/', token, nurse);
      expect(create.statusCode).toBe(403);
      expectErrorEnvelope(create.json(), 'AUTH_004');
      const someone = (await list('limit=1')).staff[0] as StaffJson;
      expect((await send('PUT', `/api/staff/${someone.id}`, token, { notes: '書き換え' })).statusCode).toBe(
        403,
      );
      expect((await send('DELETE', `/api/staff/${someone.id}`, token)).statusCode).toBe(403);
    }
  });

  it('keeps tenants apart', async () => {
    const midori = (await server.signIn(DEMO_USERS.midoriAdmin.email)).access_token;
    await withTenant(server.database.owner, DEMO_TENANTS.midori.id, (tx) =>
      setFeatureSwitch(tx, 'staff_management', true),
    );
    const theirs = await send('GET', '/api/staff/?limit=100', midori);
    expect(theirs.statusCode).toBe(200);
    const ours = await list('limit=100');
    const theirIds = new Set((theirs.json().staff as StaffJson[]).map((member) => member.id));
    expect(theirIds.size).toBeGreaterThan(0);
    for (const member of ours.staff) expect(theirIds.has(member.id)).toBe(false);
    const one = ours.staff[0] as StaffJson;
    expect((await send('GET', `/api/staff/${one.id}`, midori)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/staff/${one.id}`, midori)).statusCode).toBe(404);
    expect((await send('GET', `/api/staff/${one.id}`, admin)).statusCode).toBe(200);
  });
});
