import pg from 'pg';
import { type Db, poolOf } from '../db/database';
import type { AccessLogRowInput } from './access-log';

// The read log's (read-log.ts) connections, statement and statistics.

/** What the log has committed so far: batches, rows, and how many batches of each size. */
export interface ReadLogStats {
  batches: number;
  rows: number;
  /** Batches by rows: `1`, `2`, `3-4`, `5-8`, `9-16`, `17-32`, `33+`. */
  sizes: Record<string, number>;
}

const SIZE_BUCKETS = [1, 2, 4, 8, 16, 32] as const;

export function sizeBucket(rows: number): string {
  let low = 1;
  for (const high of SIZE_BUCKETS) {
    if (rows <= high) return low === high ? String(high) : `${low}-${high}`;
    low = high + 1;
  }
  return `${low}+`;
}

/**
 * The log's own small pool, with the requests' pool's settings (same role, same database): a
 * batch never waits behind reads for a connection (with the requests' pool busy it used to), and
 * a connection lost with the database (a restart) is replaced by the next batch's, like the
 * requests' own. Idle connections close after the pool's idle time and never hold the process.
 */
export function ownPool(db: Db, connections: number): pg.Pool | null {
  const requests = poolOf(db);
  if (!requests) return null;
  const pool = new pg.Pool({
    ...requests.options,
    max: connections,
    application_name: 'tsumiki-read-log',
    allowExitOnIdle: true,
  });
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  return pool;
}

const COLUMNS = [
  ['tenant_id', 'uuid'],
  ['actor_user_id', 'uuid'],
  ['actor_name', 'text'],
  ['actor_email', 'text'],
  ['action', 'text'],
  ['target_type', 'text'],
  ['target_id', 'text'],
  ['customer_id', 'uuid'],
  ['ip', 'text'],
  ['user_agent', 'text'],
  ['request_id', 'text'],
  ['detail', 'jsonb'],
] as const satisfies readonly (readonly [keyof AccessLogRowInput, string])[];

export const ENQUEUE = `select tsumiki_access_log_enqueue(${COLUMNS.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ')})`;

/** The batch's rows as one array per column (in COLUMNS' order), in the order they were queued. */
export function enqueueValues(batch: readonly { rows: AccessLogRowInput[] }[]): unknown[][] {
  const values: unknown[][] = COLUMNS.map(() => []);
  for (const { rows } of batch)
    for (const row of rows)
      COLUMNS.forEach(([name], index) => {
        values[index]!.push(name === 'detail' ? JSON.stringify(row.detail) : row[name]);
      });
  return values;
}

/**
 * `committed`, with `onWait` called the first time anybody waits for it (`await` calls `then`).
 * Like a lazy promise: the work it stands for is hurried by the first waiter, not started by it.
 */
export function waitingSends(committed: Promise<void>, onWait: () => void): Promise<void> {
  let waited = false;
  const wait = () => {
    if (waited) return;
    waited = true;
    onWait();
  };
  const lazy: Promise<void> = {
    // biome-ignore lint/suspicious/noThenProperty: a promise-like on purpose (await calls it)
    then(onFulfilled, onRejected) {
      wait();
      return committed.then(onFulfilled, onRejected);
    },
    catch(onRejected) {
      wait();
      return committed.catch(onRejected);
    },
    finally(onFinally) {
      wait();
      return committed.finally(onFinally);
    },
    [Symbol.toStringTag]: 'Promise',
  };
  return lazy;
}
