import type { Messages } from '../../i18n/messages';
import {
  SESSION_EXTENSIONS_MINUTES,
  SESSION_LENGTH_MINUTES,
  type SessionSecurityEvent,
  type SessionStatus,
  type SessionTone,
  sessionExtensionRoom,
  sessionTone,
} from '../../lib/session';

type SessionText = Messages['session'];

/** What the trigger and the menu show for a session, worked out once per render. */
export type SessionSummary = {
  tone: SessionTone;
  active: boolean;
  /** Whole minutes left, never negative. */
  minutes: number;
  statusLabel: string;
  /** The trigger's visible text: the minutes, 期限切れ or 無効. */
  shortText: string;
  triggerName: string;
  /** The newest `maxEvents` events (none when the API sent only their count). */
  events: SessionSecurityEvent[];
  attentionCount: number;
  /** Minutes an extension can still add. */
  room: number;
  /** Why an extension adds less than asked (or nothing), if it does. */
  capNote: string | null;
};

export function summarizeSession(
  session: SessionStatus,
  text: SessionText,
  maxEvents: number,
  needsAttention: ((event: SessionSecurityEvent) => boolean) | undefined,
): SessionSummary {
  const tone = sessionTone(session);
  const active = session.status === 'active';
  const minutes = Math.max(0, Math.floor(session.time_remaining_minutes));
  const statusLabel = statusText(tone, session.status, text);
  // The visible text is part of the name (WCAG 2.5.3): 「セッション 480分（有効）」.
  const shortText = active
    ? text.remainingShort(minutes)
    : session.status === 'expired'
      ? text.expired
      : text.invalidShort;
  const triggerName = active ? `${text.menu} ${shortText}（${statusLabel}）` : `${text.menu} ${statusLabel}`;
  const events = Array.isArray(session.security_events)
    ? (session.security_events as readonly SessionSecurityEvent[]).slice(0, maxEvents)
    : [];
  const attentionCount = events.filter((event) => needsAttention?.(event) ?? false).length;
  const room = sessionExtensionRoom(minutes);
  const longest = Math.max(...SESSION_EXTENSIONS_MINUTES);
  const capNote =
    room === 0
      ? text.atCap(SESSION_LENGTH_MINUTES)
      : room < longest
        ? text.capRoom(SESSION_LENGTH_MINUTES, room)
        : null;
  return {
    tone,
    active,
    minutes,
    statusLabel,
    shortText,
    triggerName,
    events,
    attentionCount,
    room,
    capNote,
  };
}

function statusText(
  tone: SessionTone,
  status: string,
  text: { active: string; expiring: string; refreshSoon: string; invalid: string; expired: string },
): string {
  if (tone === 'error') return status === 'expired' ? text.expired : text.invalid;
  if (tone === 'warning') return text.expiring;
  if (tone === 'refresh') return text.refreshSoon;
  return text.active;
}
