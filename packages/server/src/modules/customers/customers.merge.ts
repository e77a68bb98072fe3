import { MERGE_UNDO_DAYS } from '@tsumiki/api-client';
import type { components } from '@tsumiki/api-client/schema';
import { sql } from 'kysely';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { AppError, InputMismatchError } from '../../platform/errors';
import './customers.duplicates.tables';
import { customerInUse } from './customers.in-use';
import { CustomerNotFoundError, type CustomerView, getCustomer } from './customers.service';
import type { CustomersTable } from './customers.tables';

/**
 * Merging two customers (名寄せ): one is kept, the other's interactions, documents and research
 * reports move onto it, and the other stays as a tombstone (merged_into_id with deleted_at, so
 * every list, search, count and the assistant pass it by; its GET answers with merged_into_id).
 * The merge record keeps what moved and what the kept customer's fields were, so that an undo
 * within MERGE_UNDO_DAYS moves exactly that back. The access log is never rewritten: its filter by
 * customer follows the merges instead (`customerAndMergedIds`).
 */

type Schemas = components['schemas'];
export type MergeKeep = NonNullable<Schemas['CustomerMergeInput']['keep']>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The columns each choice of a merge takes from one customer or the other. */
const MERGE_FIELD_COLUMNS = {
  name: ['last_name', 'first_name'],
  reading: ['last_name_kana', 'first_name_kana'],
  birth_date: ['birth_date'],
  gender: ['gender'],
  phone: ['phone'],
  email: ['email'],
  address: ['postal_code', 'prefecture', 'city', 'address_line'],
} as const satisfies Record<keyof MergeKeep, ReadonlyArray<keyof CustomersTable>>;

type MergeColumn = (typeof MERGE_FIELD_COLUMNS)[keyof MergeKeep][number];

/** Undoing a merge older than MERGE_UNDO_DAYS (409 RES_005). */
export class MergeUndoExpiredError extends AppError {
  constructor(mergedAt: Date) {
    super('RES_005', { context: { resource: 'customer_merge', merged_at: mergedAt.toISOString() } });
  }
}

/**
 * Undoing a merge whose kept customer was deleted or merged into another since (409 RES_006):
 * the rows would go back from a record nobody sees; that change is undone first.
 */
export class MergeKeptChangedError extends AppError {
  constructor(keptId: string) {
    super('RES_006', { context: { resource: 'customer_merge', kept_id: keptId } });
  }
}

export interface MergeOutcome {
  merge: Schemas['CustomerMerge'];
  customer: CustomerView;
}

/** Both customers in use, locked in id order (two merges of the same pair cannot cross). */
async function lockPair(tx: TenantTransaction, keptId: string, mergedId: string) {
  const rows = await tx
    .selectFrom('customers as c')
    .select(['c.id'])
    .where('c.tenant_id', '=', tx.tenantId)
    .where('c.id', 'in', [keptId, mergedId])
    .where(customerInUse('c'))
    .orderBy('c.id')
    .forUpdate()
    .execute();
  if (rows.length < 2) throw new CustomerNotFoundError();
}

/** Moves the rows of one table from a customer to another; the ids moved. */
async function moveRows(
  tx: TenantTransaction,
  table: 'interactions' | 'documents' | 'research_reports',
  from: string,
  to: string,
  only?: readonly string[],
): Promise<string[]> {
  if (only !== undefined && only.length === 0) return [];
  let update = tx
    .updateTable(table)
    .set({ customer_id: to })
    .where('tenant_id', '=', tx.tenantId)
    .where('customer_id', '=', from);
  if (only !== undefined) update = update.where('id', 'in', only);
  const rows = await update.returning('id').execute();
  return rows.map((row) => row.id);
}

export async function mergeCustomers(
  tx: TenantTransaction,
  actorId: string | null,
  keptId: string,
  mergedId: string,
  keep: MergeKeep = {},
): Promise<MergeOutcome> {
  if (keptId === mergedId) {
    throw new InputMismatchError([
      { field: 'merged_id', message: '統合する相手には別の顧客を選んでください' },
    ]);
  }
  await lockPair(tx, keptId, mergedId);
  const kept = await getCustomer(tx, keptId);
  const merged = await getCustomer(tx, mergedId);

  const columns = (Object.keys(MERGE_FIELD_COLUMNS) as Array<keyof MergeKeep>)
    .filter((field) => keep[field] === 'merged')
    .flatMap((field): MergeColumn[] => [...MERGE_FIELD_COLUMNS[field]]);
  const before = Object.fromEntries(columns.map((column) => [column, kept[column]]));
  const changes = Object.fromEntries(columns.map((column) => [column, merged[column]]));

  const interactions = await moveRows(tx, 'interactions', mergedId, keptId);
  const documents = await moveRows(tx, 'documents', mergedId, keptId);
  const reports = await moveRows(tx, 'research_reports', mergedId, keptId);

  await tx
    .updateTable('customers')
    .set({
      merged_into_id: keptId,
      deleted_at: sql`now()`,
      deleted_by: actorId,
      updated_by: actorId,
      version: sql`version + 1`,
    })
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', mergedId)
    .execute();
  await tx
    .updateTable('customers')
    .set({ ...changes, updated_by: actorId, version: sql`version + 1` })
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', keptId)
    .execute();

  const record = await tx
    .insertInto('customer_merges')
    .values({
      tenant_id: tx.tenantId,
      kept_id: keptId,
      merged_id: mergedId,
      kept_before: JSON.stringify(before),
      moved_interaction_ids: interactions,
      moved_document_ids: documents,
      moved_research_report_ids: reports,
      merged_by: actorId,
    })
    .returning(['id', 'merged_at'])
    .executeTakeFirstOrThrow();
  return {
    merge: {
      id: record.id,
      kept_id: keptId,
      merged_id: mergedId,
      merged_at: record.merged_at.toISOString(),
      undo_until: new Date(record.merged_at.getTime() + MERGE_UNDO_DAYS * DAY_MS).toISOString(),
      moved: {
        interactions: interactions.length,
        documents: documents.length,
        research_reports: reports.length,
      },
    },
    customer: await getCustomer(tx, keptId),
  };
}

/**
 * Undoes the latest merge of a tombstone: the rows it moved that are still on the kept customer go
 * back, the kept customer's overwritten fields get their values back, and the tombstone lives again.
 * 404 when the customer is not merged; 409 RES_005 after MERGE_UNDO_DAYS (or once final), 409
 * RES_006 when the kept customer was deleted or merged into another since.
 */
export async function undoCustomerMerge(
  tx: TenantTransaction,
  actorId: string | null,
  mergedId: string,
  now: Date,
): Promise<CustomerView> {
  const merge = await tx
    .selectFrom('customer_merges as m')
    .innerJoin('customers as c', (join) =>
      join
        .onRef('c.tenant_id', '=', 'm.tenant_id')
        .onRef('c.id', '=', 'm.merged_id')
        .onRef('c.merged_into_id', '=', 'm.kept_id'),
    )
    .selectAll('m')
    .where('m.tenant_id', '=', tx.tenantId)
    .where('m.merged_id', '=', mergedId)
    .where('m.undone_at', 'is', null)
    .orderBy('m.merged_at', 'desc')
    .forUpdate()
    .executeTakeFirst();
  if (!merge) throw new CustomerNotFoundError();
  if (merge.finalized_at !== null || now.getTime() - merge.merged_at.getTime() > MERGE_UNDO_DAYS * DAY_MS) {
    throw new MergeUndoExpiredError(merge.merged_at);
  }
  const kept = await tx
    .selectFrom('customers')
    .select('deleted_at')
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', merge.kept_id)
    .forUpdate()
    .executeTakeFirst();
  if (!kept || kept.deleted_at !== null) throw new MergeKeptChangedError(merge.kept_id);
  await moveRows(tx, 'interactions', merge.kept_id, mergedId, merge.moved_interaction_ids);
  await moveRows(tx, 'documents', merge.kept_id, mergedId, merge.moved_document_ids);
  await moveRows(tx, 'research_reports', merge.kept_id, mergedId, merge.moved_research_report_ids);
  await tx
    .updateTable('customers')
    .set({
      ...(merge.kept_before as Partial<Record<MergeColumn, never>>),
      updated_by: actorId,
      version: sql`version + 1`,
    })
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', merge.kept_id)
    .execute();
  await tx
    .updateTable('customers')
    .set({
      merged_into_id: null,
      deleted_at: null,
      deleted_by: null,
      updated_by: actorId,
      version: sql`version + 1`,
    })
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', mergedId)
    .execute();
  await tx
    .updateTable('customer_merges')
    .set({ undone_at: now, undone_by: actorId })
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', merge.id)
    .execute();
  return getCustomer(tx, mergedId);
}

/**
 * A customer's id with the ids merged into it (through merges still in force, merges of merges
 * too): the access log's filter by customer reads these, its rows stay as they were written.
 */
export function customerAndMergedIds(tenantId: string, id: string) {
  return sql<string>`(
    with recursive ids(id) as (
      select ${id}::uuid
      union
      select m.merged_id from customer_merges m join ids on m.kept_id = ids.id
      where m.tenant_id = ${tenantId} and m.undone_at is null
    )
    select ids.id from ids)`;
}
