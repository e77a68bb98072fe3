import { sql } from 'kysely';
import { recordAccessAs } from '../../platform/audit/access-log';
import type { Db } from '../../platform/db/database';
import { withTenant } from '../../platform/db/tenant-scope';

const SYSTEM = { actor: null, ip: null, userAgent: null, requestId: null };

/**
 * The nightly retention: in every tenant, its own transaction, removes the access-log rows older
 * than the tenant's `audit_log_retention_years` (tsumiki_prune_access_log, migration 0023: the
 * cut-off comes from the tenant's setting, and the last removed row's hash becomes the chain's
 * new start, so the rest still verifies), and logs that it did. How many rows, in all.
 */
export async function pruneAccessLogs(db: Db): Promise<number> {
  const tenants = await db.selectFrom('tenants').select('id').execute();
  let removed = 0;
  for (const { id } of tenants) {
    removed += await withTenant(db, id, async (tx) => {
      const { rows } = await sql<{ removed: string }>`select tsumiki_prune_access_log() as removed`.execute(
        tx,
      );
      const count = Number(rows[0]?.removed ?? 0);
      if (count > 0) await recordAccessAs(tx, SYSTEM, { action: 'audit.pruned', detail: { removed: count } });
      return count;
    });
  }
  return removed;
}
