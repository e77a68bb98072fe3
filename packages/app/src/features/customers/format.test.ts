import { describe, expect, it } from 'vitest';
import { formatCustomerTotal } from './format';

describe('customer formats', () => {
  it('shows a capped total as 10,000 件以上', () => {
    expect(formatCustomerTotal(36, false)).toBe('36 件');
    expect(formatCustomerTotal(10_000, true)).toBe('10,000 件以上');
  });
});
