import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { withTenant } from '../../platform/db/tenant-scope';
import { removeStoredFileAfterCommit } from '../../platform/files/file-removal';
import type { JobQueue } from '../../platform/jobs/jobs';

/**
 * How long a customers CSV import keeps its uploaded file and its error report: 30 days after it
 * ended (done, failed or cancelled) or, for one still waiting for the choice about its likely
 * duplicates, after its last change — the same 30 days as the trash and the undo of a merge.
 */
export const IMPORT_RETENTION_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The file's SHA-256: storage keys are `<tenant>/<sha256>` (platform/files/storage-keys.ts). */
function sha256OfKey(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1);
}

/**
 * The nightly retention of imports: in every tenant, its own transaction, removes the imports
 * past IMPORT_RETENTION_DAYS at `now` — their rows with the error report, the keys and the
 * duplicates found (on delete cascade) — and asks for each stored file to be removed once that
 * commits (the 'files.remove' job keeps a file another import or a document still uses). An
 * import in progress is never touched. How many imports, in all.
 */
export async function pruneExpiredImports(db: Db, jobs: JobQueue, now: Date): Promise<number> {
  const before = new Date(now.getTime() - IMPORT_RETENTION_DAYS * DAY_MS);
  const tenants = await db.selectFrom('tenants').select('id').execute();
  let removed = 0;
  for (const { id } of tenants) {
    removed += await withTenant(db, id, async (tx) => {
      const gone = await tx
        .deleteFrom('customer_imports')
        .where('tenant_id', '=', id)
        .where((eb) =>
          eb.or([
            eb.and([
              eb('status', 'in', ['done', 'failed', 'cancelled']),
              eb(sql`coalesce(finished_at, updated_at)`, '<', before),
            ]),
            eb.and([eb('status', '=', 'awaiting_choice'), eb('updated_at', '<', before)]),
          ]),
        )
        .returning('storage_key')
        .execute();
      for (const key of new Set(gone.map((row) => row.storage_key))) {
        await removeStoredFileAfterCommit(tx, jobs, { key, sha256: sha256OfKey(key) });
      }
      return gone.length;
    });
  }
  return removed;
}
