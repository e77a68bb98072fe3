import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { AppError, ValidationFailedError, type ValidationIssue } from '../../platform/errors';
import { acceptUpload } from '../../platform/files/accept-upload';
import { lockStoredFile } from '../../platform/files/file-removal';
import type { FileFormat } from '../../platform/files/file-types';
import { formField, type MultipartBody, type UploadedFile } from '../../platform/files/uploads';
import { insertKnowledgeDocument } from './knowledge.repository';
import { getKnowledgeDocument, type KnowledgeServices } from './knowledge.service';
import type { KnowledgeDocumentRow } from './knowledge.tables';

/** What the knowledge base accepts (decided by the files' first bytes). */
export const KNOWLEDGE_FORMATS: ReadonlySet<FileFormat> = new Set(['pdf', 'docx', 'text', 'markdown']);

const TAG_LIMIT = 20;
const TAG_LENGTH = 30;

/** Tags as the form sends them: a JSON array of strings (SPEC section 3), checked like the contract's Tags. */
export function parseTags(raw: string | undefined, issues: ValidationIssue[]): string[] {
  if (raw === undefined) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    issues.push({ field: 'tags', message: 'タグの形式が正しくありません（例 ["契約","労務"]）' });
    return [];
  }
  if (!Array.isArray(parsed) || parsed.some((tag) => typeof tag !== 'string')) {
    issues.push({ field: 'tags', message: 'タグの形式が正しくありません（例 ["契約","労務"]）' });
    return [];
  }
  const tags = parsed.map((tag: string) => tag.normalize('NFC').trim());
  const before = issues.length;
  if (tags.length > TAG_LIMIT) issues.push({ field: 'tags', message: `タグは ${TAG_LIMIT} 個までです` });
  if (tags.some((tag) => tag === '')) issues.push({ field: 'tags', message: '空のタグは登録できません' });
  const long = tags.find((tag) => [...tag].length > TAG_LENGTH);
  if (long !== undefined)
    issues.push({
      field: 'tags',
      message: `タグは 1 個 ${TAG_LENGTH} 文字以内で入力してください（「${long}」）`,
    });
  const duplicate = tags.find((tag, index) => tags.indexOf(tag) !== index);
  if (duplicate !== undefined)
    issues.push({ field: 'tags', message: `タグ「${duplicate}」が重複しています` });
  return issues.length === before ? tags : [];
}

function uploadFields(body: MultipartBody) {
  const issues: ValidationIssue[] = [];
  const title = formField(body, 'title', '題名', issues);
  if (title === undefined) issues.push({ field: 'title', message: '入力してください' });
  else if ([...title].length > 200) issues.push({ field: 'title', message: '200文字以内で入力してください' });
  const description = formField(body, 'description', '説明', issues);
  if (description !== undefined && [...description].length > 2000) {
    issues.push({ field: 'description', message: '2000文字以内で入力してください' });
  }
  const tags = parseTags(formField(body, 'tags', 'タグ', issues, { raw: true }), issues);
  const files = body.files.filter((file) => file.field === 'file');
  if (files.length !== 1 || body.files.length !== 1) {
    issues.push({ field: 'file', message: 'ファイルを 1 つ選んでください' });
  }
  if (issues.length > 0) throw new ValidationFailedError(issues);
  return { title: title as string, description: description ?? null, tags, upload: files[0] as UploadedFile };
}

/**
 * Registers a document: fields checked first (nothing is kept for a form with mistakes), the file
 * checked by its bytes and kept (acceptUpload, one path with the documents), the row inserted as
 * processing and its extraction queued in the same transaction.
 */
export async function uploadKnowledgeDocument(
  tx: TenantTransaction,
  services: KnowledgeServices,
  actorId: string,
  body: MultipartBody,
): Promise<KnowledgeDocumentRow> {
  const { title, description, tags, upload } = uploadFields(body);
  await lockStoredFile(tx, upload.staged.sha256);
  const accepted = await acceptUpload(services.files, tx.tenantId, upload, KNOWLEDGE_FORMATS);
  if (!accepted.ok) {
    throw new AppError(accepted.code, {
      ...(accepted.code === 'FILE_002'
        ? { suggestion: 'PDF・Word（.docx）・テキスト・Markdown のファイルを選んでください。' }
        : {}),
      context: { file_name: upload.fileName },
    });
  }
  const id = await insertKnowledgeDocument(tx, {
    title,
    description,
    tags,
    file_name: upload.fileName === '' ? `${title}.${accepted.type.extension}` : upload.fileName,
    content_type: accepted.type.mime,
    size_bytes: accepted.size,
    sha256: accepted.sha256,
    storage_key: accepted.key,
    created_by: actorId,
    updated_by: actorId,
  });
  await services.jobs.sendInTransaction(tx, 'knowledge.extract', { tenantId: tx.tenantId, documentId: id });
  return getKnowledgeDocument(tx, id);
}
