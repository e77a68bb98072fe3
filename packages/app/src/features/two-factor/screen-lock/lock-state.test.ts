import { afterEach, describe, expect, it } from 'vitest';
import { isScreenLocked, LOCK_KEY, setScreenLocked } from './lock-flag';
import {
  ACTIVITY_KEY,
  isIdleFor,
  isPersonInput,
  lastActivity,
  markActivity,
  resetActivity,
} from './lock-state';

afterEach(() => {
  localStorage.clear();
});

describe('isPersonInput', () => {
  it('takes keys and clicks, and a pointermove only when the pointer moved', () => {
    expect(isPersonInput(new KeyboardEvent('keydown'))).toBe(true);
    expect(isPersonInput(new MouseEvent('pointermove', { screenX: 10, screenY: 20 }))).toBe(false);
    expect(isPersonInput(new MouseEvent('pointermove', { screenX: 10, screenY: 20 }))).toBe(false);
    expect(isPersonInput(new MouseEvent('pointermove', { screenX: 11, screenY: 20 }))).toBe(true);
  });
});

describe('screen lock state', () => {
  it('keeps only a flag in localStorage, which a reload finds', () => {
    expect(isScreenLocked()).toBe(false);
    setScreenLocked(true);
    expect(localStorage.getItem(LOCK_KEY)).toBe('1');
    expect(isScreenLocked()).toBe(true);
    setScreenLocked(false);
    expect(localStorage.getItem(LOCK_KEY)).toBeNull();
  });

  it('writes the last input at most every two seconds, shared through localStorage', () => {
    resetActivity(1_000_000);
    expect(lastActivity()).toBe(1_000_000);
    markActivity(1_001_000);
    expect(localStorage.getItem(ACTIVITY_KEY)).toBe('1000000');
    markActivity(1_002_500);
    expect(lastActivity()).toBe(1_002_500);
  });

  it('is idle once the minutes have passed since the last input, never without one', () => {
    expect(isIdleFor(10, 10 * 60_000 + 5, 5)).toBe(true);
    expect(isIdleFor(10, 10 * 60_000 + 4, 5)).toBe(false);
    expect(isIdleFor(1, Date.now(), 0)).toBe(false);
  });
});
