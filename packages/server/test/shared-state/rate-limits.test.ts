/**
 * Request budgets live in PostgreSQL: two server processes on one database spend one budget
 * (1.0× the limit across both, not 2×), a restart keeps it, and a database that is gone or stuck
 * answers 503 quickly instead of a 500 or a hang.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RATE_LIMIT_STORE_TIMEOUT_MS,
  readHits,
  spendBudget,
  sweepRateLimitCounters,
} from '../../src/platform/http/rate-limit-store';
import { expectRefusal } from '../support/contract';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { createTestServer, type TestServer } from '../support/server';

const LIMIT = 6;
const BUDGETS = { apiRateLimitPerMinute: LIMIT, authRateLimitPerMinute: 3 };

describe('the API budget shared by two processes', () => {
  let database: TestDatabase;
  const servers: TestServer[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    for (let index = 0; index < 2; index += 1) {
      servers.push(await createTestServer({ database, config: BUDGETS }));
    }
  });

  afterAll(async () => {
    for (const server of servers) await server.close();
    await database.drop();
  });

  it('allows the limit once across both, then answers 429 with Retry-After and a Japanese message', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const statuses: number[] = [];
    for (let index = 0; index < LIMIT; index += 1) {
      statuses.push((await (index % 2 === 0 ? a : b).get('/api/health')).statusCode);
    }
    expect(statuses).toEqual(Array(LIMIT).fill(200));

    for (const server of [a, b]) {
      const refused = await server.get('/api/health');
      expectRefusal(refused, 429, 'RATE_001');
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.json<{ error: { message: string } }>().error.message).toBe('リクエストが多すぎます。');
    }
  });

  it('keeps the count when a process restarts', async () => {
    const restarted = servers.shift() as TestServer;
    await restarted.close();
    servers.push(await createTestServer({ database, config: BUDGETS }));
    expectRefusal(await (servers[1] as TestServer).get('/api/health'), 429, 'RATE_001');
  });

  it('starts a new window once the old one ended, and the sweep forgets ended windows', async () => {
    await sql`update rate_limit_counters set expires_at = now() - interval '2 minutes'`.execute(
      database.owner,
    );
    expect((await (servers[0] as TestServer).get('/api/health')).statusCode).toBe(200);
    const { rows } = await sql<{ hits: number }>`
      select hits from rate_limit_counters where key like 'api|%'`.execute(database.owner);
    expect(rows).toEqual([{ hits: 1 }]);

    await sql`update rate_limit_counters set expires_at = now() - interval '2 minutes'`.execute(
      database.owner,
    );
    expect(await sweepRateLimitCounters(database.db)).toBeGreaterThanOrEqual(1);
    const left = await sql<{ count: string }>`select count(*) from rate_limit_counters`.execute(
      database.owner,
    );
    expect(left.rows[0]?.count).toBe('0');
  });

  it('shares the auth service flood guard too', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const attempt = (server: TestServer) =>
      server.app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', payload: {} });
    // Missing credentials answer 400, but each attempt spends the address's budget first.
    expect((await attempt(a)).statusCode).toBe(400);
    expect((await attempt(b)).statusCode).toBe(400);
    expect((await attempt(a)).statusCode).toBe(400);
    const refused = await attempt(b);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error_code: 'over_request_rate_limit' });
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('the API budget when the database fails', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer({ config: { apiRateLimitPerMinute: 100 } });
  });

  afterAll(async () => {
    await sql`alter database ${sql.id(server.database.name)} connection limit -1`.execute(
      server.database.owner,
    );
    await server.close();
  });

  it('answers 503 within the store timeout when the counter table is locked, never hangs', async () => {
    const started = Date.now();
    const response = await server.database.owner.transaction().execute(async (tx) => {
      await sql`lock table rate_limit_counters in access exclusive mode`.execute(tx);
      return server.get('/api/health');
    });
    expectRefusal(response, 503, 'SYS_003');
    expect(Date.now() - started).toBeLessThan(RATE_LIMIT_STORE_TIMEOUT_MS + 2_000);
    // And once the database answers again, so does the server.
    expect((await server.get('/api/health')).statusCode).toBe(200);
  });

  it('answers 503 when no connection to the database can be opened', async () => {
    const { name, owner } = server.database;
    // The app role may no longer connect, and its open connections are closed.
    await sql`alter database ${sql.id(name)} connection limit 0`.execute(owner);
    await sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = ${name} and usename <> current_user`.execute(owner);
    const started = Date.now();
    const response = await server.get('/api/health');
    expectRefusal(response, 503, 'SYS_003');
    expect(Date.now() - started).toBeLessThan(RATE_LIMIT_STORE_TIMEOUT_MS + 2_000);
  });
});

describe('a budget of several counters (the client error reports)', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ seeded: false });
  });

  afterAll(async () => {
    await database.drop();
  });

  it('spends every counter or none, and says when the fullest starts again', async () => {
    const entries = (reports: number) => [
      { key: 'test|requests', amount: 1, limit: 3 },
      { key: 'test|reports', amount: reports, limit: 5 },
    ];
    expect(await spendBudget(database.db, entries(3), 60_000)).toEqual({ ok: true });
    const refused = await spendBudget(database.db, entries(3), 60_000);
    expect(refused.ok).toBe(false);
    expect(refused.ok === false && refused.retryAfterMs).toBeGreaterThan(55_000);
    // The refused spend took nothing, not even its request.
    expect((await readHits(database.db, 'test|requests')).current).toBe(1);
    expect((await readHits(database.db, 'test|reports')).current).toBe(3);
    expect(await spendBudget(database.db, entries(2), 60_000)).toEqual({ ok: true });
    expect((await readHits(database.db, 'test|reports')).current).toBe(5);
  });
});
