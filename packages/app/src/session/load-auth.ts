import type { Session } from '@supabase/auth-js';

export type AuthModule = typeof import('./auth-client');

/** Where the auth client keeps the session (localStorage): the offline shell reads who is signed in from it. */
export const AUTH_STORAGE_KEY = 'tsumiki-auth';

let loading: Promise<AuthModule> | null = null;

/**
 * The authentication client, in its own chunk. main.tsx starts loading it at once, so it arrives
 * alongside the first route's chunk instead of weighing on the entry chunk. A failed load (the
 * network) is forgotten, so the next call tries again.
 */
export function loadAuth(): Promise<AuthModule> {
  loading ??= import('./auth-client').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** The stored session, or null when signed out (for loaders, which run outside React). */
export async function currentSession(): Promise<Session | null> {
  const { authClient } = await loadAuth();
  return (await authClient.getSession()).data.session;
}
