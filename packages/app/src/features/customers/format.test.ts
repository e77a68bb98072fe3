import { describe, expect, it } from 'vitest';
import { formatCustomerTotal, formatJstDate, formatJstDateTime } from './format';

describe('customer formats', () => {
  it('shows a capped total as 10,000 件以上', () => {
    expect(formatCustomerTotal(36, false)).toBe('36 件');
    expect(formatCustomerTotal(10_000, true)).toBe('10,000 件以上');
  });

  it('shows times in Japan time whatever the viewer’s zone', () => {
    expect(formatJstDateTime('2026-11-22T15:30:00.000Z')).toBe('2026/11/23 00:30');
    expect(formatJstDate('2026-11-22T15:30:00.000Z')).toBe('2026/11/23');
  });
});
