import { sql } from 'kysely';
import type { Db } from '../db/database';
import { type TenantTransaction, withTenant } from '../db/tenant-scope';
import type { JobQueue } from '../jobs/jobs';
import type { FileStorage } from './storage';

/**
 * Serialises what happens to one stored file of the tenant: an upload that commits it (take this
 * before `acceptUpload`) and its removal, which checks that no row uses it any more. Held until
 * the transaction ends.
 */
export async function lockStoredFile(tx: TenantTransaction, sha256: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`file:${tx.tenantId}/${sha256}`}, 0))`.execute(
    tx,
  );
}

/** Whether a document, a knowledge-base document or a customers CSV import of the tenant still uses the stored file. */
export async function isStoredFileUsed(tx: TenantTransaction, key: string): Promise<boolean> {
  const { rows } = await sql<{ used: boolean }>`
    select exists (select 1 from documents where tenant_id = ${tx.tenantId} and storage_key = ${key})
        or exists (select 1 from knowledge_documents where tenant_id = ${tx.tenantId} and storage_key = ${key})
        or exists (select 1 from customer_imports where tenant_id = ${tx.tenantId} and storage_key = ${key})
      as used`.execute(tx);
  return rows[0]?.used ?? true;
}

/**
 * Asks for a stored file to be removed once the deleting transaction commits (the row that used
 * it is gone by then). The file stays when another row of the tenant still uses the same bytes.
 */
export async function removeStoredFileAfterCommit(
  tx: TenantTransaction,
  jobs: JobQueue,
  file: { key: string; sha256: string },
): Promise<void> {
  await jobs.sendInTransaction(tx, 'files.remove', {
    tenantId: tx.tenantId,
    key: file.key,
    sha256: file.sha256,
  });
}

/** The worker of 'files.remove'. */
export function workFileRemovals(jobs: JobQueue, db: Db, storage: FileStorage): void {
  jobs.work('files.remove', async ({ tenantId, key, sha256 }) => {
    await withTenant(db, tenantId, async (tx) => {
      await lockStoredFile(tx, sha256);
      if (!(await isStoredFileUsed(tx, key))) await storage.remove(key);
    });
  });
}
