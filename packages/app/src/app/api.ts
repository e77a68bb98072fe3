import { createApiClient } from '@tsumiki/api-client';
import { fetchNotingReachability } from '../lib/reachability';
import { loadAuth } from '../session/load-auth';

/**
 * The one client for /api, shared by screens, loaders and the session: it sends the current
 * access token, and after a 401 retries once with a refreshed one.
 */
/** The current access token (also for the uploads sent with XMLHttpRequest, features/documents). */
export async function getAccessToken(): Promise<string | undefined> {
  const { authClient } = await loadAuth();
  return (await authClient.getSession()).data.session?.access_token;
}

/** A fresh access token after a 401. */
export async function refreshAccessToken(): Promise<string | undefined> {
  const { authClient } = await loadAuth();
  return (await authClient.refreshSession()).data.session?.access_token;
}

export const api = createApiClient({
  baseUrl: window.location.origin,
  // Whether the server answered at all, for the offline gate (lib/reachability.ts).
  fetch: fetchNotingReachability,
  getAccessToken,
  refreshAccessToken,
  // Signing out sends the user to /login through the route guard, keeping where they were.
  onAuthenticationFailure: () => {
    void loadAuth().then(({ authClient }) => authClient.signOut({ scope: 'local' }));
  },
});
