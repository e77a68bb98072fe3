import { sql } from 'kysely';
import { escapeLiteral } from 'pg';
import type { Db } from '../db/database';
import type { TransactionTrace } from '../db/tenant-scope';
import { type AccessEntry, type AccessLogRowInput, inboxStatement, toRow } from './access-log';

interface Pending {
  tenantId: string;
  rows: AccessLogRowInput[];
  /** When it was queued (performance.now()), for the linger. */
  at: number;
  /** `queued` until a batch takes it, then `sent`. */
  state: 'queued' | 'sent';
  done: (error?: unknown) => void;
}

export interface ReadLogOptions {
  /**
   * The longest a queued row waits for a batch that nobody is waiting for yet (ms). A row someone
   * waits for goes at once.
   */
  lingerMs?: number;
  /** A batch this many rows long goes at once. */
  maxRows?: number;
}

/**
 * Group commit for the rows of reads (the access log's inbox, migration 0023): one process's
 * concurrent reads share one transaction, so one commit (one WAL flush, the expensive part for
 * PostgreSQL) serves many of them instead of one per read, and the read's own transaction stays
 * read-only (no flush at its commit).
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
 * answer is ready. So a row is sent when somebody waits for it (`then` on what `record` returned:
 * the batch then carries every row queued so far, the rows of the reads still running included,
 * which are then already durable when those finish), when it has waited `lingerMs`, or when the
 * batch is full. One batch at a time, so the log holds at most one of the pool's connections and
 * never starves the requests; rows that gather meanwhile go next. A batch that fails (a tenant
 * removed meanwhile, say) is retried one read at a time, so a bad row fails only its own read.
 */
export class ReadLog {
  private queue: Pending[] = [];
  private flushing = false;
  /** Somebody waits for a queued row (or one has lingered long enough, or the batch is full). */
  private urgent = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly lingerMs: number;
  private readonly maxRows: number;
  private queuedRows = 0;

  constructor(
    private readonly db: Db,
    options: ReadLogOptions = {},
  ) {
    this.lingerMs = options.lingerMs ?? 20;
    this.maxRows = options.maxRows ?? 500;
  }

  /**
   * Queues the rows of one read; what it returns resolves once they are durable. Waiting for it
   * (`await`, `then`, `catch`) sends them without further delay.
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
        done: (error) => (error ? reject(error) : resolve()),
      };
    });
    // Reported to whoever waits for it; not an unhandled rejection while nobody does yet.
    committed.catch(() => {});
    this.queue.push(pending);
    this.queuedRows += rows.length;
    if (this.queuedRows >= this.maxRows) this.hurry();
    else this.arm();
    return waitingSends(committed, () => {
      if (pending.state === 'queued') this.hurry();
    });
  }

  /** Sends the queued rows as soon as the batch in flight (if any) has committed. */
  private hurry(): void {
    this.urgent = true;
    if (!this.flushing) void this.flush();
  }

  /** Makes sure the oldest queued row goes within `lingerMs`. */
  private arm(): void {
    if (this.timer || this.flushing || this.queue.length === 0) return;
    const wait = Math.max(0, this.lingerMs - (performance.now() - this.queue[0]!.at));
    this.timer = setTimeout(() => {
      this.timer = null;
      this.hurry();
    }, wait);
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.urgent && this.queue.length > 0) {
      this.urgent = false;
      const batch = this.queue;
      this.queue = [];
      this.queuedRows = 0;
      for (const one of batch) one.state = 'sent';
      try {
        await this.commit(batch);
        for (const one of batch) one.done();
      } catch (error) {
        if (batch.length === 1) batch[0]!.done(error);
        else for (const one of batch) await this.commit([one]).then(() => one.done(), one.done);
      }
    }
    this.urgent = false;
    this.flushing = false;
    this.arm();
  }

  /**
   * One transaction, one round trip: each tenant's rows in one INSERT under that tenant's scope
   * (row-level security admits one tenant at a time).
   */
  private async commit(batch: Pending[]): Promise<void> {
    const byTenant = new Map<string, AccessLogRowInput[]>();
    for (const { tenantId, rows } of batch) {
      const list = byTenant.get(tenantId);
      if (list) list.push(...rows);
      else byTenant.set(tenantId, [...rows]);
    }
    const statements = [...byTenant].map(
      ([tenantId, rows]) =>
        `select set_config('app.tenant_id', ${escapeLiteral(tenantId)}, true);\n${inboxStatement(rows)}`,
    );
    await this.db.connection().execute(async (connection) => {
      try {
        await sql.raw(['begin', ...statements, 'commit'].join(';\n')).execute(connection);
      } catch (error) {
        await sql`rollback`.execute(connection).catch(() => {});
        throw error;
      }
    });
  }
}

/**
 * `committed`, with `onWait` called the first time anybody waits for it (`await` calls `then`).
 * Like a lazy promise: the work it stands for is hurried by the first waiter, not started by it.
 */
function waitingSends(committed: Promise<void>, onWait: () => void): Promise<void> {
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
