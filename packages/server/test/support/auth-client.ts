import { AuthClient } from '../../../app/node_modules/@supabase/auth-js';

/** Storage for the client as a browser's localStorage would keep it, in memory. */
export function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

/** The official client the app uses (@supabase/auth-js), against the server at `origin` (the app's flow is 'pkce'). */
export function authClient(
  origin: string,
  options: { flowType?: 'implicit' | 'pkce'; experimental?: { recoveryCodes?: boolean } } = {},
): InstanceType<typeof AuthClient> {
  return new AuthClient({
    url: `${origin}/auth/v1`,
    storage: memoryStorage(),
    persistSession: true,
    autoRefreshToken: false,
    detectSessionInUrl: false,
    ...options,
  });
}
