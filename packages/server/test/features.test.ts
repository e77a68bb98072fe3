import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setFeatureSwitch } from '../src/platform/access/features.repository';
import { withTenant } from '../src/platform/db/tenant-scope';
import { DEMO_TENANTS, DEMO_USERS } from '../src/seed/demo';
import { expectErrorEnvelope, expectMatchesContract } from './support/contract';
import { createUser } from './support/fixtures';
import { createTestServer, type TestServer } from './support/server';

const DEFAULTS = {
  customers_enabled: true,
  products_enabled: true,
  documents_enabled: true,
  chat_enabled: true,
  staff_chat_enabled: true,
  deep_research_enabled: true,
  legal_check_enabled: true,
  marketing_ai_enabled: true,
  workflow_ai_enabled: true,
  staff_management_enabled: false,
  tenant_users_enabled: true,
  notifications_enabled: true,
  invitations_enabled: false,
  session_management_enabled: false,
  audit_log_enabled: true,
};

describe('GET /api/tenant-features/my-features', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer();
  });

  afterAll(async () => {
    await server.close();
  });

  const flags = async (email: string, tenantId?: string) => {
    const session = await server.signIn(email);
    return server.get('/api/tenant-features/my-features', {
      token: session.access_token,
      ...(tenantId ? { tenantId } : {}),
    });
  };

  it('answers all fifteen flags with the product defaults (みどり stores no switch)', async () => {
    const response = await flags(DEMO_USERS.midoriAdmin.email);
    expect(response.statusCode).toBe(200);
    expectMatchesContract('getMyFeatures', 200, response.json());
    expect(response.json()).toEqual(DEFAULTS);
  });

  it('answers every flag on for the demo tenant さくら', async () => {
    const response = await flags(DEMO_USERS.sakuraStaff.email);
    expect(response.statusCode).toBe(200);
    expect(Object.values(response.json())).toHaveLength(15);
    expect(Object.values(response.json()).every((enabled) => enabled === true)).toBe(true);
  });

  it('applies defaults for a tenant without stored switches, and stored switches over them', async () => {
    const tenant = await server.database.owner
      .insertInto('tenants')
      .values({ name: '新規テナント', plan: 'basic' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await createUser(server.database.owner, {
      email: 'new-tenant@example.com',
      memberships: [{ tenantId: tenant.id, role: 'admin', permissions: [] }],
    });
    expect((await flags('new-tenant@example.com')).json()).toEqual(DEFAULTS);

    await withTenant(server.database.owner, tenant.id, async (tx) => {
      await setFeatureSwitch(tx, 'invitations', true);
      await setFeatureSwitch(tx, 'chat', false);
    });
    expect((await flags('new-tenant@example.com')).json()).toEqual({
      ...DEFAULTS,
      invitations_enabled: true,
      chat_enabled: false,
    });
    // Another tenant is untouched.
    expect((await flags(DEMO_USERS.midoriAdmin.email)).json()).toEqual(DEFAULTS);
  });

  it('follows X-Tenant-Id and refuses a tenant the user cannot access', async () => {
    const own = await flags(DEMO_USERS.midoriAdmin.email, DEMO_TENANTS.midori.id);
    expect(own.statusCode).toBe(200);
    const foreign = await flags(DEMO_USERS.midoriAdmin.email, DEMO_TENANTS.sakura.id);
    expect(foreign.statusCode).toBe(403);
    expectMatchesContract('getMyFeatures', 403, foreign.json());
    expectErrorEnvelope(foreign.json(), 'AUTH_005');
  });

  it('answers 401 without a token', async () => {
    const response = await server.get('/api/tenant-features/my-features');
    expect(response.statusCode).toBe(401);
    expectErrorEnvelope(response.json(), 'AUTH_001');
  });
});
