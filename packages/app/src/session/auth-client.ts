import { AuthClient, isAuthError } from '@supabase/auth-js';
import { AUTH_STORAGE_KEY } from './load-auth';
import { authErrorCodes, messages } from './messages';

// Loaded through loadAuth() only (see load-auth.ts): @supabase/auth-js is about 23 KB gzip, and
// keeping it out of the entry chunk is what keeps the first screen inside its size budget.

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
  detectSessionInUrl: true,
  flowType: 'pkce',
});

const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;

/**
 * The authentication service's message for a rejected sign-in: a known code in Japanese, else the
 * service's own message when it is Japanese, else the fallback.
 */
export function authErrorMessage(error: unknown, fallback: string): string {
  if (isAuthError(error)) {
    if (error.code && authErrorCodes[error.code]) return authErrorCodes[error.code] as string;
    if (error.name === 'AuthRetryableFetchError') return messages.networkError;
    if (JAPANESE.test(error.message)) return error.message;
  }
  return fallback;
}
