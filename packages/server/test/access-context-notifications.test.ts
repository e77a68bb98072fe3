/**
 * The triggers of migration 0035 against PostgreSQL: every change of a table a request's access
 * context is read from reaches a LISTEN connection on `tsumiki_access_context`, naming what
 * changed (`s:` session, `u:` user, `t:` tenant), on commit only.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_CONTEXT_CHANNEL } from '../src/platform/access/access-context-cache';
import { DatabaseNotifications } from '../src/platform/events/database-notifications';
import { DEMO_TENANTS, DEMO_USERS } from '../src/seed/demo';
import { createTestServer, type TestServer } from './support/server';

describe('access-context notifications', () => {
  let server: TestServer;
  let listener: DatabaseNotifications;
  const heard: string[] = [];

  beforeAll(async () => {
    server = await createTestServer();
    listener = new DatabaseNotifications({ connectionString: server.database.appUrl });
    listener.subscribe(ACCESS_CONTEXT_CHANNEL, (payload) => {
      if (payload !== null) heard.push(payload);
    });
    listener.start();
    await listener.waitUntilConnected();
  });

  afterAll(async () => {
    await listener?.close();
    await server?.close();
  });

  /** What the listener hears within 2 s after `change` (which must say at least `expected`). */
  async function heardAfter(change: () => Promise<unknown>, expected: string): Promise<string[]> {
    heard.length = 0;
    await change();
    const deadline = Date.now() + 2_000;
    while (!heard.includes(expected) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return [...heard];
  }

  const owner = () => server.database.owner;
  const sakura = DEMO_TENANTS.sakura.id;

  it('names the session when it is revoked', async () => {
    const session = await server.signIn(DEMO_USERS.sakuraAdmin.email);
    const { rows } = await sql<{ id: string }>`
      select id from auth_sessions where revoked_at is null order by created_at desc limit 1
    `.execute(owner());
    const id = rows[0]!.id;
    expect(session.access_token).toBeTruthy();
    const got = await heardAfter(
      () => sql`update auth_sessions set revoked_at = now() where id = ${id}`.execute(owner()),
      `s:${id}`,
    );
    expect(got).toContain(`s:${id}`);
  });

  it('names the user when the user or one of their memberships changes', async () => {
    const { rows } = await sql<{ id: string }>`
      select id from users where email = ${DEMO_USERS.sakuraAdmin.email}
    `.execute(owner());
    const userId = rows[0]!.id;
    expect(
      await heardAfter(
        () => sql`update users set full_name = full_name where id = ${userId}`.execute(owner()),
        `u:${userId}`,
      ),
    ).toContain(`u:${userId}`);
    expect(
      await heardAfter(
        () =>
          sql`update tenant_users set permissions = permissions where user_id = ${userId} and tenant_id = ${sakura}`.execute(
            owner(),
          ),
        `u:${userId}`,
      ),
    ).toContain(`u:${userId}`);
  });

  it('names the tenant when it, or one of its feature switches, changes', async () => {
    expect(
      await heardAfter(
        () => sql`update tenants set mfa_policy = mfa_policy where id = ${sakura}`.execute(owner()),
        `t:${sakura}`,
      ),
    ).toContain(`t:${sakura}`);
    expect(
      await heardAfter(
        () =>
          sql`insert into tenant_features (tenant_id, feature, enabled) values (${sakura}, 'access_context_test', true)
            on conflict (tenant_id, feature) do update set enabled = not tenant_features.enabled`.execute(
            owner(),
          ),
        `t:${sakura}`,
      ),
    ).toContain(`t:${sakura}`);
  });

  it('says nothing of a change rolled back', async () => {
    heard.length = 0;
    await owner()
      .transaction()
      .execute(async (tx) => {
        await sql`update tenants set mfa_policy = mfa_policy where id = ${sakura}`.execute(tx);
        throw new Error('rollback');
      })
      .catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual([]);
  });
});
