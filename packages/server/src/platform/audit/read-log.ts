import { CompiledQuery } from 'kysely';
import type pg from 'pg';
import type { Db } from '../db/database';
import type { TransactionTrace } from '../db/tenant-scope';
import { type AccessEntry, type AccessLogRowInput, toRow } from './access-log';
import {
  ENQUEUE,
  enqueueValues,
  ownPool,
  type ReadLogStats,
  sizeBucket,
  waitingSends,
} from './read-log-batch';

export type { ReadLogStats } from './read-log-batch';

interface Pending {
  tenantId: string;
  rows: AccessLogRowInput[];
  /** When it was queued (performance.now()), for the linger. */
  at: number;
  /** `queued` until a batch takes it, then `sent`. */
  state: 'queued' | 'sent';
  /** Somebody waits for it (its read has its answer). */
  waited: boolean;
  done: (error?: unknown) => void;
}

export interface ReadLogOptions {
  /**
   * The longest a queued row waits for a batch that nobody is waiting for yet (ms). A row someone
   * waits for goes sooner (`gatherMs`).
   */
  lingerMs?: number;
  /**
   * The longest a row somebody waits for is held back for the reads still running, whose rows
   * then share its commit (ms; by default 0: at once). A batch goes without it when every queued
   * row is waited for (nothing else is running), so a lone read is never held back. Not on by
   * default: it trades latency for fewer commits, and on the shared machine it was measured on
   * it did not change the batches' size (about 3.5 rows under load either way).
   */
  gatherMs?: number;
  /** A batch this many rows long goes at once. */
  maxRows?: number;
  /**
   * Batches in flight at once, each on a connection of the log's own (default 1). The log never
   * takes a connection of the requests' pool, so it never queues behind reads for one.
   */
  connections?: number;
}

/**
 * Group commit for the rows of reads (the access log's inbox, migrations 0023 and 0034): one
 * process's concurrent reads share one transaction, so one commit (one WAL flush and the fixed
 * cost of a write transaction, the expensive part for PostgreSQL) serves many of them instead of
 * one per read, and the read's own transaction stays read-only (no flush at its commit).
 *
 * Durability: `record` resolves only once the transaction holding its rows has committed, with
 * the database's ordinary synchronous commit (the rows are on disk), and the route layer sends
 * no answer before it resolves. Nothing waits in this process's memory past an answer: a crash
 * before the commit loses only rows whose reads were never answered; a crash after it, nothing.
 * The rows keep every property of the inbox: they carry the database's clock at the insert, the
 * app role may only insert them, and the sealer chains them per tenant within a second, before
 * the log is listed, exported or checked.
 *
 * Batching: the route layer records a read's row when the read starts and waits for it once the
 * answer is ready. A batch carries every row queued so far, the rows of the reads still running
 * included (which are then already durable when those finish). It goes once somebody waits for a
 * row (`then` on what `record` returned) and either every queued row is waited for or the first
 * waiter has waited `gatherMs` (so the reads about to finish join it); or when a row has waited
 * `lingerMs` unwaited-for; or when the batch is full. One batch at a time (`connections`), on a
 * connection of the log's own, so the log never waits for the requests' pool and never takes one
 * of its connections; rows that gather meanwhile go next. A batch that fails (a tenant removed
 * meanwhile, say) is retried one read at a time, so a bad row fails only its own read.
 *
 * Where the time goes (measured with the enqueue alone on one connection, PostgreSQL backend CPU
 * from /proc, and pnpm bench:access-log): a batch costs PostgreSQL about 0.33 ms of CPU whatever
 * its size (the write transaction and its commit: a one-row INSERT into a plain table costs
 * 0.12–0.18 ms, the same INSERT without the function 0.34 ms) plus about 0.01 ms a row, and the
 * sealer about 0.02 ms a row later. Measured again later (same method, 4 and 16 rows a batch):
 * 0.30–0.45 ms a batch of which the WAL flush alone is about 0.2 ms of CPU (the same commit with
 * synchronous_commit off costs that much less), 0.012 ms a row once the inbox's per-row clock
 * trigger was replaced by a column default (migration 0040; 0.019 ms with it), the sealer
 * 0.020–0.026 ms a row; a read-only batch of the read itself costs PostgreSQL about 0.07 ms.
 * Its wall time is the WAL flush (fdatasync): 2–15 ms on the shared machine's disk, 0.2 ms on a
 * quiet one. So the number of commits is what costs — on CPU and, where the flush is slow, on
 * the reads' latency — and the levers are fewer, fuller batches and never queueing them:
 *   - the log's own connection: under load every connection of the requests' pool is busy, and
 *     a batch queued behind reads for one; its own costs nothing between batches;
 *   - no sending before somebody waits (`lingerMs` keeps a short linger for rows nobody waits
 *     for): sending each row as soon as it is queued (`lingerMs: 0`, so the commit overlaps the
 *     read) or two batches in flight (`connections: 2`) made more, smaller batches, hence more
 *     flushes, and was slower in every measured round;
 *   - `commit_delay` / `commit_siblings` cannot help: only this one connection commits (the
 *     reads' transactions are read-only), never the five siblings it waits for;
 *   - writing the row in the read's own batch instead (an INSERT before the batch turns
 *     read-only, so it commits with the read, one round trip, PostgreSQL's own group commit
 *     across backends) was measured and dropped: every read then commits (0.33–0.37 ms of
 *     backend CPU a read with 4 connections committing at once, against 0.07 ms read-only), and
 *     pnpm bench:access-log showed PostgreSQL's CPU per read up from 0.70–0.75 ms to 0.78–0.98 ms
 *     with no gain in throughput.
 * Not used, as they would lose or weaken rows: an UNLOGGED inbox or asynchronous commit (a
 * crash loses answered reads' rows), hashing in the server (the chain is the database's).
 */
export class ReadLog {
  private queue: Pending[] = [];
  /** Batches sent and not yet committed (or failed). */
  private inFlight = 0;
  private timer: NodeJS.Timeout | null = null;
  /** When the timer fires (performance.now()). */
  private timerAt = Number.POSITIVE_INFINITY;
  private readonly lingerMs: number;
  private readonly gatherMs: number;
  private readonly maxRows: number;
  private readonly connections: number;
  private queuedRows = 0;
  /** How many queued reads somebody waits for, and since when the first of them. */
  private waiting = 0;
  private firstWaitAt = Number.POSITIVE_INFINITY;
  private readonly counted: ReadLogStats = { batches: 0, rows: 0, sizes: {} };
  /** The log's own connections (see `connections`); null for a database not opened by openDatabase. */
  private readonly pool: pg.Pool | null;

  constructor(
    private readonly db: Db,
    options: ReadLogOptions = {},
  ) {
    this.lingerMs = options.lingerMs ?? 20;
    this.gatherMs = options.gatherMs ?? 0;
    this.maxRows = options.maxRows ?? 500;
    this.connections = Math.max(1, options.connections ?? 1);
    this.pool = ownPool(db, this.connections);
  }

  /**
   * Queues the rows of one read; what it returns resolves once they are durable. Waiting for it
   * (`await`, `then`, `catch`) sends them soon (see the class).
   */
  record(tenantId: string, trace: TransactionTrace | null, entries: AccessEntry[]): Promise<void> {
    if (entries.length === 0) return Promise.resolve();
    const rows = entries.map((entry) => toRow(tenantId, entry, trace));
    let pending!: Pending;
    const committed = new Promise<void>((resolve, reject) => {
      pending = {
        tenantId,
        rows,
        at: performance.now(),
        state: 'queued',
        waited: false,
        done: (error) => (error ? reject(error) : resolve()),
      };
    });
    // Reported to whoever waits for it; not an unhandled rejection while nobody does yet.
    committed.catch(() => {});
    this.queue.push(pending);
    this.queuedRows += rows.length;
    this.schedule();
    return waitingSends(committed, () => {
      if (pending.state !== 'queued' || pending.waited) return;
      pending.waited = true;
      this.waiting += 1;
      if (this.waiting === 1) this.firstWaitAt = performance.now();
      this.schedule();
    });
  }

  /** Batches and rows committed so far (the server logs them when it stops; `pnpm bench` shows them). */
  stats(): ReadLogStats {
    return { ...this.counted, sizes: { ...this.counted.sizes } };
  }

  /** Ends the log's own connections (the server's shutdown); rows still queued go first. */
  async close(): Promise<void> {
    while (this.queue.length > 0 || this.inFlight > 0) {
      if (this.inFlight < this.connections) void this.flush();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await this.pool?.end();
  }

  /** Sends the queued rows now, or sets the timer for when they are due (see the class). */
  private schedule(): void {
    if (this.inFlight >= this.connections || this.queue.length === 0) return;
    const now = performance.now();
    let due = this.queue[0]!.at + this.lingerMs;
    if (this.queuedRows >= this.maxRows || (this.waiting > 0 && this.waiting === this.queue.length))
      due = now;
    else if (this.waiting > 0) due = Math.min(due, this.firstWaitAt + this.gatherMs);
    if (due <= now) {
      void this.flush();
      return;
    }
    if (this.timer && this.timerAt <= due) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = due;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.timerAt = Number.POSITIVE_INFINITY;
      void this.flush();
    }, due - now);
  }

  private async flush(): Promise<void> {
    if (this.inFlight >= this.connections || this.queue.length === 0) return;
    this.inFlight += 1;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = Number.POSITIVE_INFINITY;
    const batch = this.queue;
    this.queue = [];
    this.queuedRows = 0;
    this.waiting = 0;
    this.firstWaitAt = Number.POSITIVE_INFINITY;
    for (const one of batch) one.state = 'sent';
    try {
      await this.commit(batch);
      this.count(batch.reduce((rows, one) => rows + one.rows.length, 0));
      for (const one of batch) one.done();
    } catch (error) {
      if (batch.length === 1) batch[0]!.done(error);
      else
        for (const one of batch)
          await this.commit([one]).then(() => {
            this.count(one.rows.length);
            one.done();
          }, one.done);
    }
    this.inFlight -= 1;
    // What gathered meanwhile: at once if every row of it is waited for, else as due.
    this.schedule();
  }

  private count(rows: number): void {
    this.counted.batches += 1;
    this.counted.rows += rows;
    const bucket = sizeBucket(rows);
    this.counted.sizes[bucket] = (this.counted.sizes[bucket] ?? 0) + 1;
  }

  /**
   * One statement, one round trip, one transaction of its own (autocommit, with the database's
   * ordinary synchronous commit): tsumiki_access_log_enqueue (migration 0034) writes each tenant's
   * rows under that tenant's scope from typed arrays, so PostgreSQL parses no SQL text or JSON
   * per batch. A named statement: each connection parses and plans it once.
   */
  private async commit(batch: Pending[]): Promise<void> {
    const values = enqueueValues(batch);
    if (this.pool) await this.pool.query({ name: 'tsumiki_access_log_enqueue', text: ENQUEUE, values });
    else await this.db.executeQuery(CompiledQuery.raw(ENQUEUE, values));
  }
}
