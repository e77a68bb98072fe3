import { describe, expect, it } from 'vitest';
import { DEMO_TENANTS, DEMO_USERS } from '../src/seed/demo';
import { expectErrorEnvelope, expectMatchesContract } from './support/contract';
import { useSignedInServer } from './support/server';

interface CustomerBody {
  id: string;
  last_name: string;
  first_name: string;
  last_name_kana: string;
  first_name_kana: string;
  company_name: string | null;
  company_name_kana: string | null;
  phone: string | null;
  email: string | null;
  created_at: string;
  updated_at: string;
}

describe('GET /api/customers', () => {
  const ctx = useSignedInServer(DEMO_USERS.sakuraStaff.email);

  const list = async (query = '') => {
    const response = await ctx.server.get(`/api/customers${query}`, { token: ctx.token });
    expect(response.statusCode, response.body).toBe(200);
    expectMatchesContract('listCustomers', 200, response.json());
    return response.json<{ total: number; customers: CustomerBody[] }>();
  };

  it("lists the tenant's customers, newest first, 20 by default", async () => {
    const body = await list();
    expect(body.total).toBe(DEMO_TENANTS.sakura.customers);
    expect(body.customers).toHaveLength(20);
    const created = body.customers.map((customer) => customer.created_at);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('pages with skip and limit without repeating or losing anyone', async () => {
    const pages = [];
    for (let skip = 0; skip < DEMO_TENANTS.sakura.customers; skip += 10) {
      pages.push(...(await list(`?skip=${skip}&limit=10`)).customers);
    }
    expect(pages).toHaveLength(DEMO_TENANTS.sakura.customers);
    expect(new Set(pages.map((customer) => customer.id)).size).toBe(DEMO_TENANTS.sakura.customers);
    const beyond = await list('?skip=1000');
    expect(beyond).toEqual({ total: DEMO_TENANTS.sakura.customers, total_capped: false, customers: [] });
  });

  it('sorts by furigana in both directions, and by company furigana with companies first', async () => {
    const ascending = (await list('?sort_by=last_name_kana&sort_order=asc&limit=100')).customers;
    const byFurigana = (a: CustomerBody, b: CustomerBody) =>
      a.last_name_kana === b.last_name_kana
        ? a.first_name_kana < b.first_name_kana
          ? -1
          : a.first_name_kana > b.first_name_kana
            ? 1
            : 0
        : a.last_name_kana < b.last_name_kana
          ? -1
          : 1;
    expect(ascending.map((customer) => customer.id)).toEqual(
      [...ascending].sort(byFurigana).map((customer) => customer.id),
    );
    const descending = (await list('?sort_by=last_name_kana&sort_order=desc&limit=100')).customers;
    expect(descending.map((customer) => customer.id)).toEqual(
      ascending.map((customer) => customer.id).reverse(),
    );

    const byCompany = (await list('?sort_by=company_name_kana&sort_order=asc&limit=100')).customers;
    const firstWithout = byCompany.findIndex((customer) => customer.company_name_kana === null);
    expect(firstWithout).toBeGreaterThan(0);
    expect(byCompany.slice(firstWithout).every((customer) => customer.company_name_kana === null)).toBe(true);
    const companies = byCompany.slice(0, firstWithout).map((customer) => customer.company_name_kana!);
    expect(companies).toEqual([...companies].sort());

    const updated = (await list('?sort_by=updated_at&sort_order=asc&limit=100')).customers.map(
      (c) => c.updated_at,
    );
    expect(updated).toEqual([...updated].sort());
  });

  it('finds サトウ whether typed in half-width katakana, hiragana, katakana or kanji', async () => {
    const variants = ['ｻﾄｳ', 'さとう', 'サトウ', 'ｻﾄｳ ', '佐藤'];
    const results = await Promise.all(
      variants.map((term) => list(`?limit=100&search=${encodeURIComponent(term)}`)),
    );
    const [halfWidth, hiragana, katakana] = results;
    expect(halfWidth!.total).toBeGreaterThan(0);
    expect(hiragana).toEqual(halfWidth);
    expect(katakana).toEqual(halfWidth);
    expect(results[3]).toEqual(halfWidth);
    for (const customer of halfWidth!.customers) {
      const text = [customer.last_name_kana, customer.company_name_kana].join(' ');
      expect(text).toContain('サトウ');
    }
    expect(results[4]!.customers.some((customer) => customer.last_name === '佐藤')).toBe(true);
  });

  it('searches across full name, email and phone (with or without hyphens, full-width digits)', async () => {
    const [someone] = (await list('?limit=1')).customers;
    const fullName = `${someone!.last_name} ${someone!.first_name}`;
    expect((await list(`?search=${encodeURIComponent(fullName)}`)).customers.map((c) => c.id)).toContain(
      someone!.id,
    );

    const phone = someone!.phone!;
    const digitsOnly = phone.replaceAll('-', '');
    const fullWidth = phone.replace(/[0-9]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) + 0xfee0));
    for (const term of [phone, digitsOnly, fullWidth]) {
      const found = await list(`?search=${encodeURIComponent(term)}`);
      expect(found.customers.map((customer) => customer.id)).toContain(someone!.id);
    }
    const nobody = await list(`?search=${encodeURIComponent('該当なしの検索語')}`);
    expect(nobody).toEqual({ total: 0, total_capped: false, customers: [] });
  });

  it('filters by company name or company furigana', async () => {
    const byName = await list(`?limit=100&company_filter=${encodeURIComponent('工務店')}`);
    expect(byName.total).toBeGreaterThan(0);
    expect(byName.customers.every((customer) => customer.company_name?.includes('工務店'))).toBe(true);
    const byKana = await list(`?limit=100&company_filter=${encodeURIComponent('こうむてん')}`);
    expect(byKana).toEqual(byName);
    const combined = await list(`?limit=100&company_filter=${encodeURIComponent('工務店')}&search=zzz`);
    expect(combined.total).toBe(0);
  });

  it('treats a blank search as no search', async () => {
    expect((await list('?search=%20%20')).total).toBe(DEMO_TENANTS.sakura.customers);
  });

  it('answers 422 VAL_001 with Japanese validation_errors for out-of-range parameters', async () => {
    const response = await ctx.server.get('/api/customers?limit=0&skip=-1&sort_by=name', {
      token: ctx.token,
    });
    expect(response.statusCode).toBe(422);
    expectMatchesContract('listCustomers', 422, response.json());
    expectErrorEnvelope(response.json(), 'VAL_001');
    expect(response.json().error.validation_errors).toEqual(
      expect.arrayContaining([
        { field: 'limit', message: '1以上の値を入力してください' },
        { field: 'skip', message: '0以上の値を入力してください' },
        { field: 'sort_by', message: expect.stringContaining('created_at') },
      ]),
    );
    const tooMany = await ctx.server.get('/api/customers?limit=101', { token: ctx.token });
    expect(tooMany.json().error.validation_errors).toEqual([
      { field: 'limit', message: '100以下の値を入力してください' },
    ]);
    const notNumber = await ctx.server.get('/api/customers?limit=abc', { token: ctx.token });
    expect(notNumber.json().error.validation_errors).toEqual([
      { field: 'limit', message: '整数を入力してください' },
    ]);
  });
});
