import { AsyncLocalStorage } from 'node:async_hooks';
/**
 * The customer list, a customer's detail and the dashboard's three reads answer in at most two
 * round trips to PostgreSQL: the access context (session, user, memberships) and one batch with
 * the tenant scope and every query of the read — and in one, the batch, once the process's
 * access-context cache holds the caller's context (two with the API rate limit on: its upsert and
 * the batch). Counted at the pg client — every call of Client#query the request causes is one
 * round trip — not timed.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANTS, DEMO_USERS } from '../src/seed/demo';
import { expectMatchesContract } from './support/contract';
import { createTestServer, type TestServer } from './support/server';

const requestQueries = new AsyncLocalStorage<string[]>();
const originalQuery = pg.Client.prototype.query;

/** The statements (text) the pg client sent on behalf of the request, in order. */
async function roundTripsOf(send: () => Promise<{ statusCode: number; body: string }>) {
  const sent: string[] = [];
  // Awaited inside the context: light-my-request starts the request when it is awaited.
  const response = await requestQueries.run(sent, async () => await send());
  return { response, sent };
}

/** The access log's rows of reads go in a shared group commit beside the read (platform/audit). */
const isAccessLogInbox = (text: string) =>
  text.includes('access_log_inbox') || text.includes('tsumiki_access_log_enqueue');

describe('round trips of a read', () => {
  let server: TestServer;
  let token: string;
  let customerId: string;

  beforeAll(async () => {
    pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
      const first = args[0] as string | { text?: string } | undefined;
      requestQueries
        .getStore()
        ?.push(typeof first === 'string' ? first : String(first?.text ?? '<submittable>'));
      return (originalQuery as (...rest: unknown[]) => unknown).apply(this, args);
    } as typeof pg.Client.prototype.query;
    server = await createTestServer({ config: { accessContextCache: true } });
    token = (await server.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
    const { rows } = await sql<{ id: string }>`
      select id from customers where tenant_id = ${DEMO_TENANTS.sakura.id} and deleted_at is null
        and use_stopped_at is null order by created_at limit 1
    `.execute(server.database.owner);
    customerId = rows[0]!.id;
  });

  afterAll(async () => {
    pg.Client.prototype.query = originalQuery;
    await server?.close();
  });

  /** A read with this process's access-context cache emptied first: the context is read too. */
  const read = (path: string) => {
    server.app.accessContextCache?.clear();
    return roundTripsOf(() => server.get(path, { token }));
  };
  /** A read right after the same one: the caller's context is in the cache. */
  const warmRead = async (path: string) => {
    await read(path);
    return roundTripsOf(() => server.get(path, { token }));
  };

  it('has an access-context cache, fed by a LISTEN connection that is up', () => {
    expect(server.app.accessContextCache).toBeDefined();
  });

  it('lists, searches, opens a customer and answers the dashboard in one with a warm cache: the batch', async () => {
    for (const path of [
      '/api/customers?limit=20',
      '/api/customers?limit=5&search=%E4%BD%90%E8%97%A4&sort_by=last_name_kana',
      `/api/customers/${customerId}`,
      '/api/interactions?limit=3',
    ]) {
      const { response, sent } = await warmRead(path);
      expect(response.statusCode, path).toBe(200);
      const own = sent.filter((text) => !isAccessLogInbox(text));
      expect(own, path).toHaveLength(1);
      expect(own[0], path).toMatch(/^select set_config\('app\.tenant_id', '[0-9a-f-]{36}', true\)/);
    }
    const { response } = await warmRead('/api/customers?limit=20');
    expectMatchesContract('listCustomers', 200, JSON.parse(response.body));
  });

  it('reads the context again after a write through this process (its own changes are seen at once)', async () => {
    await warmRead('/api/customers?limit=1');
    const update = await server.app.inject({
      method: 'POST',
      url: '/auth/v1/logout?scope=others',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(update.statusCode).toBe(204);
    const { sent } = await roundTripsOf(() => server.get('/api/customers?limit=1', { token }));
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(/from auth_sessions/);
  });

  it('with the API rate limit on, a warm read is two: the budget upsert and the batch', async () => {
    const limited = await createTestServer({
      database: server.database,
      config: { accessContextCache: true, apiRateLimitPerMinute: 100_000 },
    });
    try {
      const limitedToken = (await limited.signIn(DEMO_USERS.sakuraAdmin.email)).access_token;
      await limited.get('/api/customers?limit=20', { token: limitedToken });
      const { response, sent } = await roundTripsOf(() =>
        limited.get('/api/customers?limit=20', { token: limitedToken }),
      );
      expect(response.statusCode).toBe(200);
      expect(sent).toHaveLength(2);
      expect(sent[0]).toMatch(/insert into rate_limit_counters/);
      expect(sent[1]).toMatch(/^select set_config\('app\.tenant_id'/);
    } finally {
      await limited.close();
    }
  });

  it('lists customers in two: the access context, then the scope, the page and the total together', async () => {
    const { response, sent } = await read('/api/customers?limit=20');
    expect(response.statusCode).toBe(200);
    expectMatchesContract('listCustomers', 200, JSON.parse(response.body));
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(/from auth_sessions/);
    expect(sent[1]).toMatch(/^select set_config\('app\.tenant_id', '[0-9a-f-]{36}', true\)/);
    expect(sent[1]).toMatch(/from "customers"/);
    expect(sent[1]).toMatch(/as total/);
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from customers
      where tenant_id = ${DEMO_TENANTS.sakura.id} and deleted_at is null and use_stopped_at is null
    `.execute(server.database.owner);
    expect(JSON.parse(response.body).total).toBe(Number(rows[0]!.n));
  });

  it('searches and sorts in two as well', async () => {
    const { response, sent } = await read(
      '/api/customers?limit=5&search=%E4%BD%90%E8%97%A4&sort_by=last_name_kana',
    );
    expect(response.statusCode).toBe(200);
    expect(sent).toHaveLength(2);
  });

  it("opens a customer's detail in two (the access log's row goes beside it, in its group commit)", async () => {
    const { response, sent } = await read(`/api/customers/${customerId}`);
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body).customer?.id ?? JSON.parse(response.body).id).toBe(customerId);
    const own = sent.filter((text) => !isAccessLogInbox(text));
    expect(own).toHaveLength(2);
    expect(own[1]).toMatch(/^select set_config\('app\.tenant_id'/);
  });

  it("answers the dashboard's three reads in two each", async () => {
    const monthStart = new Date(Date.UTC(2026, 0, 1)).toISOString();
    for (const path of [
      '/api/customers?limit=1',
      '/api/interactions?limit=3',
      `/api/interactions?limit=1&created_from=${encodeURIComponent(monthStart)}`,
    ]) {
      const { response, sent } = await read(path);
      expect(response.statusCode, path).toBe(200);
      expect(sent, path).toHaveLength(2);
    }
  });

  it('refuses a write inside a read: a GET runs read-only', async () => {
    const { sent } = await read('/api/customers?limit=1');
    expect(sent[1]).toMatch(/set_config\('transaction_read_only', 'on', true\)/);
  });

  it('keeps a write in its transaction: begin and commit around it (more round trips)', async () => {
    const { response, sent } = await roundTripsOf(() =>
      server.send('POST', '/api/customers', token, {
        last_name: '往復',
        first_name: '確認',
        last_name_kana: 'オウフク',
        first_name_kana: 'カクニン',
      }),
    );
    expect(response.statusCode).toBe(201);
    expect(sent.some((text) => /^begin/.test(text))).toBe(true);
    expect(sent.at(-1)).toMatch(/commit$/);
  });
});
