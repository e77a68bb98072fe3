import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type Db = Kysely<Database>;
export type DbTransaction = Transaction<Database>;
/** Either the pool or a transaction: repository functions accept both. */
export type DbExecutor = Db | DbTransaction;

export interface OpenDatabaseOptions {
  /** Pool size; each server process keeps at most this many connections. */
  max?: number;
  applicationName?: string;
}

/** Opens a pooled Kysely instance over `pg` for one connection string. */
export function openDatabase(connectionString: string, options: OpenDatabaseOptions = {}): Db {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    application_name: options.applicationName ?? 'tsumiki',
  });
  // An idle client losing its connection (database restart) must not crash the process;
  // the next query reports it and the request answers 503.
  pool.on('error', () => {});
  // pg-pool listens for errors on idle clients only: a client checked out by a request when the
  // database goes away (PostgreSQL killed or restarted) emits 'error' with no listener, which
  // would end the process. The query in flight rejects on its own and the request answers 503.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return db;
}

const pools = new WeakMap<Db, pg.Pool>();

/** The pg pool under a Kysely instance opened by openDatabase (undefined for any other). */
export function poolOf(db: Db): pg.Pool | undefined {
  return pools.get(db);
}

/** `select 1`, for the health check. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  'EAI_AGAIN',
]);
// SQLSTATE classes 08 (connection exception), 53 (insufficient resources), 57P0x (shutdown).
const UNAVAILABLE_SQLSTATE = /^(08|53|57P0)/;

/** Whether an error means "the database cannot be reached right now" rather than a bug. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_NODE_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) {
    return true;
  }
  // pg's own words for a connection that broke, or a client used after its connection broke (a
  // query on a pooled client whose socket the database's crash has just closed).
  if (
    /timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error and is not queryable|Client was closed and is not queryable/i.test(
      error.message,
    )
  )
    return true;
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return error.cause !== undefined && isDatabaseUnavailable(error.cause);
}
