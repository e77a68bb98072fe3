import {
  type CompiledQuery,
  type ConnectionProvider,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  type QueryResult,
} from 'kysely';
import type pg from 'pg';
import { type Db, poolOf } from './database';
import { inlineParameters } from './inline-parameters';
import type { Database } from './schema';
import {
  assertTenantId,
  brand,
  type TenantTransaction,
  type TransactionTrace,
  traceTransaction,
  withTenant,
} from './tenant-scope';

interface Pending {
  query: CompiledQuery;
  resolve: (result: QueryResult<unknown>) => void;
  reject: (error: unknown) => void;
}

/**
 * The queries a read issues together (in the same turn of the event loop: `Promise.all` of a page
 * and its count) go to PostgreSQL as ONE simple-protocol string: the tenant's scope and read-only
 * mode first, then the queries with their values written in as quoted literals. PostgreSQL runs a
 * string of several statements as one implicit transaction, so the scope (`set_config(…, true)`,
 * transaction-local) covers exactly those queries and ends with them: row-level security stays the
 * backstop, and nothing is left on the connection, which goes back to the pool at once.
 */
class ReadBatches implements ConnectionProvider, DatabaseConnection {
  private pending: Pending[] = [];
  private scheduled = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly tenantId: string,
  ) {}

  provideConnection<T>(consumer: (connection: DatabaseConnection) => Promise<T>): Promise<T> {
    return consumer(this);
  }

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return new Promise<QueryResult<unknown>>((resolve, reject) => {
      this.pending.push({ query, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        // After every microtask: queries started together have all arrived by then.
        setImmediate(() => void this.flush());
      }
    }) as Promise<QueryResult<R>>;
  }

  // biome-ignore lint/correctness/useYield: a read never streams (Kysely's interface asks for it).
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('読み取りのバッチではストリームを使えません');
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    this.scheduled = false;
    const texts = batch.map(({ query }) => inlineParameters(query.sql, query.parameters));
    // What cannot be written as one string goes alone, in a transaction of its own.
    const inlined = batch.filter((_, index) => texts[index] !== undefined);
    const alone = batch.filter((_, index) => texts[index] === undefined);
    await Promise.all([
      this.runInlined(
        inlined,
        texts.filter((t) => t !== undefined),
      ),
      ...alone.map((one) => this.runAlone(one)),
    ]);
  }

  private async runInlined(batch: Pending[], texts: string[]): Promise<void> {
    if (batch.length === 0) return;
    const scope = `select set_config('app.tenant_id', '${this.tenantId}', true), set_config('transaction_read_only', 'on', true)`;
    try {
      const answer = (await this.pool.query([scope, ...texts].join(';\n'))) as unknown as pg.QueryResult[];
      batch.forEach((one, index) => {
        one.resolve(toQueryResult(answer[index + 1] as pg.QueryResult));
      });
    } catch (error) {
      for (const one of batch) one.reject(error);
    }
  }

  private async runAlone(one: Pending): Promise<void> {
    const client = await this.pool.connect().catch((error: unknown) => {
      one.reject(error);
      return undefined;
    });
    if (!client) return;
    try {
      await client.query(`begin read only; select set_config('app.tenant_id', '${this.tenantId}', true)`);
      const result = await client.query(one.query.sql, [...one.query.parameters]);
      await client.query('commit');
      one.resolve(toQueryResult(result));
      client.release();
    } catch (error) {
      await client.query('rollback').catch(() => {});
      client.release();
      one.reject(error);
    }
  }
}

/** Kysely's result of a query from pg's (as its PostgresConnection makes it). */
function toQueryResult(result: pg.QueryResult): QueryResult<unknown> {
  const changed = ['INSERT', 'UPDATE', 'DELETE', 'MERGE'].includes(result.command);
  return {
    rows: result.rows ?? [],
    ...(changed ? { numAffectedRows: BigInt(result.rowCount ?? 0) } : {}),
  };
}

const parts = new WeakMap<
  pg.Pool,
  { config: { dialect: PostgresDialect }; dialect: PostgresDialect; driver: Driver }
>();

/** What a Kysely instance over the pool needs besides its executor (made once per pool). */
function kyselyParts(pool: pg.Pool) {
  let made = parts.get(pool);
  if (!made) {
    const dialect = new PostgresDialect({ pool });
    made = { config: { dialect }, dialect, driver: dialect.createDriver() };
    parts.set(pool, made);
  }
  return made;
}

/**
 * Runs `work`, which only reads, in one tenant's scope, in as few round trips as it allows: the
 * queries it starts together share one round trip (see ReadBatches), and there is no `begin` or
 * `commit` of its own. Each batch is its own read-only transaction: in PostgreSQL's default
 * isolation (read committed) every statement takes its own snapshot anyway, so a read sees what a
 * transaction around it would have seen. A write, a lock (`for update`) or anything else a
 * read-only transaction refuses fails loudly (SQLSTATE 25006) instead of running outside a
 * transaction. Without a pool of openDatabase's, it is withTenant.
 */
export async function readInTenant<T>(
  db: Db,
  tenantId: string,
  work: (tx: TenantTransaction, tenantId: string) => Promise<T>,
  trace: TransactionTrace | null = null,
): Promise<T> {
  const pool = poolOf(db);
  if (!pool) return withTenant(db, tenantId, work, trace);
  assertTenantId(tenantId);
  const reader = new Kysely<Database>({
    ...kyselyParts(pool),
    executor: db.getExecutor().withConnectionProvider(new ReadBatches(pool, tenantId)),
  });
  const tx = brand(reader, tenantId);
  traceTransaction(tx, trace);
  return work(tx, tenantId);
}

/** Keys (operation ids) of reads that turned out to write: they run in withTenant from then on. */
const writingReads = new Set<string>();

/** SQLSTATE 25006: the statement is not allowed in a read-only transaction (a write, a lock). */
function refusedAsReadOnly(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '25006';
}

/**
 * withTenant's signature for work expected to only read (a GET): readInTenant, unless the work
 * turns out to write (a GET that seals the access log before listing it, say). Then PostgreSQL
 * refuses the write (read-only) before anything is written, the work runs again in withTenant's
 * one read-write transaction, and every later call under `key` goes there straight away. Running
 * the work again is safe because nothing it did before reached the database.
 */
export function readFirst(key: string): typeof withTenant {
  return async (db, tenantId, work, trace = null) => {
    if (writingReads.has(key)) return withTenant(db, tenantId, work, trace);
    try {
      return await readInTenant(db, tenantId, work, trace);
    } catch (error) {
      if (!refusedAsReadOnly(error)) throw error;
      writingReads.add(key);
      return withTenant(db, tenantId, work, trace);
    }
  };
}
