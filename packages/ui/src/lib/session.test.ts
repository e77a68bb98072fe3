import { describe, expect, it } from 'vitest';
import { securityEventCount, sessionExtensionRoom, sessionProgress, sessionTone } from './session';

describe('sessionTone (SPEC section 4)', () => {
  const active = (minutes: number, show_warning = false) => ({
    status: 'active',
    show_warning,
    time_remaining_minutes: minutes,
  });
  it('is an error for anything but an active session', () => {
    expect(sessionTone({ status: 'invalid', time_remaining_minutes: 300 })).toBe('error');
    expect(sessionTone({ status: 'expired', time_remaining_minutes: 0 })).toBe('error');
  });
  it('warns under 10 minutes or when flagged, suggests a refresh under 30, else success', () => {
    expect(sessionTone(active(9))).toBe('warning');
    expect(sessionTone(active(200, true))).toBe('warning');
    expect(sessionTone(active(10))).toBe('refresh');
    expect(sessionTone(active(29))).toBe('refresh');
    expect(sessionTone(active(30))).toBe('success');
    expect(sessionTone(active(480))).toBe('success');
  });
});

describe('sessionProgress', () => {
  it('scales to 480 minutes and clamps', () => {
    expect(sessionProgress(480)).toBe(100);
    expect(sessionProgress(240)).toBe(50);
    expect(sessionProgress(600)).toBe(100);
    expect(sessionProgress(-5)).toBe(0);
    expect(sessionProgress(Number.NaN)).toBe(0);
  });
});

describe('securityEventCount', () => {
  it('counts a list or takes a number', () => {
    expect(
      securityEventCount([
        { type: 'sign_in', occurred_at: '2026-11-22T00:00:00Z', description: 'ログインしました' },
        { type: 'sign_in', occurred_at: '2026-11-21T00:00:00Z', description: 'ログインしました' },
      ]),
    ).toBe(2);
    expect(securityEventCount(3)).toBe(3);
    expect(securityEventCount(null)).toBe(0);
  });
});

describe('sessionExtensionRoom', () => {
  it('is what is left before 480 minutes, none at 479 or more', () => {
    expect(sessionExtensionRoom(25)).toBe(455);
    expect(sessionExtensionRoom(420)).toBe(60);
    expect(sessionExtensionRoom(478)).toBe(2);
    expect(sessionExtensionRoom(479)).toBe(0);
    expect(sessionExtensionRoom(480)).toBe(0);
    expect(sessionExtensionRoom(479.6)).toBe(0);
  });
});
