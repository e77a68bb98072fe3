import { describe, expect, it } from 'vitest';
import { interactionHeadline } from '../screens/dashboard-page';
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

describe('interactionHeadline', () => {
  it('prefers the summary', () => {
    expect(interactionHeadline({ summary: '定期検診の予約', content: '長い内容' })).toBe('定期検診の予約');
  });
  it('falls back to the first 50 characters of the content', () => {
    const content = 'あ'.repeat(60);
    expect(interactionHeadline({ summary: null, content })).toBe(`${'あ'.repeat(50)}…`);
    expect(interactionHeadline({ summary: '  ', content: '短い内容' })).toBe('短い内容');
  });
});
