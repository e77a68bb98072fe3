/** Session status as the API reports it (SPEC section 3). */
export type SessionStatus = {
  session_id: string;
  /** active, invalid, expired… */
  status: string;
  /** ISO 8601. */
  expires_at?: string | null;
  needs_refresh?: boolean;
  show_warning?: boolean;
  time_remaining_minutes: number;
  /** Newest first, as `GET /api/sessions/current` sends them (or only their count). */
  security_events?: readonly SessionSecurityEvent[] | number | null;
};

/** A security event of the session status (sign-in, extension, revocation…). */
export type SessionSecurityEvent = {
  type: string;
  /** ISO 8601. */
  occurred_at: string;
  /** The server's Japanese description, e.g. 「セッションを 60 分延長しました」. */
  description: string;
  ip?: string | null;
  user_agent?: string | null;
};

/** The product's session length: the progress bar is scaled to it (SPEC section 9). */
export const SESSION_LENGTH_MINUTES = 480;
export const SESSION_WARNING_MINUTES = 10;
export const SESSION_REFRESH_MINUTES = 30;
export const SESSION_EXTENSIONS_MINUTES = [60, 240] as const;

export type SessionTone = 'error' | 'warning' | 'refresh' | 'success';

/**
 * SPEC section 4: anything but active shows as error; an active session warns when the warning
 * flag is set or fewer than 10 minutes remain, shows the refresh icon under 30, else success.
 */
export function sessionTone(
  session: Pick<SessionStatus, 'status' | 'show_warning' | 'time_remaining_minutes'>,
): SessionTone {
  if (session.status !== 'active') return 'error';
  if (session.show_warning || session.time_remaining_minutes < SESSION_WARNING_MINUTES) return 'warning';
  if (session.time_remaining_minutes < SESSION_REFRESH_MINUTES) return 'refresh';
  return 'success';
}

/** Remaining time as a percentage of 480 minutes, clamped to 0–100. */
export function sessionProgress(minutes: number, length = SESSION_LENGTH_MINUTES): number {
  if (!Number.isFinite(minutes)) return 0;
  return Math.min(100, Math.max(0, (minutes / length) * 100));
}

/**
 * Minutes an extension can still add: the session never ends more than 480 minutes from now.
 * Under 2 counts as none (479 of 480 is at the cap).
 */
export function sessionExtensionRoom(remainingMinutes: number, length = SESSION_LENGTH_MINUTES): number {
  const room = Math.max(0, length - Math.max(0, Math.floor(remainingMinutes)));
  return room < 2 ? 0 : room;
}

export function securityEventCount(events: SessionStatus['security_events']): number {
  if (typeof events === 'number') return events;
  return events?.length ?? 0;
}
