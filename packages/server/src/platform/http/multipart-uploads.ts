import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { cleanFileName } from '../files/file-names';
import type { FileStorage } from '../files/storage';
import {
  MAX_FILE_BYTES,
  MAX_FILES_PER_REQUEST,
  MAX_REQUEST_BYTES,
  type MultipartBody,
  type UploadedFile,
} from '../files/uploads';
import type { OpenApiDocument } from './openapi';

const MULTIPART = 'multipart/form-data';
const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 100 * 1024;

/** The operations whose request body is multipart/form-data (uploads). */
export function multipartOperations(document: OpenApiDocument): Set<string> {
  const ids = new Set<string>();
  for (const pathItem of Object.values(document.paths)) {
    for (const operation of Object.values(pathItem)) {
      const { operationId, requestBody } = (operation ?? {}) as {
        operationId?: string;
        requestBody?: { content?: Record<string, unknown> };
      };
      if (operationId && requestBody?.content && MULTIPART in requestBody.content) ids.add(operationId);
    }
  }
  return ids;
}

function tooMuch(): AppError {
  return new AppError('FILE_005', {
    context: { max_files: MAX_FILES_PER_REQUEST, max_request_bytes: MAX_REQUEST_BYTES },
  });
}

function mapMultipartError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return tooMuch();
  // The connection closed (or the body ended) before the last part did.
  return new AppError('FILE_004', { cause: error });
}

/** Discards every staged file of the body (a committed one is no longer staged: a no-op). */
export async function discardUploads(storage: FileStorage, files: readonly UploadedFile[]): Promise<void> {
  await Promise.all(files.map((file) => storage.discard(file.staged).catch(() => {})));
}

/**
 * Streams every file part of a multipart request to the staging area and collects the text
 * fields — before the request's tenant transaction opens, so a slow upload holds no database
 * connection. A file over MAX_FILE_BYTES arrives truncated (the handler refuses it); more than
 * MAX_FILES_PER_REQUEST files or MAX_REQUEST_BYTES in all is FILE_005; a connection dropped
 * mid-upload is FILE_004 — and in every failure nothing staged is kept.
 */
export async function readMultipartBody(
  request: FastifyRequest,
  storage: FileStorage,
): Promise<MultipartBody> {
  const files: UploadedFile[] = [];
  const fields: Record<string, string[]> = {};
  let total = 0;
  try {
    const parts = request.parts({
      limits: {
        // One byte over the limit is enough to know the file is too large; busboy drains the rest.
        fileSize: MAX_FILE_BYTES + 1,
        files: MAX_FILES_PER_REQUEST + 1,
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
        parts: MAX_FILES_PER_REQUEST + MAX_FIELDS + 1,
      },
      throwFileSizeLimit: false,
    } as Parameters<FastifyRequest['parts']>[0]);
    for await (const part of parts) {
      if (part.type === 'file') {
        if (files.length >= MAX_FILES_PER_REQUEST) {
          part.file.resume();
          throw tooMuch();
        }
        const staged = await storage.stage(part.file, { maxBytes: MAX_FILE_BYTES });
        files.push({ field: part.fieldname, fileName: cleanFileName(part.filename), staged });
        total += staged.size;
        if (total > MAX_REQUEST_BYTES) throw tooMuch();
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        // As sent: formField normalises text, and leaves JSON text alone.
        fields[part.fieldname] = [...(fields[part.fieldname] ?? []), value];
      }
    }
  } catch (error) {
    await discardUploads(storage, files);
    throw mapMultipartError(error);
  }
  return { fields, files };
}
