import { messages } from './messages';

/** /login after the session was ended elsewhere (revoked, signed out everywhere, a new password). */
export const SESSION_ENDED = 'セッションが終了しました。もう一度ログインしてください。';
/** /login after the session reached its end (its 480 minutes). */
export const SESSION_EXPIRED = 'セッションの有効期限が切れました。もう一度ログインしてください。';

/**
 * Why the authentication service refused to renew a signed-in session, by its GoTrue error code,
 * in the words /login shows: `user_banned` for an account an administrator disabled (the embedded
 * service ends its sessions and answers their renewal so), `refresh_token_not_found` and the like
 * for a session ended elsewhere.
 */
const REASONS: Readonly<Record<string, string>> = {
  user_banned: messages.accountDisabled,
  refresh_token_not_found: SESSION_ENDED,
  refresh_token_already_used: SESSION_ENDED,
  session_not_found: SESSION_ENDED,
  session_expired: SESSION_EXPIRED,
};

let pending: string | null = null;
/** The user is ending this browser's session themselves: what the service says then is no news. */
let byChoice = false;

/** The message for a refused renewal's error code; null for codes that do not end a session. */
export function signOutReasonFor(errorCode: unknown): string | null {
  return typeof errorCode === 'string' ? (REASONS[errorCode] ?? null) : null;
}

/**
 * Notes why the session is about to end. The auth client signs out right after a refused renewal;
 * the session provider then takes the reason for /login (takeSignOutReason).
 */
export function noteSignOutReason(errorCode: unknown): void {
  const reason = signOutReasonFor(errorCode);
  if (reason && !byChoice) pending = reason;
}

/**
 * Says that the user is ending this browser's session (e.g. この端末をログアウト on the session
 * manager, which ends it on the server first: the calls still on their way are then refused, and
 * that is no reason to tell them about). `false` takes it back when the sign-out did not happen.
 */
export function signingOutByChoice(choice = true): void {
  byChoice = choice;
  if (choice) pending = null;
}

/**
 * The noted reason, once: the next sign-out event takes it; a session that goes on drops it.
 * Either ends a sign-out by choice.
 */
export function takeSignOutReason(): string | null {
  const reason = pending;
  pending = null;
  byChoice = false;
  return reason;
}
