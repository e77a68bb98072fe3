import { afterEach, describe, expect, it } from 'vitest';
import type { ClientErrorSubmission } from './classify';
import { ERROR_QUEUE_KEY, ERROR_QUEUE_MAX, ErrorQueue, type QueuedReport } from './error-queue';

function queued(id: string, stack: string | null = null): QueuedReport {
  const submission: ClientErrorSubmission = {
    error: {
      id,
      type: 'TypeError',
      severity: 'high',
      category: 'system',
      message: `error ${id}`,
      recoverable: true,
      userImpact: 'degraded',
      stack,
    },
    reportedAt: '2026-11-22T01:00:00.000Z',
    reportedBy: null,
  };
  return { submission, tenantId: null };
}

const ids = (queue: ErrorQueue) => queue.list().map((item) => item.submission.error.id);

/** A Storage that refuses writes over `limit` characters, as a full localStorage does. */
class SmallStorage implements Storage {
  private data = new Map<string, string>();
  constructor(private readonly limit: number) {}
  get length() {
    return this.data.size;
  }
  clear() {
    this.data.clear();
  }
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  key(index: number) {
    return [...this.data.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
  setItem(key: string, value: string) {
    if (value.length > this.limit)
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.data.set(key, value);
  }
}

afterEach(() => localStorage.clear());

describe('ErrorQueue', () => {
  it(`keeps at most ${ERROR_QUEUE_MAX} reports in localStorage under errorQueue, dropping the oldest`, () => {
    const queue = new ErrorQueue(localStorage);
    for (let i = 1; i <= 105; i += 1) queue.add(queued(`e${i}`));
    expect(queue.size).toBe(100);
    expect(ids(queue)[0]).toBe('e6');
    expect(ids(queue).at(-1)).toBe('e105');
    const stored = JSON.parse(localStorage.getItem(ERROR_QUEUE_KEY) ?? '[]');
    expect(stored).toHaveLength(100);
  });

  it('survives a reload: a new queue on the same storage has the same reports', () => {
    new ErrorQueue(localStorage).add(queued('kept'));
    expect(ids(new ErrorQueue(localStorage))).toEqual(['kept']);
  });

  it('adds a report id once, and removes only what was accepted', () => {
    const queue = new ErrorQueue(localStorage);
    queue.add(queued('a'));
    queue.add(queued('a'));
    queue.add(queued('b'));
    queue.remove(['a']);
    expect(ids(queue)).toEqual(['b']);
    queue.remove(['b']);
    expect(localStorage.getItem(ERROR_QUEUE_KEY)).toBeNull();
  });

  it('ignores what is not a queue (corrupt or foreign data)', () => {
    localStorage.setItem(ERROR_QUEUE_KEY, '{not json');
    expect(new ErrorQueue(localStorage).list()).toEqual([]);
    localStorage.setItem(ERROR_QUEUE_KEY, JSON.stringify([{ nope: 1 }, queued('ok')]));
    expect(ids(new ErrorQueue(localStorage))).toEqual(['ok']);
  });

  it('when storage is full, drops stacks first, then the oldest reports', () => {
    const storage = new SmallStorage(2500);
    const queue = new ErrorQueue(storage);
    for (let i = 1; i <= 5; i += 1) queue.add(queued(`s${i}`, 'at x\n'.repeat(100)));
    const stored: QueuedReport[] = JSON.parse(storage.getItem(ERROR_QUEUE_KEY) ?? '[]');
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.at(-1)?.submission.error.id).toBe('s5');
    expect(stored.every((item) => item.submission.error.stack === null)).toBe(true);
  });

  it('works in memory when storage refuses everything or is unavailable', () => {
    const refusing = new ErrorQueue(new SmallStorage(0));
    refusing.add(queued('m1'));
    refusing.add(queued('m2'));
    expect(ids(refusing)).toEqual(['m1', 'm2']);
    const none = new ErrorQueue(null);
    none.add(queued('n1'));
    expect(ids(none)).toEqual(['n1']);
    none.remove(['n1']);
    expect(none.size).toBe(0);
  });
});
