import type { Readable } from 'node:stream';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { AppError, NotFoundError, ValidationFailedError, type ValidationIssue } from '../../platform/errors';
import { acceptUpload, type RefusedUpload } from '../../platform/files/accept-upload';
import { cleanFileName } from '../../platform/files/file-names';
import { lockStoredFile, removeStoredFileAfterCommit } from '../../platform/files/file-removal';
import type { FileFormat } from '../../platform/files/file-types';
import { openStoredFile } from '../../platform/files/open-stored-file';
import type { FileStorage } from '../../platform/files/storage';
import { formField, type MultipartBody, type UploadedFile } from '../../platform/files/uploads';
import type { JobQueue } from '../../platform/jobs/jobs';
import type { QueryVector, TextIndex } from '../../platform/search/text-index';
import { assertFolderExists, findFolderSubtree } from '../folders';
import {
  countDocuments,
  type DocumentChanges,
  type DocumentSortField,
  deleteDocumentRow,
  findDocument,
  findDocumentIdsByName,
  findDocumentIdsIn,
  findDocumentPage,
  findDocuments,
  insertDocument,
  type SortOrder,
  updateDocumentRow,
} from './documents.repository';
import type { DocumentRow } from './documents.tables';

/** What the documents screen accepts (the formats are decided by the files' first bytes). */
export const DOCUMENT_FORMATS: ReadonlySet<FileFormat> = new Set([
  'pdf',
  'docx',
  'xlsx',
  'pptx',
  'text',
  'markdown',
  'csv',
  'png',
  'jpeg',
]);

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uploadFields(body: MultipartBody) {
  const issues: ValidationIssue[] = [];
  const folderId = formField(body, 'folder_id', 'フォルダー', issues);
  if (folderId !== undefined && !UUID.test(folderId)) {
    issues.push({ field: 'folder_id', message: 'ID の形式が正しくありません' });
  }
  const description = formField(body, 'description', '説明', issues);
  // Characters as the contract's maxLength counts them (code points).
  if (description !== undefined && [...description].length > 500) {
    issues.push({ field: 'description', message: '500文字以内で入力してください' });
  }
  if (issues.length > 0) throw new ValidationFailedError(issues);
  return { folderId: folderId ?? null, description: description ?? null };
}

/** A file name as stored: what the browser gave (cleaned), or a neutral name when it gave none. */
function storedName(upload: UploadedFile, extension: string): string {
  return upload.fileName === '' ? `無題.${extension}` : upload.fileName;
}

function refusal(upload: UploadedFile, refused: RefusedUpload): AppError {
  return new AppError(refused.code, { message: refused.message, context: { file_name: upload.fileName } });
}

/**
 * Keeps one file as a document: checked (acceptUpload), its row inserted (pending), its
 * extraction queued in the same transaction. The file's lock makes a concurrent removal of the
 * same bytes wait (file-removal.ts).
 */
async function saveUpload(
  tx: TenantTransaction,
  services: DocumentServices,
  actorId: string,
  upload: UploadedFile,
  fields: { folderId: string | null; description: string | null },
): Promise<{ ok: true; document: DocumentRow } | RefusedUpload> {
  await lockStoredFile(tx, upload.staged.sha256);
  const accepted = await acceptUpload(services.files, tx.tenantId, upload, DOCUMENT_FORMATS);
  if (!accepted.ok) return accepted;
  const id = await insertDocument(tx, {
    folder_id: fields.folderId,
    file_name: storedName(upload, accepted.type.extension),
    content_type: accepted.type.mime,
    size_bytes: accepted.size,
    sha256: accepted.sha256,
    storage_key: accepted.key,
    description: fields.description,
    created_by: actorId,
    updated_by: actorId,
  });
  await services.jobs.sendInTransaction(tx, 'documents.extract', { tenantId: tx.tenantId, documentId: id });
  return { ok: true, document: (await findDocument(tx, id)) as DocumentRow };
}

export async function uploadDocument(
  tx: TenantTransaction,
  services: DocumentServices,
  actorId: string,
  body: MultipartBody,
): Promise<DocumentRow> {
  const files = body.files.filter((file) => file.field === 'file');
  if (files.length === 0 || body.files.length !== files.length) {
    throw new ValidationFailedError([{ field: 'file', message: 'ファイルを 1 つ選んでください' }]);
  }
  if (files.length > 1) {
    throw new ValidationFailedError([
      { field: 'file', message: '1 つずつ送ってください（まとめて送るときは upload-multiple を使います）' },
    ]);
  }
  const fields = uploadFields(body);
  await assertFolderExists(tx, fields.folderId);
  const upload = files[0] as UploadedFile;
  const saved = await saveUpload(tx, services, actorId, upload, fields);
  if (!saved.ok) throw refusal(upload, saved);
  return saved.document;
}

export interface UploadFailure {
  file_name: string;
  code: string;
  message: string;
}

/** Several files: each saved or refused on its own; refused all → 422 with every reason. */
export async function uploadDocuments(
  tx: TenantTransaction,
  services: DocumentServices,
  actorId: string,
  body: MultipartBody,
): Promise<{ uploaded: DocumentRow[]; failed: UploadFailure[] }> {
  const files = body.files.filter((file) => file.field === 'files' || file.field === 'file');
  if (files.length === 0) {
    throw new ValidationFailedError([{ field: 'files', message: 'ファイルを 1 つ以上選んでください' }]);
  }
  const fields = uploadFields(body);
  await assertFolderExists(tx, fields.folderId);
  const uploaded: DocumentRow[] = [];
  const failed: UploadFailure[] = [];
  for (const upload of files) {
    const saved = await saveUpload(tx, services, actorId, upload, fields);
    if (saved.ok) uploaded.push(saved.document);
    else failed.push({ file_name: upload.fileName, code: saved.code, message: saved.message });
  }
  if (uploaded.length === 0) {
    const first = failed[0] as UploadFailure;
    throw new AppError(first.code as RefusedUpload['code'], {
      status: 422,
      message: 'アップロードできたファイルはありません。',
      suggestion: failed.map((failure) => `${failure.file_name}: ${failure.message}`).join(' '),
      context: { failed },
    });
  }
  return { uploaded, failed };
}

export async function listDocuments(
  tx: TenantTransaction,
  request: {
    folderId?: string | undefined;
    skip?: number;
    limit?: number;
    sortBy?: DocumentSortField;
    sortOrder?: SortOrder;
  },
) {
  const folderId = request.folderId ?? null;
  await assertFolderExists(tx, folderId);
  const [documents, total] = await Promise.all([
    findDocumentPage(tx, {
      folderId,
      skip: request.skip ?? 0,
      limit: request.limit ?? 20,
      sortBy: request.sortBy ?? 'created_at',
      sortOrder: request.sortOrder ?? 'desc',
    }),
    countDocuments(tx, folderId),
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
  changes: { file_name?: string; description?: string | null; tags?: string[] },
): Promise<DocumentRow> {
  await getDocument(tx, id);
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

/** Deletes the row and its index entries now, and the file once this commits (unless shared). */
export async function deleteDocument(
  tx: TenantTransaction,
  services: DocumentServices,
  id: string,
): Promise<void> {
  await services.textIndex.remove(tx, { kind: 'document', id });
  const deleted = await deleteDocumentRow(tx, id);
  if (!deleted) throw new DocumentNotFoundError();
  await removeStoredFileAfterCommit(tx, services.jobs, { key: deleted.storage_key, sha256: deleted.sha256 });
}

/** The file of a document, to stream (opened last: nothing after it can fail and leak it). */
export async function openDocumentFile(
  tx: TenantTransaction,
  services: DocumentServices,
  id: string,
): Promise<{ document: DocumentRow; stream: Readable }> {
  const document = await getDocument(tx, id);
  return { document, stream: await openStoredFile(services.files, document.storage_key, 'document_file') };
}

export interface SearchHit {
  document: DocumentRow;
  snippet: string | null;
  highlights: { start: number; length: number }[];
  page: number | null;
  score: number | null;
}

/** How many matches of each kind are merged before paging (a clinic's document count is far below). */
const SEARCH_WINDOW = 500;

/**
 * Keyword search: documents whose text contains the term (with the best chunk's snippet and page),
 * then those that match only by file name or description (no snippet). `folderId` limits it to
 * that folder and every folder below.
 */
export async function searchDocuments(
  tx: TenantTransaction,
  services: DocumentServices,
  request: { query: string; folderId?: string | undefined; skip?: number; limit?: number },
): Promise<{ total: number; results: SearchHit[] }> {
  const query = request.query.normalize('NFC').trim();
  const skip = request.skip ?? 0;
  const limit = request.limit ?? 20;
  if (query === '') return { total: 0, results: [] };
  let within: string[] | undefined;
  if (request.folderId !== undefined) {
    within = await findDocumentIdsIn(tx, await findFolderSubtree(tx, request.folderId));
    if (within.length === 0) return { total: 0, results: [] };
  }
  const [text, byName] = await Promise.all([
    services.textIndex.keyword(tx, {
      kind: 'document',
      query,
      ...(within ? { sourceIds: within } : {}),
      skip: 0,
      limit: SEARCH_WINDOW,
    }),
    findDocumentIdsByName(tx, query.replaceAll('|', ''), {
      ...(within ? { within } : {}),
      limit: SEARCH_WINDOW,
    }),
  ]);
  const textIds = new Set(text.hits.map((hit) => hit.sourceId));
  const nameOnly = byName.filter((id) => !textIds.has(id));
  const merged = [
    ...text.hits.map((hit) => ({
      id: hit.sourceId,
      snippet: hit.snippet,
      highlights: hit.highlights,
      page: hit.page,
    })),
    ...nameOnly.map((id) => ({ id, snippet: null, highlights: [], page: null })),
  ];
  const total = Math.max(text.total, text.hits.length) + nameOnly.length;
  const page = merged.slice(skip, skip + limit);
  const rows = new Map(
    (
      await findDocuments(
        tx,
        page.map((hit) => hit.id),
      )
    ).map((row) => [row.id, row]),
  );
  const results: SearchHit[] = [];
  for (const hit of page) {
    const document = rows.get(hit.id);
    if (document)
      results.push({
        document,
        snippet: hit.snippet,
        highlights: hit.highlights,
        page: hit.page,
        score: null,
      });
  }
  return { total, results };
}

const SEMANTIC_SNIPPET = 200;

/** A semantic search's question as searched: NFC, trimmed. */
export function semanticQuery(query: string): string {
  return query.normalize('NFC').trim();
}

/** Passages close to a question, the best of each document, closest first. */
export async function semanticSearchDocuments(
  tx: TenantTransaction,
  services: DocumentServices,
  request: { query: string; vector: QueryVector | null; limit?: number },
): Promise<{ mode: 'openai' | 'offline'; results: SearchHit[] }> {
  const limit = request.limit ?? 10;
  const { mode, passages } = await services.textIndex.retrieve(tx, {
    kind: 'document',
    query: request.query,
    vector: request.vector,
    limit: limit * 3,
  });
  const best = new Map<string, (typeof passages)[number]>();
  for (const passage of passages) {
    const known = best.get(passage.sourceId);
    if (!known || passage.score > known.score) best.set(passage.sourceId, passage);
  }
  const ranked = [...best.values()].sort((a, b) => b.score - a.score).slice(0, limit);
  const rows = new Map(
    (
      await findDocuments(
        tx,
        ranked.map((passage) => passage.sourceId),
      )
    ).map((row) => [row.id, row]),
  );
  const results: SearchHit[] = [];
  for (const passage of ranked) {
    const document = rows.get(passage.sourceId);
    if (!document) continue;
    const text =
      passage.text.length > SEMANTIC_SNIPPET ? `${passage.text.slice(0, SEMANTIC_SNIPPET)}…` : passage.text;
    results.push({
      document,
      snippet: text,
      highlights: [],
      page: passage.page,
      score: Math.min(1, Math.max(0, passage.score)),
    });
  }
  return { mode, results };
}
