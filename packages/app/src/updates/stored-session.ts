import { AUTH_STORAGE_KEY } from '../session/load-auth';

/**
 * Who the auth client's stored session belongs to, read straight from localStorage: offline, the
 * auth client cannot refresh an access token that has expired and reports no session, although
 * the session is still there and will be refreshed once the connection returns.
 */
export function storedSessionUser(): { email: string; name: string } | null {
  try {
    const raw = localStorage.getItem(AUTH_STORAGE_KEY);
    if (!raw) return null;
    const user = (JSON.parse(raw) as { user?: { email?: unknown; user_metadata?: { full_name?: unknown } } })
      .user;
    if (typeof user?.email !== 'string') return null;
    const name = user.user_metadata?.full_name;
    return { email: user.email, name: typeof name === 'string' && name.trim() ? name : user.email };
  } catch {
    return null;
  }
}
