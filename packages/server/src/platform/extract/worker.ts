/**
 * The extraction worker thread: files' text, off the server's event loop. It stays up between
 * files (starting a thread and loading pdf.js costs about a second); the parent retires it after a
 * while idle, after a number of files, or when a file took too long or too much memory. Receives
 * `{ id, bytes, format }`, answers `{ id, ok: true, text }` or `{ id, ok: false, message, kind }`.
 */
import { parentPort } from 'node:worker_threads';
import type { DetectedFileType } from '../files/file-types';
import { ExtractionError } from './extract';
import { extractByFormat } from './formats';

interface Request {
  id: number;
  bytes: Uint8Array;
  format: DetectedFileType['format'];
}

parentPort?.on('message', ({ id, bytes, format }: Request) => {
  extractByFormat(bytes, format).then(
    (text) => parentPort?.postMessage({ id, ok: true, text }),
    (error: unknown) =>
      parentPort?.postMessage(
        error instanceof ExtractionError
          ? { id, ok: false, message: error.message, kind: error.kind }
          : {
              id,
              ok: false,
              message: 'ファイルを読み取れませんでした。ファイルが壊れている可能性があります。',
              kind: 'failed',
              detail: String(error),
            },
      ),
  );
});
