/**
 * Likely duplicates over HTTP: the registration form's check (each rule, with kana folded), the
 * 重複の候補 pairs and their dismissal, and the tenant's walls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../src/seed/demo';
import { expectErrorEnvelope, expectMatchesContract } from '../support/contract';
import { createTestServer, type TestServer } from '../support/server';

describe('duplicates (名寄せ)', () => {
  let server: TestServer;
  let staff: string;
  let otherAdmin: string;

  beforeAll(async () => {
    server = await createTestServer();
    staff = (await server.signIn(DEMO_USERS.sakuraStaff.email)).access_token;
    otherAdmin = (await server.signIn(DEMO_USERS.midoriAdmin.email)).access_token;
  });

  afterAll(async () => {
    await server.close();
  });

  const create = async (fields: Record<string, unknown>, token = staff) => {
    const response = await server.send('POST', '/api/customers', token, fields);
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string; patient_number: string };
  };

  const check = async (draft: Record<string, unknown>, token = staff) => {
    const response = await server.send('POST', '/api/customers/duplicate-check', token, draft);
    expect(response.statusCode).toBe(200);
    expectMatchesContract('checkCustomerDuplicates', 200, response.json());
    return response.json().candidates as Array<{ customer: { id: string }; reasons: string[] }>;
  };

  const reasonsFor = (candidates: Awaited<ReturnType<typeof check>>, id: string) =>
    candidates.find((candidate) => candidate.customer.id === id)?.reasons;

  it('finds the same reading and birth date however the reading is written, and says why', async () => {
    const mayumi = await create({
      last_name: '名寄',
      first_name: '真由美',
      last_name_kana: 'ナヨセ',
      first_name_kana: 'マユミ',
      birth_date: '1980-04-01',
    });
    for (const reading of [
      { last_name_kana: 'ナヨセ', first_name_kana: 'マユミ' },
      { last_name_kana: 'なよせ', first_name_kana: 'まゆみ' },
      { last_name_kana: 'ﾅﾖｾ', first_name_kana: 'ﾏﾕﾐ' },
      { last_name_kana: 'ナヨセ　マユミ', first_name_kana: '' },
    ]) {
      const candidates = await check({
        last_name: '名寄',
        first_name: 'まゆみ',
        ...reading,
        birth_date: '1980-04-01',
      });
      expect(reasonsFor(candidates, mayumi.id)).toEqual(['reading_and_birth_date']);
    }
    // Another birth date is another person (as far as the reading goes).
    expect(
      reasonsFor(
        await check({ last_name_kana: 'ナヨセ', first_name_kana: 'マユミ', birth_date: '1981-04-01' }),
        mayumi.id,
      ),
    ).toBeUndefined();
    // One kana apart with the same birth date: a likely typo.
    expect(
      reasonsFor(
        await check({ last_name_kana: 'ナヨセ', first_name_kana: 'マユ', birth_date: '1980-04-01' }),
        mayumi.id,
      ),
    ).toEqual(['similar_reading']);
  });

  it('finds the same phone digits and the same e-mail in any case; small kana and ー fold', async () => {
    const kyoko = await create({
      last_name: '重複',
      first_name: '京子',
      last_name_kana: 'チョウフク',
      first_name_kana: 'キョウコ',
      phone: '03-9876-5432',
      email: 'Kyoko.Dup@example.jp',
    });
    expect(reasonsFor(await check({ phone: '０３（９８７６）５４３２' }), kyoko.id)).toEqual(['phone']);
    expect(reasonsFor(await check({ email: 'kyoko.dup@EXAMPLE.jp' }), kyoko.id)).toEqual(['email']);
    // チョウフク and チヨーフク differ by a small kana and a long vowel mark only: one edit after folding
    // (ちようふく / ちよふく), and the phone is the same.
    expect(
      reasonsFor(
        await check({ last_name_kana: 'チヨーフク', first_name_kana: 'キヨウコ', phone: '0398765432' }),
        kyoko.id,
      ),
    ).toEqual(['phone', 'similar_reading']);
    // A draft with nothing to compare finds nobody.
    expect(await check({ last_name: '重複' })).toEqual([]);
    // Another tenant's customers are not candidates.
    expect(reasonsFor(await check({ phone: '03-9876-5432' }, otherAdmin), kyoko.id)).toBeUndefined();
  });

  it('still registers a duplicate through the API (a warning, not a block)', async () => {
    const first = await create({
      last_name: '二重',
      first_name: '一郎',
      last_name_kana: 'ニジュウ',
      first_name_kana: 'イチロウ',
      birth_date: '1970-01-02',
    });
    const second = await create({
      last_name: '二重',
      first_name: '壱郎',
      last_name_kana: 'ニジュウ',
      first_name_kana: 'イチロウ',
      birth_date: '1970-01-02',
    });
    expect(second.id).not.toBe(first.id);
    expect(second.patient_number).not.toBe(first.patient_number);
  });

  it('lists pairs with their reasons, forgets a pair dismissed as two people, and keeps tenants apart', async () => {
    const older = await create({
      last_name: '組合',
      first_name: '花子',
      last_name_kana: 'クミアイ',
      first_name_kana: 'ハナコ',
      birth_date: '1990-05-05',
      phone: '090-1111-2222',
    });
    const newer = await create({
      last_name: '組合',
      first_name: '華子',
      last_name_kana: 'クミアイ',
      first_name_kana: 'ハナコ',
      birth_date: '1990-05-05',
      phone: '09011112222',
    });
    const list = async (token = staff) => {
      const response = await server.send('GET', '/api/customers/duplicates?limit=100', token);
      expect(response.statusCode).toBe(200);
      expectMatchesContract('listCustomerDuplicates', 200, response.json());
      return response.json() as {
        total: number;
        pairs: Array<{ first: { id: string }; second: { id: string }; reasons: string[] }>;
      };
    };
    const before = await list();
    const pair = before.pairs.find((p) => p.first.id === older.id && p.second.id === newer.id);
    expect(pair?.reasons).toEqual(['reading_and_birth_date', 'phone']);
    expect(before.total).toBeGreaterThanOrEqual(before.pairs.length);

    expect((await list(otherAdmin)).pairs.some((p) => p.first.id === older.id)).toBe(false);
    const foreign = await server.send('POST', `/api/customers/${older.id}/duplicate-dismissals`, otherAdmin, {
      other_id: newer.id,
    });
    expect(foreign.statusCode).toBe(404);
    expectErrorEnvelope(foreign.json(), 'RES_001');

    const dismissed = await server.send('POST', `/api/customers/${newer.id}/duplicate-dismissals`, staff, {
      other_id: older.id,
    });
    expect(dismissed.statusCode).toBe(204);
    const again = await server.send('POST', `/api/customers/${older.id}/duplicate-dismissals`, staff, {
      other_id: newer.id,
    });
    expect(again.statusCode).toBe(204);
    const after = await list();
    expect(after.pairs.some((p) => p.first.id === older.id && p.second.id === newer.id)).toBe(false);
    expect(after.total).toBe(before.total - 1);
  });
});
