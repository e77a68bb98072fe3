import { Worker } from 'node:worker_threads';
import type { DetectedFileType } from '../files/file-types';
import { type ExtractedText, ExtractionError } from './extract';

export { chunkText } from './chunk';

/** Longest an extraction may take before its thread is stopped (a hostile or huge file). */
const DEFAULT_TIMEOUT_MS = 120_000;

/**
 * The worker's V8 heap. ArrayBuffers (unzipped parts, PDF streams) live outside it: Office files
 * are checked before they are unpacked (zip-limits.ts), and the process's growth while a file is
 * read is watched as a backstop for what no check foresees (a PDF's compressed streams).
 */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 48, stackSizeMb: 4 };
/** The heap, the young generation and room for buffers in flight: more is no ≤ 20 MB file's due. */
const GROWTH_LIMIT_BYTES = 640 * 1024 * 1024;
const WATCH_MS = 50;
const TOO_LARGE = 'ファイルが大きすぎて読み取れませんでした。';

// From the sources (tests, `tsx src/main.ts`) the worker is TypeScript, loaded through tsx; from
// the build it is dist/extract-worker.js (a tsup entry next to the chunk this code lands in).
const fromSources = import.meta.url.endsWith('.ts');
const workerUrl = fromSources
  ? new URL('./worker.ts', import.meta.url)
  : new URL('./extract-worker.js', import.meta.url);

let queue: Promise<unknown> = Promise.resolve();
/** The last worker stopped: the next file waits until it is gone, and its memory with it. */
let retiring: Promise<unknown> = Promise.resolve();

/** A warm worker is stopped after this long without work, and replaced after this many files. */
const IDLE_MS = 60_000;
const FILES_PER_WORKER = 50;

interface WarmWorker {
  worker: Worker;
  files: number;
  idleTimer: NodeJS.Timeout | null;
}

let warm: WarmWorker | null = null;
let nextId = 0;
let workersStarted = 0;

/** How many extraction threads this process has started (tests: a warm worker is reused). */
export function extractionWorkersStarted(): number {
  return workersStarted;
}

function takeWorker(): WarmWorker {
  if (warm) {
    if (warm.idleTimer) clearTimeout(warm.idleTimer);
    warm.idleTimer = null;
    warm.worker.ref();
    return warm;
  }
  workersStarted += 1;
  const worker = new Worker(workerUrl, {
    execArgv: fromSources ? ['--import', 'tsx'] : [],
    resourceLimits: RESOURCE_LIMITS,
    // pdf.js writes warnings about damaged files to the console: not the server's log.
    stdout: true,
    stderr: true,
  });
  worker.stdout.resume();
  worker.stderr.resume();
  const taken: WarmWorker = { worker, files: 0, idleTimer: null };
  worker.once('exit', () => {
    if (warm === taken) warm = null;
  });
  warm = taken;
  return taken;
}

/**
 * Stops a worker (after a failure, a timeout, a crash, too many files or idleness); the next file
 * starts another. Its heap goes with it: what a hostile file made it hold is given back at once.
 */
function retire(taken: WarmWorker): void {
  if (warm === taken) warm = null;
  if (taken.idleTimer) clearTimeout(taken.idleTimer);
  retiring = taken.worker.terminate().catch(() => {});
}

function release(taken: WarmWorker): void {
  if (taken.files >= FILES_PER_WORKER) {
    retire(taken);
    return;
  }
  // An idle worker does not keep the process alive.
  taken.worker.unref();
  taken.idleTimer = setTimeout(() => retire(taken), IDLE_MS);
  taken.idleTimer.unref();
}

interface WorkerAnswer {
  id: number;
  ok: boolean;
  text?: ExtractedText;
  message?: string;
  kind?: 'failed' | 'unsupported';
}

function runInWorker(
  bytes: Uint8Array,
  format: DetectedFileType['format'],
  timeoutMs: number,
): Promise<ExtractedText> {
  const taken = takeWorker();
  const { worker } = taken;
  const id = ++nextId;
  taken.files += 1;
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (keepWorker: boolean, action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watchdog);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (keepWorker) release(taken);
      else retire(taken);
      action();
    };
    const timer = setTimeout(
      () =>
        settle(false, () =>
          reject(
            new ExtractionError(
              '読み取りに時間がかかりすぎたため中止しました。ファイルを分けてからアップロードしてください。',
              'failed',
            ),
          ),
        ),
      timeoutMs,
    );
    // Process-wide (a thread has no resident size of its own), from when this file started.
    const startRss = process.memoryUsage.rss();
    const watchdog = setInterval(() => {
      if (process.memoryUsage.rss() - startRss > GROWTH_LIMIT_BYTES) {
        settle(false, () => reject(new ExtractionError(TOO_LARGE, 'failed')));
      }
    }, WATCH_MS);
    const onMessage = (message: WorkerAnswer) => {
      if (message.id !== id) return;
      // A file that failed may have left the worker's heap full of its garbage: start afresh.
      settle(message.ok || message.kind === 'unsupported', () =>
        message.ok && message.text
          ? resolve(message.text)
          : reject(
              new ExtractionError(message.message ?? '読み取れませんでした。', message.kind ?? 'failed'),
            ),
      );
    };
    const onError = (error: Error) =>
      settle(false, () =>
        reject(
          (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new ExtractionError(TOO_LARGE, 'failed')
            : error,
        ),
      );
    const onExit = (code: number) =>
      settle(false, () => reject(new Error(`抽出ワーカーが終了しました（終了コード ${code}）`)));
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
    // A copy: the caller keeps its bytes (posting transfers nothing).
    worker.postMessage({ id, bytes, format });
  });
}

/**
 * The text of a file, extracted in a worker thread (one at a time per process, kept warm between
 * files) so that a large PDF never stalls the event loop; stopped after `timeoutMs`. Rejects with an ExtractionError
 * (Japanese reason) when the file cannot be read, with another error when the worker itself failed.
 */
export function extractText(
  bytes: Uint8Array,
  format: DetectedFileType['format'],
  options: { timeoutMs?: number } = {},
): Promise<ExtractedText> {
  const run = queue
    .then(() => retiring)
    .then(() => runInWorker(bytes, format, options.timeoutMs ?? DEFAULT_TIMEOUT_MS));
  queue = run.catch(() => {});
  return run;
}
