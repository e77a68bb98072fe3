import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { TransactionTrace } from '../db/tenant-scope';
import { type AccessEntry, type AccessLogRowInput, insertStatement, toRow } from './access-log';

interface Pending {
  rows: AccessLogRowInput[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Writes the access-log rows of reads in batches: a read's own transaction stays read-only (no
 * WAL flush, no wait on the tenant's chain lock), and its response waits until the batch holding
 * its row has committed — so no read is answered without its row, and a crash after the answer
 * cannot lose it. One batch is one round trip: `begin`, per tenant (in id order, so that two
 * processes take the tenants' chain locks in the same order) the scope and one INSERT, `commit`.
 * While a batch is written the next one gathers, so under load each row costs a fraction of a
 * commit. Per process, nothing shared: N processes each batch their own.
 */
export class AccessLogReadBatcher {
  private queue: Pending[] = [];
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly maxRows = 1_000,
  ) {}

  /** Resolves once the rows are committed; rejects when their batch could not be written. */
  record(tenantId: string, trace: TransactionTrace | null, entries: AccessEntry[]): Promise<void> {
    if (entries.length === 0) return Promise.resolve();
    if (!UUID.test(tenantId))
      return Promise.reject(new Error(`テナント ID の形式が正しくありません: ${tenantId}`));
    const rows = entries.map((entry) => toRow(tenantId, entry, trace));
    return new Promise((resolve, reject) => {
      this.queue.push({ rows, resolve, reject });
      this.kick();
    });
  }

  /**
   * Starts draining unless a drain runs. A row queued after the drain's last look at the queue
   * (a caller resumed by its resolved batch queues its next row before the drain has ended) starts
   * the next drain from the `finally`.
   */
  private kick(): void {
    if (this.running) return;
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.queue.length > 0) this.kick();
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.take();
      try {
        await this.write(batch.flatMap((pending) => pending.rows));
        for (const pending of batch) pending.resolve();
      } catch (error) {
        for (const pending of batch) pending.reject(error);
      }
    }
  }

  private take(): Pending[] {
    let rows = 0;
    let count = 0;
    while (
      count < this.queue.length &&
      (count === 0 || rows + this.queue[count]!.rows.length <= this.maxRows)
    ) {
      rows += this.queue[count]!.rows.length;
      count += 1;
    }
    return this.queue.splice(0, count);
  }

  private async write(rows: AccessLogRowInput[]): Promise<void> {
    const byTenant = new Map<string, AccessLogRowInput[]>();
    for (const row of rows) byTenant.set(row.tenant_id, [...(byTenant.get(row.tenant_id) ?? []), row]);
    const statements = [...byTenant.keys()].sort().map(
      (tenantId) =>
        // Checked UUIDs: safe in the text; the rows are escaped literals (insertStatement).
        `select set_config('app.tenant_id', '${tenantId}', true);\n${insertStatement(byTenant.get(tenantId)!)}`,
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
