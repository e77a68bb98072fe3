import { Alert, AppLayout, AppSidebar, Skeleton, TopBar } from '@tsumiki/ui';
import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router-dom';
import { useAfterFirstScreen } from '../app/after-first-screen';
import { RouterLink } from '../app/router-link';
import { NetworkStatus } from '../errors/network-status';
import { enabledFeatureMap, isFeatureEnabled, useFeatureFlags } from '../features/feature-flags';
import { useSession, useSignedIn } from '../session/session';
import { navItemsFor } from './nav-items';

// The session menu and the bell are not needed for the first screen: their chunks are asked for
// once it is shown (`useAfterFirstScreen`), their placeholders holding their place until then. If a
// chunk cannot be loaded (the network), the top bar goes on without it rather than crash the screen.
const SessionStatusMenu = lazy<ComponentType>(() =>
  import('./session-status-menu').catch(() => ({ default: SessionMenuUnavailable })),
);

function SessionMenuUnavailable() {
  return null;
}

// The bell, its panel and the live notification stream, the same way.
const NotificationBellSlot = lazy<ComponentType>(() =>
  import('../features/notifications/notification-bell-slot').catch(() => ({
    default: SessionMenuUnavailable,
  })),
);

/**
 * Its children once the first screen is shown, the placeholder until then (and while their chunk
 * is on its way). Each slot waits for an idle moment of its own, so that the session menu and the
 * bell render, commit and start their queries in separate tasks.
 */
function AfterFirstScreen({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  return useAfterFirstScreen() ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}

/** Sidebar, top bar and the routed screen. */
export function MainLayout() {
  const { user, tenant } = useSignedIn();
  const { signOut } = useSession();
  const { flags, error: flagsError } = useFeatureFlags();
  const location = useLocation();
  // A screen's chunk or loader is on its way: the current screen stays, with a bar on top.
  const navigating = useNavigation().state === 'loading';
  const [mobileOpen, setMobileOpen] = useState(false);

  return (
    <AppLayout
      sidebar={
        <AppSidebar
          items={navItemsFor(user)}
          enabledFeatures={enabledFeatureMap(flags)}
          activeHref={location.pathname}
          user={{ name: user.full_name, email: user.email }}
          onLogout={() => void signOut()}
          mobileOpen={mobileOpen}
          onMobileOpenChange={setMobileOpen}
          linkComponent={RouterLink}
        />
      }
      topBar={
        <TopBar
          tenantName={tenant?.tenant_name ?? '—'}
          plan={tenant?.plan}
          email={user.email}
          role={tenant?.role ?? 'user'}
          onMenuClick={() => setMobileOpen(true)}
          sessionSlot={
            // The same placeholder as SessionIndicator's own while the session is unknown.
            <AfterFirstScreen placeholder={<Skeleton rounded="full" className="h-8 w-20" />}>
              <SessionStatusMenu />
            </AfterFirstScreen>
          }
          notificationSlot={
            isFeatureEnabled(flags, 'notifications') ? (
              <AfterFirstScreen placeholder={<Skeleton rounded="full" className="size-9" />}>
                <NotificationBellSlot />
              </AfterFirstScreen>
            ) : null
          }
        />
      }
    >
      {navigating ? (
        <div
          data-slot="navigation-progress"
          aria-hidden="true"
          className="fixed inset-x-0 top-0 z-50 h-0.5 bg-primary motion-safe:animate-pulse"
        />
      ) : null}
      <NetworkStatus className="mb-4 rounded-lg border" />
      {flagsError ? (
        <Alert variant="warning" className="mb-4">
          {flagsError}
        </Alert>
      ) : null}
      <Outlet />
    </AppLayout>
  );
}
