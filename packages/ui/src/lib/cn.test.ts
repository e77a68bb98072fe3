import { describe, expect, it } from 'vitest';
import { cn } from './cn';

describe('cn', () => {
  it('joins conditional class names', () => {
    expect(cn('px-2', false && 'hidden', undefined, ['text-sm', { 'font-bold': true, italic: false }])).toBe(
      'px-2 text-sm font-bold',
    );
  });

  it('keeps every class: it does not merge conflicting Tailwind utilities', () => {
    expect(cn('px-2 py-1 bg-primary', 'px-4 bg-error')).toBe('px-2 py-1 bg-primary px-4 bg-error');
  });
});
