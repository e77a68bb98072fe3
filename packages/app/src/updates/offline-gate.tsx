import { type ComponentType, lazy, type ReactNode, Suspense, useState, useSyncExternalStore } from 'react';
import { isOffline, subscribeConnection } from '../lib/reachability';
import { AUTH_STORAGE_KEY } from '../session/load-auth';
import { useSession } from '../session/session';
import { FullPageSpinner } from '../shell/full-page-spinner';

// Only ever shown after a reload offline: its chunk comes from the service worker's cache then.
const OfflineShell = lazy<ComponentType<{ onReconnected: () => void }>>(() => import('./offline-shell'));

/**
 * Protected routes opened without a connection (a reload offline, served by the service worker; or
 * on a network that cannot reach the server — lib/reachability.ts):
 * the user cannot be loaded, and an access token that expired cannot be refreshed, so the route
 * guard would spin, fail or send a signed-in user to /login. While there is a stored session and
 * no user, offline, the offline shell stands in — the layout with the offline bar — until the
 * connection is back and the session and the user are loaded again (offline-shell.tsx). A user
 * loaded before the connection went is not affected: the screens show the offline bar themselves.
 */
/** Whether a session is stored; false where the browser blocks storage (never a crash). */
function hasStoredSession(): boolean {
  try {
    return localStorage.getItem(AUTH_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

export function OfflineGate({ children }: { children: ReactNode }) {
  const offline = useSyncExternalStore(subscribeConnection, isOffline);
  const { state } = useSession();
  const [held, setHeld] = useState(false);
  const waiting = state.status !== 'signedIn' && hasStoredSession();
  if (waiting && offline && !held) setHeld(true);

  if (waiting && (held || offline)) {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <OfflineShell onReconnected={() => setHeld(false)} />
      </Suspense>
    );
  }
  return children;
}
