import { SESSION_LENGTH_MINUTES } from '@tsumiki/ui';

const MINUTE = 60_000;

/**
 * Minutes an extension could still add: the server never lets a session end more than one
 * session length (480 minutes) from now. Under 1 means it is at the cap.
 */
export function extensionRoomMinutes(
  expiresAt: string,
  now: number = Date.now(),
  lengthMinutes: number = SESSION_LENGTH_MINUTES,
): number {
  const remaining = (new Date(expiresAt).getTime() - now) / MINUTE;
  return Math.max(0, Math.floor(lengthMinutes - remaining));
}

export interface ExtensionOutcome {
  /** Minutes the end of the session actually moved. */
  extendedMinutes: number;
  tone: 'success' | 'info';
  message: string;
}

/**
 * What an extension did, from the session's end before and after it: the full request, part of
 * it (the cap), or nothing at all (already at the cap).
 */
export function extensionOutcome(
  requestedMinutes: number,
  before: { expires_at: string },
  after: { expires_at: string; time_remaining_minutes: number },
  lengthMinutes: number = SESSION_LENGTH_MINUTES,
): ExtensionOutcome {
  const moved = (new Date(after.expires_at).getTime() - new Date(before.expires_at).getTime()) / MINUTE;
  const extendedMinutes = Math.max(0, Math.round(moved));
  const remaining = `残り ${after.time_remaining_minutes} 分です。`;
  if (extendedMinutes === 0) {
    return {
      extendedMinutes,
      tone: 'info',
      message: `セッションは上限の ${lengthMinutes} 分に達しているため、これ以上延長できません。${remaining}`,
    };
  }
  if (extendedMinutes < requestedMinutes) {
    return {
      extendedMinutes,
      tone: 'success',
      message: `上限の ${lengthMinutes} 分を超えないよう、${extendedMinutes} 分だけ延長しました。${remaining}`,
    };
  }
  return {
    extendedMinutes,
    tone: 'success',
    message: `セッションを ${extendedMinutes} 分延長しました。${remaining}`,
  };
}

/** 「残り 7 時間 59 分」, 「残り 5 分」, 「残り 1 分未満」, or 「期限切れ」 once the end has passed. */
export function formatRemaining(expiresAt: string, now: number = Date.now()): string {
  const milliseconds = new Date(expiresAt).getTime() - now;
  if (milliseconds <= 0) return '期限切れ';
  const minutes = Math.floor(milliseconds / MINUTE);
  if (minutes < 1) return '残り 1 分未満';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `残り ${rest} 分`;
  return rest === 0 ? `残り ${hours} 時間` : `残り ${hours} 時間 ${rest} 分`;
}
