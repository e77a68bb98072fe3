import { createApiClient } from '@tsumiki/api-client';
import { loadAuth } from '../session/load-auth';

/**
 * The one client for /api, shared by screens, loaders and the session: it sends the current
 * access token, and after a 401 retries once with a refreshed one.
 */
export const api = createApiClient({
  baseUrl: window.location.origin,
  getAccessToken: async () => {
    const { authClient } = await loadAuth();
    return (await authClient.getSession()).data.session?.access_token;
  },
  refreshAccessToken: async () => {
    const { authClient } = await loadAuth();
    return (await authClient.refreshSession()).data.session?.access_token;
  },
  // Signing out sends the user to /login through the route guard, keeping where they were.
  onAuthenticationFailure: () => {
    void loadAuth().then(({ authClient }) => authClient.signOut({ scope: 'local' }));
  },
});
