import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setFeatureSwitch } from '../src/platform/access/features.repository';
import { withTenant } from '../src/platform/db/tenant-scope';
import { DEMO_TENANTS, DEMO_USERS } from '../src/seed/demo';
import { expectErrorEnvelope, expectMatchesContract } from './support/contract';
import { createUser } from './support/fixtures';
import { createTestServer, type TestServer } from './support/server';

describe('tenancy, permissions and features', () => {
  let server: TestServer;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    server = await createTestServer();
    const owner = server.database.owner;
    await createUser(owner, {
      email: 'reception@sakura-clinic.example',
      memberships: [{ tenantId: DEMO_TENANTS.sakura.id, role: 'user', permissions: ['interactions.read'] }],
    });
    await createUser(owner, { email: 'ops@tsumiki.example', isSystemAdmin: true });
    await createUser(owner, { email: 'root@tsumiki.example', isSystemAdmin: true, isSuperAdmin: true });
    await createUser(owner, {
      email: 'boss@sakura-clinic.example',
      isSuperAdmin: true,
      memberships: [{ tenantId: DEMO_TENANTS.sakura.id, role: 'user', permissions: [] }],
    });
    for (const email of [
      DEMO_USERS.midoriAdmin.email,
      DEMO_USERS.sakuraStaff.email,
      'reception@sakura-clinic.example',
      'ops@tsumiki.example',
      'root@tsumiki.example',
      'boss@sakura-clinic.example',
    ]) {
      tokens.set(email, (await server.signIn(email)).access_token);
    }
  });

  afterAll(async () => {
    await server.close();
  });

  const get = (email: string, path: string, tenantId?: string) =>
    server.get(path, { token: tokens.get(email)!, ...(tenantId ? { tenantId } : {}) });

  describe('tenant isolation', () => {
    it("gives みどり歯科's admin 403 AUTH_005 and no data for さくら's X-Tenant-Id", async () => {
      for (const path of ['/api/customers', '/api/interactions', '/api/tenant-features/my-features']) {
        const response = await get(DEMO_USERS.midoriAdmin.email, path, DEMO_TENANTS.sakura.id);
        expect(response.statusCode).toBe(403);
        expectErrorEnvelope(response.json(), 'AUTH_005');
        expect(Object.keys(response.json())).toEqual(['error']);
      }
    });

    it("shows each admin only their own tenant's rows", async () => {
      const midori = await get(DEMO_USERS.midoriAdmin.email, '/api/customers?limit=100');
      expect(midori.json().total).toBe(DEMO_TENANTS.midori.customers);
      const sakuraIds = await server.database.owner
        .selectFrom('customers')
        .select('id')
        .where('tenant_id', '=', DEMO_TENANTS.sakura.id)
        .execute();
      const foreign = new Set(sakuraIds.map((row) => row.id));
      expect(midori.json().customers.some((customer: { id: string }) => foreign.has(customer.id))).toBe(
        false,
      );

      const interactions = await get(DEMO_USERS.midoriAdmin.email, '/api/interactions?limit=100');
      expect(interactions.json().total).toBe(DEMO_TENANTS.midori.interactions);
    });

    it('answers 403 AUTH_005 for a tenant that does not exist', async () => {
      const response = await get(
        DEMO_USERS.sakuraStaff.email,
        '/api/customers',
        '00000000-0000-4000-8000-000000000000',
      );
      expect(response.statusCode).toBe(403);
      expectErrorEnvelope(response.json(), 'AUTH_005');
    });

    it('answers 422 for an X-Tenant-Id that is not a UUID, naming the header as the contract does', async () => {
      const response = await get(DEMO_USERS.sakuraStaff.email, '/api/customers', "x' or 1=1 --");
      expect(response.statusCode).toBe(422);
      expectErrorEnvelope(response.json(), 'VAL_001');
      expect(response.json().error.validation_errors).toEqual([
        { field: 'X-Tenant-Id', message: 'ID の形式が正しくありません' },
      ]);
    });

    it('lets a system admin into any tenant it names, and asks it to name one', async () => {
      const flags = await get(
        'ops@tsumiki.example',
        '/api/tenant-features/my-features',
        DEMO_TENANTS.midori.id,
      );
      expect(flags.statusCode).toBe(200);
      const unnamed = await get('ops@tsumiki.example', '/api/tenant-features/my-features');
      expect(unnamed.statusCode).toBe(403);
      expectErrorEnvelope(unnamed.json(), 'AUTH_005');
      // Access is not permission: without a membership a system admin holds none…
      const customers = await get('ops@tsumiki.example', '/api/customers', DEMO_TENANTS.midori.id);
      expect(customers.statusCode).toBe(403);
      expectErrorEnvelope(customers.json(), 'AUTH_004');
      // …unless it is also a super admin.
      const asRoot = await get('root@tsumiki.example', '/api/customers', DEMO_TENANTS.midori.id);
      expect(asRoot.statusCode).toBe(200);
      expect(asRoot.json().total).toBe(DEMO_TENANTS.midori.customers);
    });
  });

  describe('row-level security as the backstop', () => {
    it('shows the app role no tenant rows at all without app.tenant_id', async () => {
      const { rows } = await sql<{ customers: string; interactions: string; terms: string; counts: string }>`
        select (select count(*) from customers) as customers,
               (select count(*) from interactions) as interactions,
               (select count(*) from customer_search_terms) as terms,
               (select count(*) from tenant_row_counts) as counts`.execute(server.database.db);
      expect(rows[0]).toEqual({ customers: '0', interactions: '0', terms: '0', counts: '0' });

      const { rows: asOwner } = await sql<{ count: string }>`select count(*) as count from customers`.execute(
        server.database.owner,
      );
      expect(Number(asOwner[0]?.count)).toBe(DEMO_TENANTS.sakura.customers + DEMO_TENANTS.midori.customers);
    });

    it('keeps a scoped transaction inside its tenant even when a query asks for another', async () => {
      const leaked = await withTenant(server.database.db, DEMO_TENANTS.midori.id, (tx) =>
        tx.selectFrom('customers').select('id').where('tenant_id', '=', DEMO_TENANTS.sakura.id).execute(),
      );
      expect(leaked).toEqual([]);
    });

    it('refuses to write a row into another tenant from a scoped transaction', async () => {
      await expect(
        withTenant(server.database.db, DEMO_TENANTS.midori.id, (tx) =>
          tx
            .insertInto('customers')
            .values({
              tenant_id: DEMO_TENANTS.sakura.id,
              last_name: '侵入',
              first_name: '太郎',
              last_name_kana: 'シンニュウ',
              first_name_kana: 'タロウ',
            })
            .execute(),
        ),
      ).rejects.toThrow(/row-level security/);
    });

    it('forgets the tenant when the transaction ends', async () => {
      await withTenant(server.database.db, DEMO_TENANTS.sakura.id, async () => {});
      const { rows } = await sql<{ count: string }>`select count(*) as count from customers`.execute(
        server.database.db,
      );
      expect(rows[0]?.count).toBe('0');
    });
  });

  describe('x-permission', () => {
    it('answers 403 AUTH_004 to a tenant user without customers.read', async () => {
      const response = await get('reception@sakura-clinic.example', '/api/customers');
      expect(response.statusCode).toBe(403);
      expectMatchesContract('listCustomers', 403, response.json());
      expectErrorEnvelope(response.json(), 'AUTH_004');
      expect(response.json().error.message).toBe('この操作を実行する権限がありません。');
      expect(response.json().error.context).toEqual({ permission: 'customers.read' });
      // The permission it has works.
      expect((await get('reception@sakura-clinic.example', '/api/interactions')).statusCode).toBe(200);
    });

    it('lets a super admin through whatever the membership lists', async () => {
      expect((await get('boss@sakura-clinic.example', '/api/customers')).statusCode).toBe(200);
    });
  });

  describe('x-feature', () => {
    it('answers 403 FEAT_001 when the tenant switched customers off, and only for that tenant', async () => {
      await withTenant(server.database.owner, DEMO_TENANTS.sakura.id, (tx) =>
        setFeatureSwitch(tx, 'customers', false),
      );
      try {
        for (const path of ['/api/customers', '/api/interactions']) {
          const response = await get(DEMO_USERS.sakuraStaff.email, path);
          expect(response.statusCode).toBe(403);
          expectErrorEnvelope(response.json(), 'FEAT_001');
          expect(response.json().error.context).toEqual({ feature: 'customers' });
        }
        const flags = await get(DEMO_USERS.sakuraStaff.email, '/api/tenant-features/my-features');
        expect(flags.json().customers_enabled).toBe(false);
        expect((await get(DEMO_USERS.midoriAdmin.email, '/api/customers')).statusCode).toBe(200);
      } finally {
        await withTenant(server.database.owner, DEMO_TENANTS.sakura.id, (tx) =>
          setFeatureSwitch(tx, 'customers', true),
        );
      }
    });
  });
});
