import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { expectErrorEnvelope, expectMatchesContract } from '../support/contract';
import { createTestServer, type TestServer } from '../support/server';
import { enrolTotp, verifiedSession } from '../support/totp';

describe('tenant security settings', () => {
  let server: TestServer;
  let midoriAdmin: string;
  let sakuraAdmin: string;
  let sakuraStaff: string;

  beforeAll(async () => {
    server = await createTestServer();
    midoriAdmin = (await server.signIn(DEMO_USERS.midoriAdmin.email)).access_token;
    // Requiring two-factor sign-in of admins takes an admin who has verified theirs.
    const admin = await server.signIn(DEMO_USERS.sakuraAdmin.email);
    const { factorId, secret } = await enrolTotp(server.app, admin.access_token);
    sakuraAdmin = (await verifiedSession(server.app, admin.access_token, factorId, secret)).access_token;
    sakuraStaff = (await server.signIn(DEMO_USERS.sakuraStaff.email)).access_token;
  });

  afterAll(async () => {
    await server.close();
  });

  it('starts from the defaults: two-factor not required, lock after 10 minutes, log kept 5 years', async () => {
    const response = await server.send('GET', '/api/tenant-settings/security', midoriAdmin);
    expect(response.statusCode, response.body).toBe(200);
    expectMatchesContract('getTenantSecuritySettings', 200, response.json());
    expect(response.json()).toEqual({
      mfa_policy: 'off',
      screen_lock_minutes: 10,
      audit_log_retention_years: 5,
    });
  });

  it('is readable by every member (the screen lock needs it) but changed only with settings.manage', async () => {
    const read = await server.send('GET', '/api/tenant-settings/security', sakuraStaff);
    expect(read.statusCode, read.body).toBe(200);
    const write = await server.send('PUT', '/api/tenant-settings/security', sakuraStaff, {
      screen_lock_minutes: 1,
    });
    expect(write.statusCode).toBe(403);
    expectErrorEnvelope(write.json(), 'AUTH_004');
    const after = await server.send('GET', '/api/tenant-settings/security', sakuraStaff);
    expect(after.json().screen_lock_minutes).toBe(read.json().screen_lock_minutes);
  });

  it('changes only what is sent, records who changed what, and leaves other tenants alone', async () => {
    const response = await server.send('PUT', '/api/tenant-settings/security', sakuraAdmin, {
      mfa_policy: 'admins',
      screen_lock_minutes: 5,
    });
    expect(response.statusCode, response.body).toBe(200);
    expectMatchesContract('updateTenantSecuritySettings', 200, response.json());
    expect(response.json()).toEqual({
      mfa_policy: 'admins',
      screen_lock_minutes: 5,
      audit_log_retention_years: 5,
    });

    const event = await server.database.owner
      .selectFrom('domain_events')
      .select(['payload', 'actor_id'])
      .where('tenant_id', '=', DEMO_TENANTS.sakura.id)
      .where('type', '=', 'tenant.security_updated')
      .executeTakeFirstOrThrow();
    expect(event.payload).toEqual({
      changes: { mfa_policy: ['off', 'admins'], screen_lock_minutes: [10, 5] },
    });
    expect(event.actor_id).not.toBeNull();

    const midori = await server.send('GET', '/api/tenant-settings/security', midoriAdmin);
    expect(midori.json()).toMatchObject({ mfa_policy: 'off', screen_lock_minutes: 10 });

    // Back to the defaults so that other tests of this server see them.
    const reset = await server.send('PUT', '/api/tenant-settings/security', sakuraAdmin, {
      mfa_policy: 'off',
      screen_lock_minutes: 10,
    });
    expect(reset.statusCode).toBe(200);
  });

  it('refuses values outside the ranges and an empty update without naming a field key to the user', async () => {
    for (const body of [
      { screen_lock_minutes: 0 },
      { audit_log_retention_years: 21 },
      { mfa_policy: 'sometimes' },
      {},
    ]) {
      const response = await server.send('PUT', '/api/tenant-settings/security', sakuraAdmin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expectErrorEnvelope(response.json(), 'VAL_001');
      // The field stays machine-readable; what a person reads never names it.
      const messages = (response.json().error.validation_errors ?? []).map(
        (error: { message: string }) => error.message,
      );
      expect(messages.join(' ')).not.toMatch(/screen_lock_minutes|audit_log_retention_years|mfa_policy/);
    }
  });
});
