import { describe, expect, it } from 'vitest';
import { importPace } from './customer-import-pace';

describe('importPace', () => {
  const started = '2026-11-28T03:00:00.000Z';
  const at = (seconds: number) => Date.parse(started) + seconds * 1000;

  it('is unknown before the first batch', () => {
    expect(importPace({ started_at: null, processed_rows: 0, total_rows: null }, at(5))).toBeNull();
    expect(importPace({ started_at: started, processed_rows: 0, total_rows: 100_000 }, at(5))).toBeNull();
  });

  it('gives rows per second and the seconds left at that pace', () => {
    expect(importPace({ started_at: started, processed_rows: 20_000, total_rows: 100_000 }, at(10))).toEqual({
      rowsPerSecond: 2000,
      secondsLeft: 40,
    });
  });

  it('leaves the time open while the total is not known', () => {
    expect(importPace({ started_at: started, processed_rows: 3000, total_rows: null }, at(3))).toEqual({
      rowsPerSecond: 1000,
      secondsLeft: null,
    });
  });
});
