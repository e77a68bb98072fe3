import { sql } from 'kysely';
import type { Db } from '../db/database';
import { type TenantTransaction, withTenant } from '../db/tenant-scope';

/** Chains the tenant's waiting read rows (tsumiki_seal_access_log, migration 0023); how many. */
export async function sealAccessLog(tx: TenantTransaction): Promise<number> {
  const { rows } = await sql<{ moved: string }>`select tsumiki_seal_access_log() as moved`.execute(tx);
  return Number(rows[0]?.moved ?? 0);
}

/** Chains the waiting read rows of every tenant that has some, each in its own transaction. */
export async function sealPendingAccessLogs(db: Db): Promise<number> {
  const { rows } = await sql<{ tenant_id: string }>`
    select t as tenant_id from tsumiki_access_log_pending_tenants() as t`.execute(db);
  let moved = 0;
  for (const { tenant_id: tenantId } of rows) {
    // The function moves at most 5,000 at a time: go on until the tenant's inbox is empty.
    for (;;) {
      const count = await withTenant(db, tenantId, sealAccessLog);
      moved += count;
      if (count === 0) break;
    }
  }
  return moved;
}

/**
 * Seals every second in this process (several processes may: each row is taken once, with
 * `skip locked`). Returns the function that stops it.
 */
export function startAccessLogSealer(
  db: Db,
  onError: (error: unknown) => void,
  everyMs = 1_000,
): () => Promise<void> {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    if (stopped) return;
    running = running.then(() => sealPendingAccessLogs(db)).catch(onError);
  }, everyMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
