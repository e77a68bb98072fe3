import { describe, expect, it, vi } from 'vitest';
import { isImeComposing, isSubmitEnter, onImeSafeEnter } from './ime';

const key = (init: Partial<{ key: string; isComposing: boolean; keyCode: number }>) => ({
  key: 'Enter',
  isComposing: false,
  keyCode: 13,
  ...init,
});

describe('IME-safe Enter', () => {
  it('treats an Enter during composition as part of the conversion', () => {
    expect(isImeComposing(key({ isComposing: true }))).toBe(true);
    expect(isSubmitEnter(key({ isComposing: true }))).toBe(false);
  });

  it('treats keyCode 229 (Safari confirming a conversion) as composition', () => {
    expect(isImeComposing(key({ keyCode: 229 }))).toBe(true);
    expect(isSubmitEnter(key({ keyCode: 229 }))).toBe(false);
  });

  it('lets a plain Enter through and ignores other keys', () => {
    const handler = vi.fn();
    const onKeyDown = onImeSafeEnter(handler);
    const asReact = (init: ReturnType<typeof key>) =>
      ({ key: init.key, nativeEvent: init }) as unknown as Parameters<typeof onKeyDown>[0];
    onKeyDown(asReact(key({ isComposing: true })));
    onKeyDown(asReact(key({ key: 'a', keyCode: 65 })));
    expect(handler).not.toHaveBeenCalled();
    onKeyDown(asReact(key({})));
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
