import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorHistory, FREQUENT_WINDOW_MS, HISTORY_MAX } from './error-history';

let n = 0;
function error(message: string, type = 'TypeError') {
  n += 1;
  return { id: `id-${n}`, type, message, severity: 'high' };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-22T10:00:00+09:00'));
});
afterEach(() => vi.useRealTimers());

describe('ErrorHistory', () => {
  it(`keeps the last ${HISTORY_MAX} and shows the last 10, newest first`, () => {
    const history = new ErrorHistory();
    for (let i = 1; i <= 120; i += 1) {
      history.record(error(`e${i}`));
      vi.advanceTimersByTime(1000);
    }
    const stats = history.stats();
    expect(stats.total).toBe(100);
    expect(history.all()[0]?.message).toBe('e21');
    expect(stats.recent.map((entry) => entry.message)).toEqual([
      'e120',
      'e119',
      'e118',
      'e117',
      'e116',
      'e115',
      'e114',
      'e113',
      'e112',
      'e111',
    ]);
    expect(stats.bySeverity).toEqual({ high: 100 });
  });

  it('an error is frequent at 3 occurrences within 5 minutes, not at 3 spread wider', () => {
    const history = new ErrorHistory();
    history.record(error('spread'));
    vi.advanceTimersByTime(3 * 60_000);
    history.record(error('spread'));
    history.record(error('burst'));
    history.record(error('burst'));
    vi.advanceTimersByTime(2 * 60_000);
    // 5 minutes after the first "spread": outside its window.
    history.record(error('spread'));
    history.record(error('burst'));
    expect(history.stats().frequent).toEqual([
      expect.objectContaining({ message: 'burst', count: 3, lastAt: Date.now() }),
    ]);
  });

  it('lists the top 5 frequent errors, most occurrences first', () => {
    const history = new ErrorHistory();
    const counts = { a: 3, b: 7, c: 4, d: 6, e: 5, f: 3, g: 2 };
    for (const [message, count] of Object.entries(counts)) {
      for (let i = 0; i < count; i += 1) {
        history.record(error(message));
        vi.advanceTimersByTime(1000);
      }
    }
    const frequent = history.stats().frequent;
    expect(frequent.map((entry) => [entry.message, entry.count])).toEqual([
      ['b', 7],
      ['d', 6],
      ['e', 5],
      ['c', 4],
      // a and f both 3: the later one first.
      ['f', 3],
    ]);
  });

  it('counts an error within the last 5 minutes', () => {
    const history = new ErrorHistory();
    const first = history.record(error('again'));
    vi.advanceTimersByTime(FREQUENT_WINDOW_MS - 1);
    history.record(error('again'));
    expect(history.countWithin(first.fingerprint)).toBe(2);
    vi.advanceTimersByTime(1);
    expect(history.countWithin(first.fingerprint)).toBe(1);
  });
});
