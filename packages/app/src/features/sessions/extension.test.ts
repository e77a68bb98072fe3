import { describe, expect, it } from 'vitest';
import { extensionOutcome, extensionRoomMinutes, formatRemaining } from './extension';

const now = Date.parse('2026-11-22T05:00:00Z');
const inMinutes = (minutes: number) => new Date(now + minutes * 60_000).toISOString();

describe('extensionRoomMinutes', () => {
  it('is what is left to the 480-minute cap', () => {
    expect(extensionRoomMinutes(inMinutes(300), now)).toBe(180);
    expect(extensionRoomMinutes(inMinutes(10), now)).toBe(470);
  });

  it('is 0 at the cap, also with a few seconds gone', () => {
    expect(extensionRoomMinutes(inMinutes(480), now)).toBe(0);
    expect(extensionRoomMinutes(inMinutes(479.9), now)).toBe(0);
    expect(extensionRoomMinutes(inMinutes(478.9), now)).toBe(1);
  });
});

describe('extensionOutcome', () => {
  it('reports the full extension', () => {
    const outcome = extensionOutcome(
      60,
      { expires_at: inMinutes(100) },
      { expires_at: inMinutes(160), time_remaining_minutes: 159 },
    );
    expect(outcome).toEqual({
      extendedMinutes: 60,
      tone: 'success',
      message: 'セッションを 60 分延長しました。残り 159 分です。',
    });
  });

  it('says when the cap cut the extension short', () => {
    const outcome = extensionOutcome(
      240,
      { expires_at: inMinutes(400) },
      { expires_at: inMinutes(480), time_remaining_minutes: 479 },
    );
    expect(outcome.extendedMinutes).toBe(80);
    expect(outcome.message).toBe('上限の 480 分を超えないよう、80 分だけ延長しました。残り 479 分です。');
  });

  it('says that nothing more is possible at the cap', () => {
    const outcome = extensionOutcome(
      60,
      { expires_at: inMinutes(479.99) },
      { expires_at: inMinutes(479.99), time_remaining_minutes: 479 },
    );
    expect(outcome.tone).toBe('info');
    expect(outcome.message).toBe(
      'セッションは上限の 480 分に達しているため、これ以上延長できません。残り 479 分です。',
    );
  });
});

describe('formatRemaining', () => {
  it('reads hours and minutes in Japanese', () => {
    expect(formatRemaining(inMinutes(479.5), now)).toBe('残り 7 時間 59 分');
    expect(formatRemaining(inMinutes(120), now)).toBe('残り 2 時間');
    expect(formatRemaining(inMinutes(5.2), now)).toBe('残り 5 分');
    expect(formatRemaining(inMinutes(0.5), now)).toBe('残り 1 分未満');
    expect(formatRemaining(inMinutes(-1), now)).toBe('期限切れ');
  });
});
