/**
 * A person's own requests about what the tenant holds on them (個人情報保護法): stop of use
 * (利用停止) and erasure (消去). Disclosure (開示) is in customers.disclosure.ts.
 */
import { sql } from 'kysely';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { InputMismatchError } from '../../platform/errors';
import type { JobQueue } from '../../platform/jobs/jobs';
import type { TextIndex } from '../../platform/search/text-index';
import { rowName } from '../../platform/text/person-name';
import { deleteCustomerDocuments } from '../documents';
import { customerGone } from './customers.service';

/** Stops the use of a customer (or changes the reason of a stop already there). */
export async function stopCustomerUse(
  tx: TenantTransaction,
  actorId: string,
  id: string,
  reason: string,
): Promise<void> {
  const result = await tx
    .updateTable('customers')
    .set({
      use_stopped_at: sql`coalesce(use_stopped_at, now())`,
      use_stop_reason: reason.trim(),
      use_stopped_by: actorId,
    })
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw await customerGone(tx, id);
}

/** Lifts a stop of use; nothing happens when there is none. */
export async function liftCustomerUseStop(tx: TenantTransaction, id: string): Promise<void> {
  const result = await tx
    .updateTable('customers')
    .set({ use_stopped_at: null, use_stop_reason: null, use_stopped_by: null })
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw await customerGone(tx, id);
}

/** Names compared as a person types them: width, and spaces (half or full width) do not count. */
function comparableName(name: string): string {
  return name.normalize('NFKC').replace(/\s+/g, '');
}

export interface ErasureResult {
  erasedAt: Date;
  interactions: number;
  researchReports: number;
  documents: number;
}

/**
 * Erases a customer in the caller's transaction: their documents are deleted (rows and text index
 * entries now, stored files once this commits unless another document shares the bytes), research
 * reports about them are deleted, the
 * notifications and events naming them lose the name, the row goes with its interactions (and
 * their versions and products, which cascade) and its search terms (a trigger), and a tombstone
 * (id, when, why, who) stays. `confirmName` must be the name as screens show it.
 */
export async function eraseCustomer(
  tx: TenantTransaction,
  services: { jobs: JobQueue; textIndex: TextIndex },
  actorId: string,
  id: string,
  request: { confirmName: string; reason: string },
): Promise<ErasureResult> {
  const customer = await tx
    .selectFrom('customers')
    .select(['id', 'last_name', 'first_name'])
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!customer) throw await customerGone(tx, id);
  if (comparableName(request.confirmName) !== comparableName(rowName(customer))) {
    throw new InputMismatchError([
      {
        field: 'confirm_name',
        message: `顧客の氏名と一致しません。画面に表示されている氏名「${rowName(customer)}」を入力してください`,
      },
    ]);
  }
  const documents = await deleteCustomerDocuments(tx, services, id);
  const reports = await tx
    .deleteFrom('research_reports')
    .where('tenant_id', '=', tx.tenantId)
    .where('customer_id', '=', id)
    .executeTakeFirst();
  const interactions = await tx
    .selectFrom('interactions')
    .select('id')
    .where('tenant_id', '=', tx.tenantId)
    .where('customer_id', '=', id)
    .execute();
  const subjects = [id, ...interactions.map((row) => row.id)];
  // Events about the customer or their interactions keep their type, time and actor, not the name.
  const events = await tx
    .updateTable('domain_events')
    .set({ payload: sql`jsonb_build_object('erased', true)` })
    .where('tenant_id', '=', tx.tenantId)
    .where((eb) => eb.or([eb('subject_id', 'in', subjects), eb(sql.raw("payload->>'customer_id'"), '=', id)]))
    .returning('id')
    .execute();
  await tx
    .deleteFrom('notifications')
    .where('tenant_id', '=', tx.tenantId)
    .where((eb) =>
      eb.or([
        eb('link', 'like', `/customers/${id}%`),
        ...(events.length > 0
          ? [
              eb(
                'event_id',
                'in',
                events.map((event) => event.id),
              ),
            ]
          : []),
      ]),
    )
    .execute();
  await tx.deleteFrom('customers').where('tenant_id', '=', tx.tenantId).where('id', '=', id).execute();
  const tombstone = await tx
    .insertInto('customer_erasures')
    .values({ tenant_id: tx.tenantId, customer_id: id, reason: request.reason.trim(), erased_by: actorId })
    .returning('erased_at')
    .executeTakeFirstOrThrow();
  return {
    erasedAt: tombstone.erased_at,
    interactions: interactions.length,
    researchReports: Number(reports.numDeletedRows),
    documents,
  };
}
