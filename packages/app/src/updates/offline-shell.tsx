import { tenantMeQueryOptions } from '@tsumiki/api-client/react';
import { AppLayout, AppSidebar, OfflineBanner, Spinner, TopBar } from '@tsumiki/ui';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { api } from '../app/api';
import { queryClient } from '../app/query-client';
import { RouterLink } from '../app/router-link';
import { defaultFeatureFlags, enabledFeatureMap } from '../features/feature-flags';
import { isOffline, subscribeConnection } from '../lib/reachability';
import { loadAuth } from '../session/load-auth';
import { useSession } from '../session/session';
import { appNavItems } from '../shell/nav-items';
import { storedSessionUser } from './stored-session';
import { pause, probeServer, SERVER_PROBE_MS, waitForServer } from './wait-for-server';

/** Whether the server can be tried again: the device has a network and nothing said it is unreachable. */
const canReach = () => !isOffline();

/** How often the session is asked for again while the auth client holds off its refresh. */
const SESSION_RETRY_MS = SERVER_PROBE_MS;

/**
 * Back online: waits for the session (an access token that expired offline is refreshed — after a
 * failed refresh the auth client holds off for up to a minute, so it is asked again every 5 s
 * while the session is still stored), then loads the user, before the route guard decides anything.
 * Resolves at once when the session is gone for good (the guard then shows /login) or the
 * connection drops again.
 */
async function reconnect(): Promise<void> {
  const { authClient } = await loadAuth();
  while (canReach()) {
    const { data } = await authClient.getSession();
    if (data.session) {
      await queryClient.refetchQueries({ queryKey: tenantMeQueryOptions(api).queryKey });
      return;
    }
    if (storedSessionUser() === null) return;
    await pause(SESSION_RETRY_MS);
  }
}

/**
 * The signed-in layout while offline and the user could not be loaded: the sidebar, the top bar
 * with the signed-in email (the tenant and role are not known without the server), the offline
 * bar with 再試行 (which asks the server at once), and what happens next. Nothing from the server
 * is shown, because nothing of it is kept: the service worker caches the app, never the API.
 */
export default function OfflineShell({ onReconnected }: { onReconnected: () => void }) {
  const { signOut } = useSession();
  const location = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [retrying, setRetrying] = useState(false);
  const user = storedSessionUser() ?? { email: '', name: '' };
  const reconnecting = useSyncExternalStore(subscribeConnection, canReach);
  const done = useRef(onReconnected);
  done.current = onReconnected;

  useEffect(() => {
    if (!reconnecting) {
      let stopped = false;
      void waitForServer(() => stopped);
      return () => {
        stopped = true;
      };
    }
    reconnect()
      .catch(() => undefined)
      .finally(() => done.current());
  }, [reconnecting]);

  return (
    <AppLayout
      data-offline-shell=""
      sidebar={
        <AppSidebar
          items={appNavItems}
          enabledFeatures={enabledFeatureMap(defaultFeatureFlags)}
          activeHref={location.pathname}
          user={user}
          onLogout={() => void signOut()}
          mobileOpen={mobileOpen}
          onMobileOpenChange={setMobileOpen}
          linkComponent={RouterLink}
        />
      }
      topBar={
        <TopBar
          tenantName="—"
          email={user.email}
          onMenuClick={() => setMobileOpen(true)}
          // The role is the server's to say: not shown rather than guessed.
          className="[&_[data-slot=top-bar-role]]:hidden"
        />
      }
    >
      {reconnecting ? null : (
        <OfflineBanner
          className="mb-4 rounded-lg border"
          // Asks the server at once rather than at the next 5 s probe.
          onRetry={() => {
            setRetrying(true);
            void probeServer().finally(() => setRetrying(false));
          }}
          retrying={retrying}
        />
      )}
      <section aria-labelledby="offline-shell-title" className="grid max-w-2xl gap-3">
        <h1 id="offline-shell-title" tabIndex={-1} className="text-xl font-semibold">
          {reconnecting ? '再接続しています' : 'インターネットの接続を待っています'}
        </h1>
        {reconnecting ? (
          <Spinner label="ユーザー情報を読み込み中" />
        ) : (
          <p className="text-sm leading-[1.8] text-muted-foreground">
            顧客などのデータは、セキュリティのためこの端末に保存していません。接続が戻ると、自動でこの画面の続きを表示します。ログインはそのまま保たれています。
          </p>
        )}
      </section>
    </AppLayout>
  );
}
