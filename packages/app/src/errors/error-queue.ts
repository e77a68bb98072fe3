import type { ClientErrorSubmission } from './classify';

/** SPEC section 9: the queue is kept in local storage under this key, at most 100 reports. */
export const ERROR_QUEUE_KEY = 'errorQueue';
export const ERROR_QUEUE_MAX = 100;

/** A report waiting for the server, with the tenant it is attributed to (sent as X-Tenant-Id). */
export interface QueuedReport {
  submission: ClientErrorSubmission;
  tenantId: string | null;
}

/** localStorage, or null where it cannot be used (disabled, or a browser that throws on access). */
export function safeLocalStorage(): Storage | null {
  try {
    const storage = window.localStorage;
    storage.getItem(ERROR_QUEUE_KEY);
    return storage;
  } catch {
    return null;
  }
}

function isQueuedReport(value: unknown): value is QueuedReport {
  const submission = (value as QueuedReport | null)?.submission;
  return typeof submission?.error?.id === 'string' && typeof submission.reportedAt === 'string';
}

/**
 * The reports not yet accepted by the server. Kept in local storage so that a reload or a closed
 * tab loses nothing; read afresh on every use, since other tabs of the app share it. When storage
 * is full the largest parts (stacks) go first, then the oldest reports; when it cannot be used at
 * all the queue lives in memory for this page.
 */
export class ErrorQueue {
  private memory: QueuedReport[] = [];
  /** Storage refused the last write: this page's memory is the queue until a write succeeds. */
  private inMemory = false;

  constructor(
    private readonly storage: Storage | null = safeLocalStorage(),
    readonly max: number = ERROR_QUEUE_MAX,
  ) {}

  list(): QueuedReport[] {
    if (!this.storage || this.inMemory) return [...this.memory];
    let raw: string | null;
    try {
      raw = this.storage.getItem(ERROR_QUEUE_KEY);
    } catch {
      return [...this.memory];
    }
    if (raw === null) return [...this.memory];
    try {
      const parsed: unknown = JSON.parse(raw);
      return Array.isArray(parsed) ? parsed.filter(isQueuedReport) : [];
    } catch {
      return [];
    }
  }

  get size(): number {
    return this.list().length;
  }

  /** Adds a report (once per id); beyond the maximum the oldest are dropped. */
  add(item: QueuedReport): void {
    const items = this.list().filter((queued) => queued.submission.error.id !== item.submission.error.id);
    items.push(item);
    this.write(items.slice(-this.max));
  }

  /** Removes the reports the server accepted. */
  remove(ids: Iterable<string>): void {
    const gone = new Set(ids);
    if (gone.size === 0) return;
    this.write(this.list().filter((item) => !gone.has(item.submission.error.id)));
  }

  private write(items: QueuedReport[]): void {
    this.memory = items;
    if (!this.storage) return;
    try {
      if (items.length === 0) this.storage.removeItem(ERROR_QUEUE_KEY);
      else this.storage.setItem(ERROR_QUEUE_KEY, JSON.stringify(items));
      this.inMemory = false;
      return;
    } catch {
      // Full: try smaller reports, then fewer.
    }
    let slim = items.map(withoutStack);
    while (slim.length > 0) {
      try {
        this.storage.setItem(ERROR_QUEUE_KEY, JSON.stringify(slim));
        this.memory = slim;
        this.inMemory = false;
        return;
      } catch {
        slim = slim.slice(Math.ceil(slim.length / 4));
      }
    }
    // Nothing fits: keep them in memory, and leave the stored copy as it was.
    this.inMemory = true;
  }
}

function withoutStack(item: QueuedReport): QueuedReport {
  const { error } = item.submission;
  return {
    ...item,
    submission: { ...item.submission, error: { ...error, stack: null, metadata: { trimmed: true } } },
  };
}
