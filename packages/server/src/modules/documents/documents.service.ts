import type { Readable } from 'node:stream';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { NotFoundError, ValidationFailedError } from '../../platform/errors';
import { cleanFileName } from '../../platform/files/file-names';
import { removeStoredFileAfterCommit } from '../../platform/files/file-removal';
import { openStoredFile } from '../../platform/files/open-stored-file';
import type { FileStorage } from '../../platform/files/storage';
import type { JobQueue } from '../../platform/jobs/jobs';
import type { TextIndex } from '../../platform/search/text-index';
import { CustomerNotFoundError, getCustomer } from '../customers';
import { assertFolderExists } from '../folders';
import {
  countDocuments,
  type DocumentChanges,
  type DocumentScope,
  type DocumentSortField,
  deleteDocumentRow,
  findCustomerDocuments,
  findDocument,
  findDocumentPage,
  type SortOrder,
  updateDocumentRow,
} from './documents.repository';
import type { DocumentRow } from './documents.tables';

// Uploads are in documents.upload.ts, keyword and semantic search in documents.search.ts.

export interface DocumentServices {
  files: FileStorage;
  jobs: JobQueue;
  textIndex: TextIndex;
}

export class DocumentNotFoundError extends NotFoundError {
  constructor() {
    super('document', {
      message: '指定された文書が見つかりません。',
      suggestion: '文書の一覧から選び直してください。削除された可能性があります。',
    });
  }
}

/**
 * The customer a document may be linked to: one of the tenant's customers in use (not in the
 * trash, not stopped at the person's request), else 404 as for any customer not there.
 */
export async function assertLinkableCustomer(tx: TenantTransaction, customerId: string): Promise<void> {
  const customer = await getCustomer(tx, customerId);
  if (customer.deleted_at !== null) throw new CustomerNotFoundError();
}

/**
 * A folder's documents (none given: those in no folder), or a customer's wherever they are (and
 * within the folder when one is given too).
 */
export async function listDocuments(
  tx: TenantTransaction,
  request: {
    folderId?: string | undefined;
    customerId?: string | undefined;
    skip?: number;
    limit?: number;
    sortBy?: DocumentSortField;
    sortOrder?: SortOrder;
  },
) {
  const scope: DocumentScope =
    request.customerId === undefined
      ? { folderId: request.folderId ?? null }
      : { customerId: request.customerId, folderId: request.folderId };
  if (scope.folderId !== undefined) await assertFolderExists(tx, scope.folderId);
  const [documents, total] = await Promise.all([
    findDocumentPage(tx, {
      ...scope,
      skip: request.skip ?? 0,
      limit: request.limit ?? 20,
      sortBy: request.sortBy ?? 'created_at',
      sortOrder: request.sortOrder ?? 'desc',
    }),
    countDocuments(tx, scope),
  ]);
  return { total, documents };
}

export async function getDocument(tx: TenantTransaction, id: string): Promise<DocumentRow> {
  const document = await findDocument(tx, id);
  if (!document) throw new DocumentNotFoundError();
  return document;
}

export async function updateDocument(
  tx: TenantTransaction,
  actorId: string,
  id: string,
  changes: { file_name?: string; description?: string | null; tags?: string[]; customer_id?: string | null },
): Promise<DocumentRow> {
  const document = await getDocument(tx, id);
  const normalized: DocumentChanges = {};
  if (changes.file_name !== undefined) {
    // Kept as an uploaded file's name is: no invisible or bidi characters that make it lie.
    const name = cleanFileName(changes.file_name);
    if (name === '') throw new ValidationFailedError([{ field: 'file_name', message: '入力してください' }]);
    normalized.file_name = name;
  }
  if (changes.description !== undefined) normalized.description = changes.description?.trim() || null;
  if (changes.tags !== undefined)
    normalized.tags = [...new Set(changes.tags.map((tag) => tag.normalize('NFC').trim()))];
  if (changes.customer_id !== undefined && changes.customer_id !== document.customer_id) {
    // Only a new link is checked: keeping a customer who has since been stopped is no new use.
    if (changes.customer_id !== null) await assertLinkableCustomer(tx, changes.customer_id);
    normalized.customer_id = changes.customer_id;
  }
  if (!(await updateDocumentRow(tx, id, normalized, actorId))) throw new DocumentNotFoundError();
  return getDocument(tx, id);
}

export async function moveDocument(
  tx: TenantTransaction,
  actorId: string,
  id: string,
  folderId: string | null,
): Promise<DocumentRow> {
  await getDocument(tx, id);
  await assertFolderExists(tx, folderId);
  if (!(await updateDocumentRow(tx, id, { folder_id: folderId }, actorId))) throw new DocumentNotFoundError();
  return getDocument(tx, id);
}

/**
 * Deletes the row and its index entries now, and the file once this commits (unless shared).
 * Returns the customer the document concerned (for the access log).
 */
export async function deleteDocument(
  tx: TenantTransaction,
  services: DocumentServices,
  id: string,
): Promise<{ customerId: string | null }> {
  await services.textIndex.remove(tx, { kind: 'document', id });
  const deleted = await deleteDocumentRow(tx, id);
  if (!deleted) throw new DocumentNotFoundError();
  await removeStoredFileAfterCommit(tx, services.jobs, { key: deleted.storage_key, sha256: deleted.sha256 });
  return { customerId: deleted.customer_id };
}

/**
 * Deletes every document of a customer (their erasure): rows and index entries now, the files
 * once this commits (unless another document shares the bytes). Returns how many there were.
 */
export async function deleteCustomerDocuments(
  tx: TenantTransaction,
  services: Pick<DocumentServices, 'jobs' | 'textIndex'>,
  customerId: string,
): Promise<number> {
  const documents = await findCustomerDocuments(tx, customerId);
  for (const document of documents) {
    await services.textIndex.remove(tx, { kind: 'document', id: document.id });
    const deleted = await deleteDocumentRow(tx, document.id);
    if (deleted)
      await removeStoredFileAfterCommit(tx, services.jobs, {
        key: deleted.storage_key,
        sha256: deleted.sha256,
      });
  }
  return documents.length;
}

/** A document's stored file, to stream (404 when it has gone missing under its row). */
export function openDocumentContent(
  files: FileStorage,
  document: Pick<DocumentRow, 'storage_key'>,
): Promise<Readable> {
  return openStoredFile(files, document.storage_key, 'document_file');
}

/** The file of a document, to stream (opened last: nothing after it can fail and leak it). */
export async function openDocumentFile(
  tx: TenantTransaction,
  services: DocumentServices,
  id: string,
): Promise<{ document: DocumentRow; stream: Readable }> {
  const document = await getDocument(tx, id);
  return { document, stream: await openDocumentContent(services.files, document) };
}
