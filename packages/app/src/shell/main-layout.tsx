import { Alert, AppLayout, AppSidebar, TopBar } from '@tsumiki/ui';
import { type ComponentProps, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { NetworkStatus } from '../errors/network-status';
import { enabledFeatureMap, useFeatureFlags } from '../features/feature-flags';
import { useSession, useSignedIn } from '../session/session';
import { SessionStatusMenu } from './session-status-menu';

function RouterLink({ href, ...props }: ComponentProps<'a'> & { href: string }) {
  return <Link to={href} {...props} />;
}

/** Sidebar, top bar and the routed screen. */
export function MainLayout() {
  const { user, tenant } = useSignedIn();
  const { signOut } = useSession();
  const { flags, error: flagsError } = useFeatureFlags();
  const location = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);

  return (
    <AppLayout
      sidebar={
        <AppSidebar
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
          sessionSlot={<SessionStatusMenu />}
        />
      }
    >
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
