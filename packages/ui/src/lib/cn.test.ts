import { describe, expect, it } from 'vitest';
import { cn } from './cn';

describe('cn', () => {
  it('joins conditional class names', () => {
    expect(cn('px-2', false && 'hidden', undefined, ['text-sm', { 'font-bold': true, italic: false }])).toBe(
      'px-2 text-sm font-bold',
    );
  });

  it('lets a later Tailwind utility win over a conflicting earlier one', () => {
    expect(cn('px-2 py-1 bg-primary', 'px-4 bg-error')).toBe('py-1 px-4 bg-error');
  });

  it('knows the custom theme colours are colours, not font sizes', () => {
    expect(cn('text-sm text-primary-foreground', 'text-error-subtle-foreground')).toBe(
      'text-sm text-error-subtle-foreground',
    );
  });
});
