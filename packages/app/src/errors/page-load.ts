/** SPEC section 8: a page load over 10 s is reported as a performance error. */
export const SLOW_PAGE_LOAD_MS = 10_000;

export class PerformanceError extends Error {
  override readonly name = 'PerformanceError';
}

type NavigationTiming = Pick<
  PerformanceNavigationTiming,
  | 'startTime'
  | 'loadEventEnd'
  | 'domContentLoadedEventEnd'
  | 'responseStart'
  | 'domainLookupStart'
  | 'domainLookupEnd'
  | 'connectStart'
  | 'connectEnd'
  | 'transferSize'
  | 'type'
>;

/**
 * The performance error for a navigation that took more than SLOW_PAGE_LOAD_MS to its load
 * event (Navigation Timing), or null.
 */
export function slowPageLoad(
  entry: NavigationTiming | undefined,
): { error: PerformanceError; metadata: Record<string, unknown> } | null {
  if (!entry || entry.loadEventEnd <= 0) return null;
  const duration = Math.round(entry.loadEventEnd - entry.startTime);
  if (duration <= SLOW_PAGE_LOAD_MS) return null;
  const ms = (value: number) => Math.round(value);
  return {
    error: new PerformanceError(`Page load took ${duration} ms (over ${SLOW_PAGE_LOAD_MS} ms)`),
    metadata: {
      loadMs: duration,
      domContentLoadedMs: ms(entry.domContentLoadedEventEnd - entry.startTime),
      timeToFirstByteMs: ms(entry.responseStart - entry.startTime),
      dnsMs: ms(entry.domainLookupEnd - entry.domainLookupStart),
      connectMs: ms(entry.connectEnd - entry.connectStart),
      transferSize: entry.transferSize,
      navigationType: entry.type,
    },
  };
}

/** Checks this page's load once its load event has finished. */
export function watchPageLoad(
  onSlow: (error: PerformanceError, metadata: Record<string, unknown>) => void,
): void {
  const check = () => {
    const entry = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
    const slow = slowPageLoad(entry);
    if (slow) onSlow(slow.error, slow.metadata);
  };
  // loadEventEnd is set once the load handlers have run.
  if (document.readyState === 'complete') setTimeout(check, 0);
  else addEventListener('load', () => setTimeout(check, 0), { once: true });
}
