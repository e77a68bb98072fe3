import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FEATURES } from '../src/platform/access/features';
import { bootstrapDatabase } from '../src/platform/db/bootstrap';
import { buildDemoDataset, DEMO_TENANTS, DEMO_USERS, startOfMonthInJapan } from '../src/seed/demo';
import { createTestDatabase, type TestDatabase } from './support/database';

const DAY = 24 * 60 * 60 * 1000;

describe('demo seed', () => {
  let database: TestDatabase;
  const seededAt = new Date(inject('postgres').seededAt);

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  it.each(Object.values(DEMO_TENANTS))('seeds $name with its customers and interactions', async (tenant) => {
    const count = async (table: 'customers' | 'interactions') => {
      const row = await database.owner
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('tenant_id', '=', tenant.id)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    };
    expect(await count('customers')).toBe(tenant.customers);
    expect(await count('interactions')).toBe(tenant.interactions);
  });

  it('switches every feature on for さくら (stored) and leaves みどり on the defaults (nothing stored)', async () => {
    const switches = async (tenantId: string) =>
      database.owner
        .selectFrom('tenant_features')
        .select(['feature', 'enabled'])
        .where('tenant_id', '=', tenantId)
        .orderBy('feature')
        .execute();
    const sakura = await switches(DEMO_TENANTS.sakura.id);
    expect(sakura.map((row) => row.feature).sort()).toEqual([...FEATURES].sort());
    expect(sakura.every((row) => row.enabled)).toBe(true);
    expect(await switches(DEMO_TENANTS.midori.id)).toEqual([]);
  });

  it('creates the three demo accounts with their roles', async () => {
    const rows = await database.owner
      .selectFrom('users')
      .innerJoin('tenant_users', 'tenant_users.user_id', 'users.id')
      .innerJoin('tenants', 'tenants.id', 'tenant_users.tenant_id')
      .select(['users.email', 'users.full_name', 'tenant_users.role', 'tenants.name', 'tenants.plan'])
      .orderBy('users.email')
      .execute();
    expect(rows).toEqual([
      {
        email: DEMO_USERS.midoriAdmin.email,
        full_name: '高橋 由美子',
        role: 'admin',
        name: 'みどり歯科',
        plan: 'basic',
      },
      {
        email: DEMO_USERS.sakuraAdmin.email,
        full_name: '佐藤 美咲',
        role: 'admin',
        name: 'さくら内科クリニック',
        plan: 'standard',
      },
      {
        email: DEMO_USERS.sakuraStaff.email,
        full_name: '田中 健太',
        role: 'staff',
        name: 'さくら内科クリニック',
        plan: 'standard',
      },
    ]);
  });

  it('spreads interactions over the six months before seeding, several in the current month', async () => {
    for (const tenant of Object.values(DEMO_TENANTS)) {
      const rows = await database.owner
        .selectFrom('interactions')
        .select('created_at')
        .where('tenant_id', '=', tenant.id)
        .execute();
      const times = rows.map((row) => row.created_at.getTime());
      expect(Math.max(...times)).toBeLessThan(seededAt.getTime());
      expect(Math.min(...times)).toBeGreaterThanOrEqual(seededAt.getTime() - 180 * DAY);
      const thisMonth = times.filter((time) => time >= startOfMonthInJapan(seededAt).getTime());
      expect(thisMonth).toHaveLength(tenant.interactionsThisMonth);
      // A browser on UTC sees the same count (except in the first nine hours of a Japanese month).
      const utcMonthStart = Date.UTC(seededAt.getUTCFullYear(), seededAt.getUTCMonth(), 1);
      if (utcMonthStart >= startOfMonthInJapan(seededAt).getTime()) {
        expect(times.filter((time) => time >= utcMonthStart)).toHaveLength(tenant.interactionsThisMonth);
      }
      expect(new Set(times).size).toBe(times.length);
    }
  });

  it('registers three customers in the current month, so 「今月の新規顧客は？」 has an answer', async () => {
    for (const tenant of Object.values(DEMO_TENANTS)) {
      const rows = await database.owner
        .selectFrom('customers')
        .select(['created_at', 'updated_at'])
        .where('tenant_id', '=', tenant.id)
        .execute();
      const monthStart = startOfMonthInJapan(seededAt).getTime();
      const recent = rows.filter((row) => row.created_at.getTime() >= monthStart);
      expect(recent).toHaveLength(3);
      for (const row of recent) {
        expect(row.created_at.getTime()).toBeLessThanOrEqual(seededAt.getTime());
        expect(row.updated_at.getTime()).toBeGreaterThanOrEqual(row.created_at.getTime());
      }
    }
  });

  it('writes realistic Japanese records: katakana furigana, phones, postal codes, null and long summaries', async () => {
    const customers = await database.owner.selectFrom('customers').selectAll().execute();
    for (const customer of customers) {
      expect(customer.last_name_kana).toMatch(/^[ァ-ヶー]+$/);
      expect(customer.first_name_kana).toMatch(/^[ァ-ヶー]+$/);
      expect(customer.phone).toMatch(/^(0[789]0-\d{4}-\d{4}|03-\d{4}-\d{4})$/);
      expect(customer.postal_code).toMatch(/^\d{3}-\d{4}$/);
      expect(customer.prefecture).toBe('東京都');
    }
    expect(customers.some((customer) => customer.company_name && customer.company_name_kana)).toBe(true);
    expect(customers.some((customer) => customer.tags.includes('要フォロー'))).toBe(true);

    const interactions = await database.owner
      .selectFrom('interactions')
      .select(['summary', 'content'])
      .execute();
    expect(interactions.some((interaction) => interaction.summary === null)).toBe(true);
    expect(interactions.some((interaction) => interaction.content.length > 50)).toBe(true);
  });

  it('is deterministic: the same names and order for the same moment', () => {
    const staff = [DEMO_USERS.sakuraAdmin.id];
    const first = buildDemoDataset(DEMO_TENANTS.sakura, staff, seededAt);
    const again = buildDemoDataset(DEMO_TENANTS.sakura, staff, seededAt);
    expect(again).toEqual(first);
    const later = buildDemoDataset(DEMO_TENANTS.sakura, staff, new Date(seededAt.getTime() + 40 * DAY));
    expect(later.customers.map((customer) => customer.id)).toEqual(
      first.customers.map((customer) => customer.id),
    );
  });

  it('gives every customer a past birth date, some in this month and the next (JST)', async () => {
    const rows = await database.owner
      .selectFrom('customers')
      .select(['last_name', 'first_name', sql<string>`to_char(birth_date, 'YYYY-MM-DD')`.as('birth_date')])
      .where('tenant_id', '=', DEMO_TENANTS.sakura.id)
      .execute();
    // The months of the moment of seeding; no birth date after today.
    const japan = new Date(seededAt.getTime() + 9 * 60 * 60 * 1000);
    const today = new Date(Date.now() + 9 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const month = (offset: number) => String(((japan.getUTCMonth() + offset) % 12) + 1).padStart(2, '0');
    for (const row of rows) {
      expect(row.birth_date, `${row.last_name} ${row.first_name}`).toMatch(/^\d{4}-\d{2}-\d{2}$/u);
      expect(row.birth_date! < today).toBe(true);
    }
    const months = rows.map((row) => row.birth_date!.slice(5, 7));
    expect(months.filter((m) => m === month(0)).length).toBeGreaterThanOrEqual(3);
    expect(months.filter((m) => m === month(1)).length).toBeGreaterThanOrEqual(3);
  });

  it('does not seed a database that already has tenants', async () => {
    const result = await bootstrapDatabase({ ownerUrl: database.ownerUrl, demo: true });
    expect(result.seeded).toBe(false);
    const { rows } = await sql<{ count: string }>`select count(*) as count from tenants`.execute(
      database.owner,
    );
    expect(Number(rows[0]?.count)).toBe(2);
  });
});
