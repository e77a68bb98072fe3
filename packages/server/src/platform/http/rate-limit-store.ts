import { sql } from 'kysely';
import type { Db } from '../db/database';

/** What @fastify/rate-limit expects of a store (its `store` option; see its LocalStore). */
interface RateLimitState {
  current: number;
  ttl: number;
}
type StoreCallback = (error: Error | null, state?: RateLimitState) => void;

interface ChildParams {
  /** Names the budget explicitly (`app.rateLimit({ rateLimitScope })`); else the route's. */
  rateLimitScope?: string;
  routeInfo?: { method?: string | string[]; url?: string };
}

/** How long a hit may wait for the database before the request answers 503 (never a hang). */
export const RATE_LIMIT_STORE_TIMEOUT_MS = 3_000;

/**
 * The database did not answer in time: isDatabaseUnavailable() reads the code, so the request
 * answers 503 (SYS_003) like any other unreachable database.
 */
class RateLimitStoreTimeout extends Error {
  readonly code = 'ETIMEDOUT';
  constructor() {
    super(`利用回数の記録がデータベースから ${RATE_LIMIT_STORE_TIMEOUT_MS} ms 以内に返りませんでした`);
    this.name = 'RateLimitStoreTimeout';
  }
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new RateLimitStoreTimeout()), RATE_LIMIT_STORE_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Counts one hit of `key` in a fixed window of `windowMs` and answers the window's hits and the
 * milliseconds it has left: one statement, one round trip, no transaction. The database's clock
 * decides when a window ends, so processes with drifting clocks still agree.
 */
export async function countHit(db: Db, key: string, windowMs: number): Promise<RateLimitState> {
  const { rows } = await sql<{ hits: number; ttl_ms: string }>`
    insert into rate_limit_counters as counter (key, hits, expires_at)
    values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      hits = case when counter.expires_at <= now() then 1 else counter.hits + 1 end,
      expires_at = case when counter.expires_at <= now() then excluded.expires_at else counter.expires_at end
    returning hits, ceil(extract(epoch from expires_at - now()) * 1000)::bigint as ttl_ms
  `.execute(db);
  const row = rows[0];
  if (!row) throw new Error('利用回数を記録できませんでした');
  return { current: row.hits, ttl: Math.max(0, Number(row.ttl_ms)) };
}

/** The hits of `key`'s current window without counting one (zero once the window ended). */
export async function readHits(db: Db, key: string): Promise<RateLimitState> {
  const { rows } = await sql<{ hits: number; ttl_ms: string }>`
    select hits, ceil(extract(epoch from expires_at - now()) * 1000)::bigint as ttl_ms
    from rate_limit_counters where key = ${key} and expires_at > now()
  `.execute(db);
  const row = rows[0];
  return row ? { current: row.hits, ttl: Math.max(0, Number(row.ttl_ms)) } : { current: 0, ttl: 0 };
}

/** Forgets windows that ended more than a minute ago; answers how many. */
export async function sweepRateLimitCounters(db: Db): Promise<number> {
  const result = await sql`
    delete from rate_limit_counters where expires_at < now() - interval '1 minute'
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

function scopeOf(given: object): string {
  const params = given as ChildParams;
  if (params.rateLimitScope) return params.rateLimitScope;
  const { method, url } = params.routeInfo ?? {};
  if (!url) return 'global';
  return `${Array.isArray(method) ? method.join(',') : (method ?? '')} ${url}`.trim();
}

/**
 * A store for @fastify/rate-limit that keeps its counts in PostgreSQL (rate_limit_counters),
 * so every server process spends the same budget and a restart keeps it. Each route (or each
 * `app.rateLimit` with a `rateLimitScope`) counts under its own scope, as the plugin's own stores
 * do. Plain fixed windows: `continueExceeding` and `exponentialBackoff` are not supported.
 *
 * A failure (database down, or no answer within RATE_LIMIT_STORE_TIMEOUT_MS) is passed on: the
 * request then answers 503 through the error handler, never 500 and never a hang, and is not
 * let through uncounted.
 */
export function postgresRateLimitStore(db: Db) {
  return class PostgresRateLimitStore {
    readonly scope: string;

    constructor(params: object = {}) {
      this.scope = scopeOf(params);
    }

    incr(key: string, callback: StoreCallback, timeWindow: number): void {
      withTimeout(countHit(db, `${this.scope}|${key}`, timeWindow)).then(
        (state) => callback(null, state),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: StoreCallback): void {
      withTimeout(readHits(db, `${this.scope}|${key}`)).then(
        (state) => callback(null, state),
        (error: Error) => callback(error),
      );
    }

    child(params: object): PostgresRateLimitStore {
      return new PostgresRateLimitStore(params);
    }
  };
}

const SWEEP_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Sweeps ended windows every few minutes in this process (every process does; a delete of rows
 * already gone costs nothing). Answers the function that stops it.
 */
export function startRateLimitSweep(db: Db, onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => {
    sweepRateLimitCounters(db).catch(onError);
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** One counter a spend adds to: `amount` more in a window of `windowMs`, at most `limit` in all. */
export interface BudgetEntry {
  key: string;
  amount: number;
  limit: number;
}

/**
 * Spends every entry, or none when any of them would go over its limit: then answers the
 * milliseconds until the fullest of them starts a new window. One statement: the check reads the
 * counters and the upsert adds to them. Two spends racing on one key may both pass the check (by
 * one request's amount each); a budget against floods, not an exact quota.
 */
export async function spendBudget(
  db: Db,
  entries: BudgetEntry[],
  windowMs: number,
): Promise<{ ok: true } | { ok: false; retryAfterMs: number }> {
  const { rows } = await sql<{ retry_ms: string | null }>`
    with wanted as (
      select * from unnest(
        ${entries.map((entry) => entry.key)}::text[],
        ${entries.map((entry) => entry.amount)}::int[],
        ${entries.map((entry) => entry.limit)}::int[]
      ) as wanted (key, amount, lim)
    ), state as (
      select wanted.key, wanted.amount, wanted.lim,
        coalesce(case when counter.expires_at > now() then counter.hits end, 0) as used,
        case when counter.expires_at > now() then counter.expires_at end as live_until
      from wanted left join rate_limit_counters as counter on counter.key = wanted.key
    ), over as (
      select max(ceil(extract(epoch from
        coalesce(live_until, now() + ${windowMs} * interval '1 millisecond') - now()) * 1000)) as retry_ms
      from state where used + amount > lim
    ), spent as (
      insert into rate_limit_counters as counter (key, hits, expires_at)
      select key, amount, now() + ${windowMs} * interval '1 millisecond' from state
      where amount > 0 and not exists (select from state where used + amount > lim)
      on conflict (key) do update set
        hits = case when counter.expires_at <= now() then excluded.hits else counter.hits + excluded.hits end,
        expires_at = case when counter.expires_at <= now() then excluded.expires_at else counter.expires_at end
      returning 1
    )
    select (select retry_ms from over)::bigint as retry_ms, (select count(*) from spent) as spent
  `.execute(db);
  const retry = rows[0]?.retry_ms;
  return retry === null || retry === undefined
    ? { ok: true }
    : { ok: false, retryAfterMs: Math.max(0, Number(retry)) };
}
