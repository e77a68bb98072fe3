import { describe, expect, it } from 'vitest';
import { PerformanceError, SLOW_PAGE_LOAD_MS, slowPageLoad } from './page-load';

const timing = (loadEventEnd: number) => ({
  startTime: 0,
  loadEventEnd,
  domContentLoadedEventEnd: loadEventEnd - 500,
  responseStart: 800,
  domainLookupStart: 10,
  domainLookupEnd: 30,
  connectStart: 30,
  connectEnd: 90,
  transferSize: 1200,
  type: 'navigate' as const,
});

describe('slowPageLoad (Navigation Timing)', () => {
  it(`reports a load over ${SLOW_PAGE_LOAD_MS / 1000} s as a performance error, with its timings`, () => {
    const slow = slowPageLoad(timing(12_345));
    expect(slow?.error).toBeInstanceOf(PerformanceError);
    expect(slow?.error.message).toBe('Page load took 12345 ms (over 10000 ms)');
    expect(slow?.metadata).toMatchObject({
      loadMs: 12_345,
      timeToFirstByteMs: 800,
      dnsMs: 20,
      navigationType: 'navigate',
    });
  });

  it('says nothing of a load of 10 s or less, or one not finished', () => {
    expect(slowPageLoad(timing(SLOW_PAGE_LOAD_MS))).toBeNull();
    expect(slowPageLoad(timing(0))).toBeNull();
    expect(slowPageLoad(undefined)).toBeNull();
  });
});
