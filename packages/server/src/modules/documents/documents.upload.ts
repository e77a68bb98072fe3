import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { AppError, ValidationFailedError, type ValidationIssue } from '../../platform/errors';
import { acceptUpload, type RefusedUpload } from '../../platform/files/accept-upload';
import { lockStoredFile } from '../../platform/files/file-removal';
import type { FileFormat } from '../../platform/files/file-types';
import { formField, type MultipartBody, type UploadedFile } from '../../platform/files/uploads';
import { assertFolderExists } from '../folders';
import { findDocument, insertDocument } from './documents.repository';
import { assertLinkableCustomer, type DocumentServices } from './documents.service';
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uploadFields(body: MultipartBody) {
  const issues: ValidationIssue[] = [];
  const folderId = formField(body, 'folder_id', 'フォルダー', issues);
  if (folderId !== undefined && !UUID.test(folderId)) {
    issues.push({ field: 'folder_id', message: 'ID の形式が正しくありません' });
  }
  const customerId = formField(body, 'customer_id', '顧客', issues);
  if (customerId !== undefined && !UUID.test(customerId)) {
    issues.push({ field: 'customer_id', message: 'ID の形式が正しくありません' });
  }
  const description = formField(body, 'description', '説明', issues);
  // Characters as the contract's maxLength counts them (code points).
  if (description !== undefined && [...description].length > 500) {
    issues.push({ field: 'description', message: '500文字以内で入力してください' });
  }
  if (issues.length > 0) throw new ValidationFailedError(issues);
  return { folderId: folderId ?? null, customerId: customerId ?? null, description: description ?? null };
}

type UploadFields = ReturnType<typeof uploadFields>;

/** The folder and the customer the files go to exist (404 otherwise). */
async function assertTargets(tx: TenantTransaction, fields: UploadFields): Promise<void> {
  await assertFolderExists(tx, fields.folderId);
  if (fields.customerId !== null) await assertLinkableCustomer(tx, fields.customerId);
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
  fields: UploadFields,
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
    customer_id: fields.customerId,
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
  await assertTargets(tx, fields);
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
  await assertTargets(tx, fields);
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
