import { describe, expect, it } from 'vitest';
import { safeReturnPath, startOfMonth } from './format';

describe('safeReturnPath', () => {
  it('keeps same-origin paths and refuses everything else', () => {
    expect(safeReturnPath('/customers?search=佐藤')).toBe('/customers?search=佐藤');
    expect(safeReturnPath('//evil.example/x')).toBe('/');
    expect(safeReturnPath('/\\evil.example')).toBe('/');
    expect(safeReturnPath('https://evil.example')).toBe('/');
    expect(safeReturnPath(null)).toBe('/');
  });
});

describe('startOfMonth', () => {
  it('is the first instant of the local month', () => {
    const start = new Date(startOfMonth(new Date(2026, 10, 22, 15, 30)));
    expect([start.getFullYear(), start.getMonth(), start.getDate(), start.getHours()]).toEqual([
      2026, 10, 1, 0,
    ]);
  });
});
