import { sql } from 'kysely';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import type { DocumentRow, ExtractionStatus, NewDocumentRow } from './documents.tables';

export type DocumentSortField = 'created_at' | 'updated_at' | 'file_name' | 'size_bytes';
export type SortOrder = 'asc' | 'desc';

const COLUMNS = [
  'tenant_id',
  'id',
  'folder_id',
  'file_name',
  'content_type',
  'size_bytes',
  'sha256',
  'storage_key',
  'description',
  'tags',
  'extraction_status',
  'extraction_error',
  'page_count',
  'text_preview',
  'customer_id',
  'created_by',
  'updated_by',
  'created_at',
  'updated_at',
] as const;

/** The name of the document's customer, looked up by the customer's key. */
function customerColumn(column: 'last_name' | 'first_name') {
  return sql<string | null>`(select c.${sql.ref(column)} from customers c
    where c.tenant_id = documents.tenant_id and c.id = documents.customer_id)`.as(`customer_${column}`);
}

function documents(tx: TenantTransaction) {
  return tx
    .selectFrom('documents')
    .select(COLUMNS)
    .select([customerColumn('last_name'), customerColumn('first_name')])
    .where('tenant_id', '=', tx.tenantId);
}

export async function findDocument(tx: TenantTransaction, id: string): Promise<DocumentRow | undefined> {
  return documents(tx).where('id', '=', id).executeTakeFirst();
}

/** The documents with these ids, in no particular order. */
export async function findDocuments(tx: TenantTransaction, ids: readonly string[]): Promise<DocumentRow[]> {
  if (ids.length === 0) return [];
  return documents(tx).where('id', 'in', ids).execute();
}

/** Which documents a list shows: a folder's (null: those in no folder), or a customer's. */
export type DocumentScope =
  | { folderId: string | null; customerId?: undefined }
  | { folderId?: string | null | undefined; customerId: string };

function inScope<Q extends ReturnType<typeof documents>>(query: Q, scope: DocumentScope): Q {
  let scoped = query;
  if (scope.customerId !== undefined) {
    scoped = scoped.where('customer_id', '=', scope.customerId) as Q;
    if (scope.folderId === undefined) return scoped;
  }
  const folderId = scope.folderId ?? null;
  return scoped.where('folder_id', folderId === null ? 'is' : '=', folderId) as Q;
}

/**
 * One page of a folder's or a customer's documents, in the order of their indexes (0011: a
 * folder's in each sort; 0026: a customer's newest first, other sorts from the customer's few rows).
 */
export async function findDocumentPage(
  tx: TenantTransaction,
  query: DocumentScope & {
    skip: number;
    limit: number;
    sortBy: DocumentSortField;
    sortOrder: SortOrder;
  },
): Promise<DocumentRow[]> {
  const direction = sql.raw(query.sortOrder);
  const column = query.sortBy === 'file_name' ? sql`file_name collate "C"` : sql.ref(query.sortBy);
  return inScope(documents(tx), query)
    .orderBy(sql`${column} ${direction}, id ${direction}`)
    .offset(query.skip)
    .limit(query.limit)
    .execute();
}

export async function countDocuments(tx: TenantTransaction, scope: DocumentScope): Promise<number> {
  let query = tx
    .selectFrom('documents')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('tenant_id', '=', tx.tenantId);
  if (scope.customerId !== undefined) query = query.where('customer_id', '=', scope.customerId);
  if (scope.customerId === undefined || scope.folderId !== undefined) {
    const folderId = scope.folderId ?? null;
    query = query.where('folder_id', folderId === null ? 'is' : '=', folderId);
  }
  const { total } = await query.executeTakeFirstOrThrow();
  return Number(total);
}

/** Every document of a customer, oldest first (disclosure, erasure). */
export async function findCustomerDocuments(
  tx: TenantTransaction,
  customerId: string,
): Promise<DocumentRow[]> {
  return documents(tx).where('customer_id', '=', customerId).orderBy('created_at').orderBy('id').execute();
}

/** Ids of the documents in these folders. */
export async function findDocumentIdsIn(
  tx: TenantTransaction,
  folderIds: readonly string[],
): Promise<string[]> {
  if (folderIds.length === 0) return [];
  const rows = await tx
    .selectFrom('documents')
    .select('id')
    .where('tenant_id', '=', tx.tenantId)
    .where('folder_id', 'in', folderIds)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Documents whose file name or description contains the folded term (a scan of the tenant's
 * documents: a few thousand rows at most per clinic), newest first.
 */
export async function findDocumentIdsByName(
  tx: TenantTransaction,
  term: string,
  options: { within?: readonly string[]; limit: number },
): Promise<string[]> {
  if (options.within?.length === 0) return [];
  let query = tx
    .selectFrom('documents')
    .select('id')
    .where('tenant_id', '=', tx.tenantId)
    .where(sql<boolean>`strpos(search_text, tsumiki_search_fold(${term})) > 0`);
  if (options.within) query = query.where('id', 'in', options.within);
  const rows = await query.orderBy('updated_at', 'desc').orderBy('id').limit(options.limit).execute();
  return rows.map((row) => row.id);
}

export async function insertDocument(
  tx: TenantTransaction,
  row: Omit<NewDocumentRow, 'tenant_id'>,
): Promise<string> {
  const { id } = await tx
    .insertInto('documents')
    .values({ ...row, tenant_id: tx.tenantId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export type DocumentChanges = Partial<
  Pick<NewDocumentRow, 'file_name' | 'description' | 'tags' | 'folder_id' | 'customer_id'>
>;

export async function updateDocumentRow(
  tx: TenantTransaction,
  id: string,
  changes: DocumentChanges,
  actorId: string,
): Promise<boolean> {
  const result = await tx
    .updateTable('documents')
    .set({ ...changes, updated_by: actorId })
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The outcome of an extraction; false when the document is gone. */
export async function recordExtraction(
  tx: TenantTransaction,
  id: string,
  outcome: {
    status: ExtractionStatus;
    error: string | null;
    pageCount: number | null;
    preview: string | null;
  },
): Promise<boolean> {
  const result = await tx
    .updateTable('documents')
    .set({
      extraction_status: outcome.status,
      extraction_error: outcome.error,
      page_count: outcome.pageCount,
      text_preview: outcome.preview,
    })
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Locks the document's row until the transaction ends; undefined when it is gone. */
export async function lockDocument(tx: TenantTransaction, id: string): Promise<{ id: string } | undefined> {
  return tx
    .selectFrom('documents')
    .select('id')
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function deleteDocumentRow(
  tx: TenantTransaction,
  id: string,
): Promise<{ storage_key: string; sha256: string; customer_id: string | null } | undefined> {
  return tx
    .deleteFrom('documents')
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', id)
    .returning(['storage_key', 'sha256', 'customer_id'])
    .executeTakeFirst();
}
