import type { Readable } from 'node:stream';
import { NotFoundError } from '../errors';
import { FileNotFoundError, type FileStorage } from './storage';

/**
 * Opens a row's stored file for a download; a file gone missing under its row is a 404 that
 * says so (the row stays: deleting it is the user's call).
 */
export async function openStoredFile(files: FileStorage, key: string, resource: string): Promise<Readable> {
  try {
    return await files.open(key);
  } catch (error) {
    if (error instanceof FileNotFoundError) {
      throw new NotFoundError(resource, {
        message: 'ファイルが見つかりません。',
        suggestion: 'もう一度アップロードしてください。',
      });
    }
    throw error;
  }
}
