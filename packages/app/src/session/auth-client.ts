import { AuthClient } from '@supabase/auth-js';

/**
 * The official Supabase Auth client, pointed at the authentication service. By default that is
 * the server's embedded, protocol-compatible service on the same origin; VITE_AUTH_URL points it
 * at a hosted project instead.
 */
export const authClient = new AuthClient({
  url: import.meta.env.VITE_AUTH_URL ?? `${window.location.origin}/auth/v1`,
  storageKey: 'tsumiki-auth',
  autoRefreshToken: true,
  persistSession: true,
  detectSessionInUrl: true,
  flowType: 'pkce',
});
