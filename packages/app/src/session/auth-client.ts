import { AuthClient, isAuthError } from '@supabase/auth-js';
import { appRoutes } from '../app/paths';
import { safeReturnPath } from '../lib/format';
import { fetchNotingReachability } from '../lib/reachability';
import { AUTH_STORAGE_KEY } from './load-auth';
import { messages } from './messages';
import type { SignUpInput } from './session';
import { authErrorCodes, signInMessages } from './sign-in-messages';
import { noteSignOutReason } from './sign-out-reason';

// For the session provider, which loads this module anyway: not part of the first screen's JS.
export { signingOutByChoice, takeSignOutReason } from './sign-out-reason';

// Loaded through loadAuth() only (see load-auth.ts): @supabase/auth-js is about 23 KB gzip, and
// keeping it out of the entry chunk is what keeps the first screen inside its size budget.

/**
 * Whether the page was opened as the return from Google (/auth/callback), the only address whose
 * `?code=` is a sign-in for the auth client to exchange. Elsewhere a `code` belongs to the page —
 * the invitation's /invite?code=… above all (SPEC section 2) — and exchanging it fails (a 404 for
 * POST /auth/v1/token?grant_type=pkce). The auth client looks at the URL once, as it is made, so
 * the choice is made then. (auth-js 2.119's `detectSessionInUrl` also takes a function, but asks
 * it only about the implicit flow: with a code verifier stored — one is left by every sign-up and
 * Google sign-in in PKCE mode — it takes any `code` for a PKCE return all the same.)
 */
export function detectsSessionInUrl(location: Pick<Location, 'pathname'> = window.location): boolean {
  return location.pathname === appRoutes.authCallback.path;
}

/**
 * The auth client's fetch. When the service refuses to renew the session (the refresh-token grant
 * answers 4xx: the account was disabled, the session revoked or over), the reason is noted before
 * the client signs out, so that /login can say why instead of showing the form as if nothing had
 * happened (sign-out-reason.ts; the session provider takes it). Whether the service answered at all
 * is noted too (lib/reachability.ts).
 */
export async function fetchNotingSessionEnd(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const response = await fetchNotingReachability(input, init);
  const url = input instanceof Request ? input.url : String(input);
  if (response.status >= 400 && response.status < 500 && url.includes('grant_type=refresh_token')) {
    const body: unknown = await response
      .clone()
      .json()
      .catch(() => null);
    noteSignOutReason((body as { error_code?: unknown } | null)?.error_code);
  }
  return response;
}

/**
 * The official Supabase Auth client, pointed at the authentication service. By default that is
 * the server's embedded, protocol-compatible service on the same origin; VITE_AUTH_URL points it
 * at a hosted project instead.
 */
export const authClient = new AuthClient({
  url: import.meta.env.VITE_AUTH_URL ?? `${window.location.origin}/auth/v1`,
  storageKey: AUTH_STORAGE_KEY,
  autoRefreshToken: true,
  persistSession: true,
  detectSessionInUrl: detectsSessionInUrl(),
  flowType: 'pkce',
  fetch: fetchNotingSessionEnd,
});

const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;

/**
 * The authentication service's message for a rejected sign-in: its own message when it is
 * Japanese (the embedded service says how long to wait), else a known code in Japanese, else the
 * fallback.
 */
export function authErrorMessage(error: unknown, fallback: string): string {
  if (isAuthError(error)) {
    if (error.name === 'AuthRetryableFetchError') return messages.networkError;
    if (JAPANESE.test(error.message)) return error.message;
    if (error.code && authErrorCodes[error.code]) return authErrorCodes[error.code] as string;
  }
  return fallback;
}

/**
 * Creates an account with an invitation code (the auth service accepts sign-ups only with one) and
 * signs it in. Here rather than in the session provider, which the first paint loads.
 */
export async function signUpWithInvitation(input: SignUpInput): Promise<{ error: string | null }> {
  try {
    const { error } = await authClient.signUp({
      email: input.email,
      password: input.password,
      options: { data: { invitation_code: input.invitationCode, full_name: input.fullName } },
    });
    return { error: error ? authErrorMessage(error, signInMessages.signUpFailed) : null };
  } catch (cause) {
    return { error: authErrorMessage(cause, signInMessages.signUpFailed) };
  }
}

/**
 * On the invite page, or on the way there (/login, /login-success or /auth/callback with
 * `redirect=/invite?…`): an account with no tenant yet stays signed in to join one.
 */
export function isJoiningByInvitation(
  location: Pick<Location, 'pathname' | 'search'> = window.location,
): boolean {
  if (location.pathname === appRoutes.invite.path) return true;
  const via: string[] = [appRoutes.login.path, appRoutes.loginSuccess.path, appRoutes.authCallback.path];
  if (!via.includes(location.pathname)) return false;
  const redirect = safeReturnPath(new URLSearchParams(location.search).get('redirect'));
  return redirect.startsWith(`${appRoutes.invite.path}?`);
}

/**
 * Whether this session still needs the second factor: the account has a verified one and the
 * session is aal1 (auth-js's assurance level, read from the access token and the user's factors).
 */
export async function needsSecondFactor(): Promise<boolean> {
  const { data } = await authClient.mfa.getAuthenticatorAssuranceLevel();
  return data?.currentLevel === 'aal1' && data.nextLevel === 'aal2';
}
