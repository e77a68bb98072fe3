import { tenantMeQueryOptions } from '@tsumiki/api-client/react';
import { AppLayout, AppSidebar, Spinner, TopBar } from '@tsumiki/ui';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { api } from '../app/api';
import { queryClient } from '../app/query-client';
import { RouterLink } from '../app/router-link';
import { NetworkStatus } from '../errors/network-status';
import { defaultFeatureFlags, enabledFeatureMap } from '../features/feature-flags';
import { loadAuth } from '../session/load-auth';
import { useSession } from '../session/session';
import { appNavItems } from '../shell/nav-items';
import { storedSessionUser } from './stored-session';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  return () => window.removeEventListener('online', onChange);
}

/** How often the session is asked for again while the auth client holds off its refresh. */
const SESSION_RETRY_MS = 5000;

/**
 * Back online: waits for the session (an access token that expired offline is refreshed — after a
 * failed refresh the auth client holds off for up to a minute, so it is asked again every 5 s
 * while the session is still stored), then loads the user, before the route guard decides anything.
 * Resolves at once when the session is gone for good (the guard then shows /login) or the
 * connection drops again.
 */
async function reconnect(): Promise<void> {
  const { authClient } = await loadAuth();
  while (navigator.onLine) {
    const { data } = await authClient.getSession();
    if (data.session) {
      await queryClient.refetchQueries({ queryKey: tenantMeQueryOptions(api).queryKey });
      return;
    }
    if (storedSessionUser() === null) return;
    await new Promise((resolve) => setTimeout(resolve, SESSION_RETRY_MS));
  }
}

/**
 * The signed-in layout while offline and the user could not be loaded: the sidebar, the top bar
 * with the signed-in email (the tenant and role are not known without the server), the offline
 * bar with 再試行, and what happens next. Nothing from the server is shown, because nothing of it
 * is kept: the service worker caches the app, never the API.
 */
export default function OfflineShell({ onReconnected }: { onReconnected: () => void }) {
  const { signOut } = useSession();
  const location = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const user = storedSessionUser() ?? { email: '', name: '' };
  const reconnecting = useSyncExternalStore(subscribe, () => navigator.onLine);
  const done = useRef(onReconnected);
  done.current = onReconnected;

  useEffect(() => {
    if (!reconnecting) return;
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
      <NetworkStatus className="mb-4 rounded-lg border" />
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
