import { sql } from 'kysely';
import { escapeLiteral } from 'pg';
import type { Db } from '../db/database';
import type { TransactionTrace } from '../db/tenant-scope';
import { type AccessEntry, type AccessLogRowInput, inboxStatement, toRow } from './access-log';

interface Pending {
  tenantId: string;
  rows: AccessLogRowInput[];
  done: (error?: unknown) => void;
}

/**
 * Group commit for the rows of reads (the access log's inbox, migration 0023): one process's
 * concurrent reads share one transaction, so one WAL flush serves many of them instead of one
 * flush per read, and the read's own transaction stays read-only (no flush at its commit).
 *
 * Durability: `record` resolves only once the transaction holding its rows has committed, with
 * the database's ordinary synchronous commit (the rows are on disk), and the route layer sends
 * no answer before it resolves. Nothing waits in this process's memory past an answer: a crash
 * before the commit loses only rows whose reads were never answered; a crash after it, nothing.
 * The rows keep every property of the inbox: the trigger stamps them with the database's clock
 * at the insert, the app role may only insert them, and the sealer chains them per tenant within
 * a second, before the log is listed, exported or checked.
 *
 * Batching: while one flush is in flight the next rows gather, and go together as soon as it
 * ends (no timer: a lone read waits for nothing but its own commit). One flush at a time, so the
 * log holds at most one of the pool's connections and never starves the requests. A batch that
 * fails (a tenant removed meanwhile, say) is retried one read at a time, so a bad row fails only
 * its own read.
 */
export class ReadLog {
  private queue: Pending[] = [];
  private flushing = false;

  constructor(private readonly db: Db) {}

  /** Commits the rows of one read along with the others waiting; resolves once they are durable. */
  record(tenantId: string, trace: TransactionTrace | null, entries: AccessEntry[]): Promise<void> {
    if (entries.length === 0) return Promise.resolve();
    const rows = entries.map((entry) => toRow(tenantId, entry, trace));
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ tenantId, rows, done: (error) => (error ? reject(error) : resolve()) });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      try {
        await this.commit(batch);
        for (const one of batch) one.done();
      } catch (error) {
        if (batch.length === 1) batch[0]!.done(error);
        else for (const one of batch) await this.commit([one]).then(() => one.done(), one.done);
      }
    }
    this.flushing = false;
  }

  /**
   * One transaction, one round trip: each tenant's rows in one INSERT under that tenant's scope
   * (row-level security admits one tenant at a time).
   */
  private async commit(batch: Pending[]): Promise<void> {
    const byTenant = new Map<string, AccessLogRowInput[]>();
    for (const { tenantId, rows } of batch)
      byTenant.set(tenantId, [...(byTenant.get(tenantId) ?? []), ...rows]);
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
