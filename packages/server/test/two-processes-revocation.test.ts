/**
 * Two server instances on one database, as two processes behind a load balancer: what one of them
 * ends (a session signed out, a member disabled, a permission taken away) the other refuses
 * within a second, although B keeps the caller's access context in its cache: the change's
 * notification (migration 0035's triggers, B's LISTEN connection) drops it there, before the
 * cache's expiry would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_CONTEXT_TTL_MS } from '../src/platform/access/access-context-cache';
import { ROLE_PERMISSIONS } from '../src/platform/access/permissions';
import { DEMO_TENANTS, DEMO_USERS } from '../src/seed/demo';
import { expectErrorEnvelope } from './support/contract';
import { createTestDatabase, type TestDatabase } from './support/database';
import { createUser } from './support/fixtures';
import { createTestServer, type TestServer } from './support/server';

/** Requests through `server` until one answers `status`; how long that took (ms), or fails after 1 s. */
async function refusedWithin(
  attempt: () => Promise<{ statusCode: number }>,
  status: number,
): Promise<number> {
  const started = performance.now();
  for (;;) {
    const response = await attempt();
    const elapsed = performance.now() - started;
    if (response.statusCode === status) return elapsed;
    if (elapsed > 1_000) throw new Error(`1 秒たっても ${status} になりません（${response.statusCode}）`);
  }
}

describe('two instances, one database: an ending on one is refused on the other', () => {
  let database: TestDatabase;
  let a: TestServer;
  let b: TestServer;
  let admin: string;
  let count = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    a = await createTestServer({ database, config: { accessContextCache: true } });
    b = await createTestServer({ database, config: { accessContextCache: true } });
    admin = (await a.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
  });

  afterAll(async () => {
    await b?.close();
    await a?.close();
    await database?.drop();
  });

  const staff = async () => {
    count += 1;
    const email = `two-processes-${count}@sakura-clinic.example`;
    const id = await createUser(database.owner, {
      email,
      fullName: `二台目 ${count}`,
      memberships: [
        { tenantId: DEMO_TENANTS.sakura.id, role: 'staff', permissions: [...ROLE_PERMISSIONS.staff] },
      ],
    });
    // Signed in through A, working through B.
    const session = await a.signIn(email);
    expect((await b.get('/api/customers?limit=1', { token: session.access_token })).statusCode).toBe(200);
    const cachedAt = performance.now();
    const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString());
    // B answers from its cache now.
    expect(b.app.accessContextCache?.get(claims.session_id, id, undefined)).toBeDefined();
    return { id, token: session.access_token, sessionId: claims.session_id as string, cachedAt };
  };

  /** B's cached context of `person` is dropped by the notification, before it would expire. */
  const droppedOnB = async (person: { id: string; sessionId: string; cachedAt: number }) => {
    while (b.app.accessContextCache?.get(person.sessionId, person.id, undefined) !== undefined) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(performance.now() - person.cachedAt).toBeLessThan(ACCESS_CONTEXT_TTL_MS);
  };

  it('a sign-out through A: the next list through B answers 401', async () => {
    const person = await staff();
    const logout = await a.app.inject({
      method: 'POST',
      url: '/auth/v1/logout?scope=local',
      headers: { authorization: `Bearer ${person.token}` },
    });
    expect(logout.statusCode).toBe(204);
    await droppedOnB(person);
    const elapsed = await refusedWithin(() => b.get('/api/customers?limit=1', { token: person.token }), 401);
    expect(elapsed).toBeLessThan(1_000);
    expectErrorEnvelope((await b.get('/api/customers?limit=1', { token: person.token })).json(), 'AUTH_001');
  });

  it('a member disabled through A: the next dashboard and list reads through B answer 401', async () => {
    const person = await staff();
    const off = await a.send('POST', `/api/tenant-users/${person.id}/toggle-status`, admin);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ status: 'inactive' });
    await droppedOnB(person);
    await refusedWithin(() => b.get('/api/interactions?limit=3', { token: person.token }), 401);
    expect((await b.get('/api/customers?limit=20', { token: person.token })).statusCode).toBe(401);
  });

  it('a permission taken away through A: B refuses the read it guarded (403)', async () => {
    const person = await staff();
    const update = await a.send('PUT', `/api/tenant-users/${person.id}`, admin, {
      permissions: ROLE_PERMISSIONS.staff.filter((permission) => permission !== 'customers.read'),
    });
    expect(update.statusCode).toBe(200);
    await droppedOnB(person);
    await refusedWithin(() => b.get('/api/customers?limit=1', { token: person.token }), 403);
    expectErrorEnvelope((await b.get('/api/customers?limit=1', { token: person.token })).json(), 'AUTH_004');
  });
});
