import { isApiError, MAX_UPLOAD_BYTES } from '@tsumiki/api-client';

/** The knowledge list's page size (SPEC section 7: limit 20). */
export const KNOWLEDGE_PAGE_SIZE = 20;

export interface KnowledgeUploadValues {
  file: File | null;
  title: string;
  description: string;
  tags: readonly string[];
}

export type KnowledgeUploadField = 'file' | 'title' | 'description' | 'tags';
export type KnowledgeUploadErrors = Partial<Record<KnowledgeUploadField, string>>;

/** What the form checks before sending (the server checks again, with the same words). */
export function validateKnowledgeUpload(values: KnowledgeUploadValues): KnowledgeUploadErrors {
  const errors: KnowledgeUploadErrors = {};
  if (!values.file) errors.file = 'ファイルを選んでください。';
  else if (values.file.size > MAX_UPLOAD_BYTES) errors.file = 'ファイルサイズが大きすぎます。';
  if (values.title.trim() === '') errors.title = '題名を入力してください。';
  else if (values.title.trim().length > 200) errors.title = '題名は 200 文字以内で入力してください。';
  if (values.description.length > 2000) errors.description = '説明は 2,000 文字以内で入力してください。';
  if (values.tags.length > 20) errors.tags = 'タグは 20 個までです。';
  return errors;
}

/** The multipart fields: tags travel as a JSON string (SPEC section 3). */
export function knowledgeUploadFields(
  values: KnowledgeUploadValues & { file: File },
): Record<string, string | Blob> {
  return {
    file: values.file,
    title: values.title.trim(),
    ...(values.description.trim() ? { description: values.description.trim() } : {}),
    ...(values.tags.length ? { tags: JSON.stringify(values.tags) } : {}),
  };
}

const FIELDS: readonly KnowledgeUploadField[] = ['file', 'title', 'description', 'tags'];

// The form's own labels (the contract's `fieldLabels` table would double the chunk's share of it).
const LABELS: Record<KnowledgeUploadField, string> = {
  file: 'ファイル',
  title: '題名',
  description: '説明',
  tags: 'タグ',
};

/**
 * The server's refusal as messages per field: validation entries go to their field, a refused file
 * (FILE_001 / FILE_002 / FILE_003) to the file; anything else is the file's error too, since it
 * is what did not get through.
 */
export function serverFieldErrors(error: unknown): KnowledgeUploadErrors {
  if (!isApiError(error)) return { file: error instanceof Error ? error.message : undefined };
  const errors: KnowledgeUploadErrors = {};
  const other: string[] = [];
  for (const entry of error.validationErrors) {
    const field = FIELDS.find((name) => entry.field === name || entry.field.endsWith(`.${name}`));
    if (field && !errors[field]) errors[field] = entry.message;
    else other.push(`${LABELS[entry.field as KnowledgeUploadField] ?? '入力内容'}: ${entry.message}`);
  }
  if (error.validationErrors.length === 0) errors.file = error.message;
  else if (other.length) errors.file = other.join('\n');
  return errors;
}
