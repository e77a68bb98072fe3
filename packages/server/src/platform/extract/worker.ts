/**
 * The extraction worker thread: one file's text, off the server's event loop. Receives
 * `{ bytes, format }`, answers `{ ok: true, text }` or `{ ok: false, message, kind }`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { DetectedFileType } from '../files/file-types';
import { ExtractionError } from './extract';
import { extractByFormat } from './formats';

interface Request {
  bytes: Uint8Array;
  format: DetectedFileType['format'];
}

const { bytes, format } = workerData as Request;
extractByFormat(bytes, format).then(
  (text) => parentPort?.postMessage({ ok: true, text }),
  (error: unknown) =>
    parentPort?.postMessage(
      error instanceof ExtractionError
        ? { ok: false, message: error.message, kind: error.kind }
        : {
            ok: false,
            message: 'ファイルを読み取れませんでした。ファイルが壊れている可能性があります。',
            kind: 'failed',
            detail: String(error),
          },
    ),
);
