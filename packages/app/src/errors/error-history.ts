/** SPEC section 9: the history keeps the last 100 errors; stats show the last 10 and the top 5 frequent. */
export const HISTORY_MAX = 100;
export const HISTORY_RECENT = 10;
export const HISTORY_TOP_FREQUENT = 5;
/** Frequent: the same error 3 or more times within 5 minutes. */
export const FREQUENT_MIN_COUNT = 3;
export const FREQUENT_WINDOW_MS = 5 * 60_000;

export interface HistoryEntry {
  id: string;
  type: string;
  message: string;
  severity: string;
  /** The same error (type and message) has the same fingerprint. */
  fingerprint: string;
  at: number;
}

export interface FrequentError {
  fingerprint: string;
  type: string;
  message: string;
  /** The most occurrences within any 5 minutes. */
  count: number;
  lastAt: number;
}

export interface ErrorStats {
  total: number;
  bySeverity: Record<string, number>;
  /** Newest first. */
  recent: HistoryEntry[];
  /** Most occurrences first. */
  frequent: FrequentError[];
}

export function fingerprintOf(error: { type: string; message: string }): string {
  return `${error.type}: ${error.message}`;
}

/** The errors of this page, newest last, at most HISTORY_MAX. */
export class ErrorHistory {
  private entries: HistoryEntry[] = [];

  constructor(private readonly max = HISTORY_MAX) {}

  record(
    error: { id: string; type: string; message: string; severity: string },
    at = Date.now(),
  ): HistoryEntry {
    const entry = { ...error, fingerprint: fingerprintOf(error), at };
    this.entries.push(entry);
    if (this.entries.length > this.max) this.entries.splice(0, this.entries.length - this.max);
    return entry;
  }

  all(): readonly HistoryEntry[] {
    return this.entries;
  }

  /** How often this error happened in the `windowMs` up to `now`. */
  countWithin(fingerprint: string, windowMs = FREQUENT_WINDOW_MS, now = Date.now()): number {
    return this.entries.filter(
      (entry) => entry.fingerprint === fingerprint && now - entry.at < windowMs && entry.at <= now,
    ).length;
  }

  stats(): ErrorStats {
    const bySeverity: Record<string, number> = {};
    const times = new Map<string, { entry: HistoryEntry; at: number[] }>();
    for (const entry of this.entries) {
      bySeverity[entry.severity] = (bySeverity[entry.severity] ?? 0) + 1;
      const group = times.get(entry.fingerprint) ?? { entry, at: [] };
      group.entry = entry;
      group.at.push(entry.at);
      times.set(entry.fingerprint, group);
    }
    const frequent: FrequentError[] = [];
    for (const [fingerprint, { entry, at }] of times) {
      const count = maxWithinWindow(at, FREQUENT_WINDOW_MS);
      if (count >= FREQUENT_MIN_COUNT) {
        frequent.push({ fingerprint, type: entry.type, message: entry.message, count, lastAt: entry.at });
      }
    }
    frequent.sort((a, b) => b.count - a.count || b.lastAt - a.lastAt);
    return {
      total: this.entries.length,
      bySeverity,
      recent: this.entries.slice(-HISTORY_RECENT).reverse(),
      frequent: frequent.slice(0, HISTORY_TOP_FREQUENT),
    };
  }
}

/** The most of the (ascending) times that fall within one window of `windowMs`. */
function maxWithinWindow(times: number[], windowMs: number): number {
  let best = 0;
  let start = 0;
  for (let end = 0; end < times.length; end += 1) {
    while ((times[end] as number) - (times[start] as number) >= windowMs) start += 1;
    best = Math.max(best, end - start + 1);
  }
  return best;
}
