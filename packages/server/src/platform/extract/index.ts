import { Worker } from 'node:worker_threads';
import type { DetectedFileType } from '../files/file-types';
import { type ExtractedText, ExtractionError } from './extract';

export { chunkText } from './chunk';

/** Longest an extraction may take before its thread is stopped (a hostile or huge file). */
const DEFAULT_TIMEOUT_MS = 120_000;
const MEMORY_LIMIT_MB = 512;

// From the sources (tests, `tsx src/main.ts`) the worker is TypeScript, loaded through tsx; from
// the build it is dist/extract-worker.js (a tsup entry next to the chunk this code lands in).
const fromSources = import.meta.url.endsWith('.ts');
const workerUrl = fromSources
  ? new URL('./worker.ts', import.meta.url)
  : new URL('./extract-worker.js', import.meta.url);

let queue: Promise<unknown> = Promise.resolve();

function runInWorker(
  bytes: Uint8Array,
  format: DetectedFileType['format'],
  timeoutMs: number,
): Promise<ExtractedText> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl, {
      workerData: { bytes, format },
      execArgv: fromSources ? ['--import', 'tsx'] : [],
      resourceLimits: { maxOldGenerationSizeMb: MEMORY_LIMIT_MB },
      // pdf.js writes warnings about damaged files to the console: not the server's log.
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      action();
    };
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(
            new ExtractionError(
              '読み取りに時間がかかりすぎたため中止しました。ファイルを分けてからアップロードしてください。',
              'failed',
            ),
          ),
        ),
      timeoutMs,
    );
    worker.once(
      'message',
      (message: { ok: boolean; text?: ExtractedText; message?: string; kind?: 'failed' | 'unsupported' }) =>
        settle(() =>
          message.ok && message.text
            ? resolve(message.text)
            : reject(
                new ExtractionError(message.message ?? '読み取れませんでした。', message.kind ?? 'failed'),
              ),
        ),
    );
    worker.once('error', (error) =>
      settle(() =>
        reject(
          (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new ExtractionError('ファイルが大きすぎて読み取れませんでした。', 'failed')
            : error,
        ),
      ),
    );
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`抽出ワーカーが終了しました（終了コード ${code}）`))),
    );
  });
}

/**
 * The text of a file, extracted in a worker thread (one at a time per process) so that a large
 * PDF never stalls the event loop; stopped after `timeoutMs`. Rejects with an ExtractionError
 * (Japanese reason) when the file cannot be read, with another error when the worker itself failed.
 */
export function extractText(
  bytes: Uint8Array,
  format: DetectedFileType['format'],
  options: { timeoutMs?: number } = {},
): Promise<ExtractedText> {
  const run = queue.then(() => runInWorker(bytes, format, options.timeoutMs ?? DEFAULT_TIMEOUT_MS));
  queue = run.catch(() => {});
  return run;
}
