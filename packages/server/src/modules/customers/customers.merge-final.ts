import { MERGE_UNDO_DAYS } from '@tsumiki/api-client';
import { sql } from 'kysely';
import { recordAccessAs } from '../../platform/audit/access-log';
import type { Db } from '../../platform/db/database';
import { withTenant } from '../../platform/db/tenant-scope';
import './customers.duplicates.tables';

/**
 * A merge becomes final MERGE_UNDO_DAYS after it was made: the nightly job removes, in every
 * tenant (each in its own transaction, row-level security as everywhere), what was kept only for
 * undoing it — the merge record's saved values of the kept customer and the ids of the rows that
 * moved, and the merged customer's personal data on its tombstone — and marks the merge final.
 * The tombstone keeps its id, name and reading, 診察券番号, merged_into_id and deleted_at: its GET
 * still redirects to the kept customer and the access log still names it. An undo then answers
 * 409 RES_005 like any undo after the 30 days. Each merge made final leaves an access-log row
 * (customer.merge_final, on the kept customer) written by no one.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const SYSTEM = { actor: null, ip: null, userAgent: null, requestId: null };

/** The tombstone's columns that only an undo would have needed, and what they become. */
const TOMBSTONE_CLEARED = {
  company_name: null,
  company_name_kana: null,
  email: null,
  phone: null,
  postal_code: null,
  prefecture: null,
  city: null,
  address_line: null,
  birth_date: null,
  gender: null,
  notes: null,
  assignee_user_id: null,
  tags: sql<string[]>`'{}'::text[]`,
} as const;

/** Finalizes the merges made before `now` minus MERGE_UNDO_DAYS; how many, in all tenants. */
export async function finalizeExpiredMerges(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - MERGE_UNDO_DAYS * DAY_MS);
  const tenants = await db.selectFrom('tenants').select('id').execute();
  let finalized = 0;
  for (const { id } of tenants) {
    finalized += await withTenant(db, id, async (tx) => {
      const merges = await tx
        .updateTable('customer_merges')
        .set({
          kept_before: '{}',
          moved_interaction_ids: [],
          moved_document_ids: [],
          moved_research_report_ids: [],
          finalized_at: now,
        })
        .where('tenant_id', '=', tx.tenantId)
        .where('undone_at', 'is', null)
        .where('finalized_at', 'is', null)
        .where('merged_at', '<=', before)
        .returning(['merged_id', 'kept_id'])
        .execute();
      if (merges.length === 0) return 0;
      // Only tombstones still in the merge's hands (an undone merge's record lives again).
      await tx
        .updateTable('customers')
        .set({ ...TOMBSTONE_CLEARED, version: sql`version + 1` })
        .where('tenant_id', '=', tx.tenantId)
        .where(
          'id',
          'in',
          merges.map((merge) => merge.merged_id),
        )
        .where('merged_into_id', 'is not', null)
        .execute();
      await recordAccessAs(
        tx,
        SYSTEM,
        merges.map((merge) => ({
          action: 'customer.merge_final' as const,
          target: { type: 'customer', id: merge.kept_id },
          customerId: merge.kept_id,
          detail: { merged_id: merge.merged_id },
        })),
      );
      return merges.length;
    });
  }
  return finalized;
}
