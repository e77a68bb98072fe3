import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultFeatureSwitch, FEATURES } from '../../src/platform/access/features';
import { DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { expectErrorEnvelope, expectMatchesContract } from '../support/contract';
import { createTestServer, type TestServer } from '../support/server';

describe('tenant feature settings', () => {
  let server: TestServer;
  let midoriAdmin: string;
  let sakuraAdmin: string;
  let sakuraStaff: string;

  beforeAll(async () => {
    server = await createTestServer();
    midoriAdmin = (await server.signIn(DEMO_USERS.midoriAdmin.email)).access_token;
    sakuraAdmin = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
    sakuraStaff = (await server.signIn(DEMO_USERS.sakuraStaff.email)).access_token;
  });

  afterAll(async () => {
    await server.close();
  });

  const settings = async (token: string) => {
    const response = await server.send('GET', '/api/tenant-features', token);
    expect(response.statusCode, response.body).toBe(200);
    expectMatchesContract('getTenantFeatureSettings', 200, response.json());
    return response.json().features as Array<{
      feature: string;
      enabled: boolean;
      default_enabled: boolean;
      customized: boolean;
    }>;
  };

  it('shows every feature in sidebar order with the default and whether the tenant chose', async () => {
    const midori = await settings(midoriAdmin);
    expect(midori).toEqual(
      FEATURES.map((feature) => ({
        feature,
        enabled: defaultFeatureSwitch(feature),
        default_enabled: defaultFeatureSwitch(feature),
        customized: false,
      })),
    );
    const sakura = await settings(sakuraAdmin);
    expect(sakura.every((setting) => setting.enabled && setting.customized)).toBe(true);
  });

  it('switches on, off and back to the default (null), effective on the next request', async () => {
    const response = await server.send('PUT', '/api/tenant-features', midoriAdmin, {
      invitations_enabled: true,
      chat_enabled: false,
    });
    expect(response.statusCode, response.body).toBe(200);
    expectMatchesContract('updateTenantFeatureSettings', 200, response.json());
    const byFeature = new Map(
      response.json().features.map((setting: { feature: string }) => [setting.feature, setting]),
    );
    expect(byFeature.get('invitations')).toEqual({
      feature: 'invitations',
      enabled: true,
      default_enabled: false,
      customized: true,
    });
    expect(byFeature.get('chat')).toMatchObject({ enabled: false, customized: true });
    expect(byFeature.get('customers')).toMatchObject({ enabled: true, customized: false });

    const flags = (await server.get('/api/tenant-features/my-features', { token: midoriAdmin })).json();
    expect(flags).toMatchObject({ invitations_enabled: true, chat_enabled: false });
    expect((await server.send('GET', '/api/invitations/', midoriAdmin)).statusCode).toBe(200);

    const reset = await server.send('PUT', '/api/tenant-features', midoriAdmin, {
      invitations_enabled: null,
    });
    expect(
      reset.json().features.find((setting: { feature: string }) => setting.feature === 'invitations'),
    ).toEqual({
      feature: 'invitations',
      enabled: false,
      default_enabled: false,
      customized: false,
    });
    const off = await server.send('GET', '/api/invitations/', midoriAdmin);
    expect(off.statusCode).toBe(403);
    expectErrorEnvelope(off.json(), 'FEAT_001');

    // さくら is untouched.
    expect((await settings(sakuraAdmin)).every((setting) => setting.enabled)).toBe(true);
    await server.send('PUT', '/api/tenant-features', midoriAdmin, { chat_enabled: null });
  });

  it('records who switched what as a domain event', async () => {
    await server.send('PUT', '/api/tenant-features', midoriAdmin, { products_enabled: false });
    const event = await server.database.owner
      .selectFrom('domain_events')
      .select(['type', 'actor_id', 'payload'])
      .where('tenant_id', '=', DEMO_TENANTS.midori.id)
      .where('type', '=', 'tenant.features_updated')
      .orderBy('occurred_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(event).toEqual({
      type: 'tenant.features_updated',
      actor_id: DEMO_USERS.midoriAdmin.id,
      payload: { changes: { products: false } },
    });
    await server.send('PUT', '/api/tenant-features', midoriAdmin, { products_enabled: null });
  });

  it('refuses a staff member (403 AUTH_004), an empty or unknown change (422), another tenant (403)', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { chat_enabled: false }],
    ] as const) {
      const response = await server.send(method, '/api/tenant-features', sakuraStaff, body);
      expect(response.statusCode).toBe(403);
      expectErrorEnvelope(response.json(), 'AUTH_004');
    }
    expect((await server.send('PUT', '/api/tenant-features', midoriAdmin, {})).statusCode).toBe(422);
    const unknown = await server.send('PUT', '/api/tenant-features', midoriAdmin, { teleport_enabled: true });
    expect(unknown.statusCode).toBe(422);
    expectMatchesContract('updateTenantFeatureSettings', 422, unknown.json());
    const foreign = await server.app.inject({
      method: 'PUT',
      url: '/api/tenant-features',
      headers: { authorization: `Bearer ${midoriAdmin}`, 'x-tenant-id': DEMO_TENANTS.sakura.id },
      payload: { chat_enabled: false },
    });
    expect(foreign.statusCode).toBe(403);
    expectErrorEnvelope(foreign.json(), 'AUTH_005');
    expect((await settings(sakuraAdmin)).every((setting) => setting.enabled)).toBe(true);
  });
});
