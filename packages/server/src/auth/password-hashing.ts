import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * Where scrypt runs: a few worker threads of its own, each running one synchronous scrypt at a
 * time, with a bounded queue in front of them.
 *
 * Why not crypto.scrypt (async): it runs on libuv's threadpool, four threads that the rest of
 * the process needs too — pg's SCRAM handshake for every new database connection and jose's
 * token signing and checking (WebCrypto), DNS lookups, files. A burst of sign-ins filled it
 * with 128 MiB hashes of half a second each, and /api requests waited behind them until the
 * database connection timed out (503) and sign-ins failed (500). A semaphore over the
 * threadpool would have to stay below its four threads whatever the core count; threads of
 * our own leave it alone and make the pool size the concurrency, and so the memory:
 * workers × 128 MiB at N = 2^17.
 *
 * Why a bounded queue: hashing is the one thing an anonymous caller can make expensive. Beyond
 * a few seconds of waiting work, a password check is refused at once (HashingBusyError, which
 * the auth service answers 429 with Retry-After) instead of piling up.
 *
 * Lanes: a browser that signed in to the account before goes first (it has its own queue), so
 * a storm of strangers does not keep the real users out; hashes the server makes for itself
 * (an administrator adding a user, the demo seed) are never refused.
 */

export type HashLane = 'known-device' | 'internal' | 'public';

export interface ScryptJob {
  password: string;
  salt: Buffer;
  keyLength: number;
  options: { N: number; r: number; p: number; maxmem: number };
}

export class HashingBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('password hashing queue is full');
    this.name = 'HashingBusyError';
  }
}

/** A place in a lane's queue, held from admission until the caller's last hash is done. */
export interface HashTicket {
  readonly lane: HashLane;
  release(): void;
}

interface QueuedJob {
  job: ScryptJob;
  resolve: (key: Buffer) => void;
  reject: (error: Error) => void;
}

interface HashWorker {
  thread: Worker;
  current: QueuedJob | null;
}

// CommonJS on purpose: an eval'd worker needs no file of its own, so the bundle needs no second
// entry point.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
parentPort.on('message', (job) => {
  try {
    parentPort.postMessage({ key: scryptSync(job.password, job.salt, job.keyLength, job.options) });
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error) });
  }
});
`;

/** One core stays for the event loop and PostgreSQL; four at most (512 MiB of hashing). */
export function defaultHashWorkers(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

/** Waiting checks per worker and admitted lane: about 5 s of work at 0.6 s a hash. */
export const QUEUE_PER_WORKER = 8;

export class PasswordHashing {
  private readonly idle: HashWorker[] = [];
  private readonly workers = new Set<HashWorker>();
  private readonly queues: Record<HashLane, QueuedJob[]> = { 'known-device': [], internal: [], public: [] };
  private readonly admitted: Record<HashLane, number> = { 'known-device': 0, internal: 0, public: 0 };
  /** Recent time of one hash (moving average), for Retry-After. */
  private averageMs = 600;

  constructor(
    private readonly size: number = defaultHashWorkers(),
    private readonly queuePerWorker: number = QUEUE_PER_WORKER,
  ) {}

  /** Admits a caller to a bounded lane, or throws HashingBusyError when its queue is full. */
  admit(lane: Exclude<HashLane, 'internal'>): HashTicket {
    if (this.admitted[lane] >= this.size * this.queuePerWorker) {
      const waitMs = (this.admitted[lane] / this.size) * this.averageMs;
      throw new HashingBusyError(Math.min(60, Math.max(1, Math.ceil(waitMs / 1000))));
    }
    this.admitted[lane] += 1;
    let released = false;
    return {
      lane,
      release: () => {
        if (released) return;
        released = true;
        this.admitted[lane] -= 1;
      },
    };
  }

  /** Runs scrypt on a hashing thread, in the ticket's lane (none: the server's own work). */
  derive(job: ScryptJob, ticket?: HashTicket): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      this.queues[ticket?.lane ?? 'internal'].push({ job, resolve, reject });
      this.dispatch();
    });
  }

  private next(): QueuedJob | undefined {
    return this.queues['known-device'].shift() ?? this.queues.internal.shift() ?? this.queues.public.shift();
  }

  private dispatch(): void {
    while (this.queues['known-device'].length + this.queues.internal.length + this.queues.public.length > 0) {
      const worker = this.idle.pop() ?? (this.workers.size < this.size ? this.spawn() : undefined);
      const queued = worker && this.next();
      if (!worker || !queued) return;
      this.start(worker, queued);
    }
  }

  private start(worker: HashWorker, queued: QueuedJob): void {
    worker.current = queued;
    const started = performance.now();
    // A busy thread keeps the process alive until its hash is done; an idle one never does.
    worker.thread.ref();
    worker.thread.once('message', (message: { key?: Uint8Array; error?: string }) => {
      worker.current = null;
      worker.thread.unref();
      this.averageMs = this.averageMs * 0.8 + (performance.now() - started) * 0.2;
      if (message.key)
        queued.resolve(Buffer.from(message.key.buffer, message.key.byteOffset, message.key.length));
      else queued.reject(new Error(message.error ?? 'scrypt failed'));
      this.idle.push(worker);
      this.dispatch();
    });
    worker.thread.postMessage(queued.job);
  }

  private spawn(): HashWorker {
    const worker: HashWorker = { thread: new Worker(WORKER_SOURCE, { eval: true }), current: null };
    worker.thread.unref();
    const lose = (error: Error) => {
      // A thread that died takes only its own hash with it; the next job gets a new thread.
      if (!this.workers.delete(worker)) return;
      const index = this.idle.indexOf(worker);
      if (index >= 0) this.idle.splice(index, 1);
      worker.current?.reject(error);
      worker.current = null;
      this.dispatch();
    };
    worker.thread.on('error', lose);
    worker.thread.on('exit', (code) => lose(new Error(`password hashing thread exited (${code})`)));
    this.workers.add(worker);
    return worker;
  }
}

let shared: PasswordHashing | null = null;

/** The process's hashing threads, started on first use. */
export function passwordHashing(): PasswordHashing {
  shared ??= new PasswordHashing();
  return shared;
}
