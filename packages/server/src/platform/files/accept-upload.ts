import { ERROR_CATALOGUE } from '../errors';
import { type DetectedFileType, detectFileType, type FileFormat } from './file-types';
import type { FileStorage } from './storage';
import type { UploadedFile } from './uploads';

export type AcceptedUpload = { ok: true; key: string; type: DetectedFileType; size: number; sha256: string };
export type RefusedUpload = { ok: false; code: 'FILE_001' | 'FILE_002' | 'FILE_003'; message: string };

const CLAIMED: Record<string, string> = {
  pdf: 'PDF',
  docx: 'Word',
  xlsx: 'Excel',
  pptx: 'PowerPoint',
  png: 'PNG',
  jpg: 'JPEG',
  jpeg: 'JPEG',
};

/** Why a file is refused, naming the format its name claims when its bytes say otherwise. */
function unsupportedMessage(fileName: string, detected: DetectedFileType | null): string {
  const extension = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  const claimed = fileName.includes('.') ? CLAIMED[extension] : undefined;
  if (claimed && detected?.extension !== extension) {
    return `ファイル名は ${claimed} ですが、中身が ${claimed} の形式ではありません（実行ファイルなど、対応していない形式の可能性があります）。`;
  }
  return ERROR_CATALOGUE.FILE_002.message;
}

/**
 * One uploaded file checked and kept: refused when it was cut at the size limit (FILE_001), is
 * empty (FILE_003) or is not one of `allowed` by its magic bytes (FILE_002); else committed under
 * its tenant-scoped, content-addressed key. A refused file stays staged (the route layer discards it).
 */
export async function acceptUpload(
  storage: FileStorage,
  tenantId: string,
  upload: UploadedFile,
  allowed: ReadonlySet<FileFormat>,
): Promise<AcceptedUpload | RefusedUpload> {
  const { staged } = upload;
  if (staged.truncated) return { ok: false, code: 'FILE_001', message: ERROR_CATALOGUE.FILE_001.message };
  if (staged.size === 0) return { ok: false, code: 'FILE_003', message: ERROR_CATALOGUE.FILE_003.message };
  const type = detectFileType(staged.head, upload.fileName);
  if (!type || !allowed.has(type.format)) {
    return { ok: false, code: 'FILE_002', message: unsupportedMessage(upload.fileName, type) };
  }
  const key = await storage.commit(staged, tenantId);
  return { ok: true, key, type, size: staged.size, sha256: staged.sha256 };
}
