import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { sidebarMessages } from '../../i18n/groups/sidebar';
import { useMessageGroups } from '../../i18n/messages-provider';
import { cn } from '../../lib/cn';
import type { AppSidebarDrawerProps } from './app-sidebar-drawer';
import { type SidebarUser, visibleNavItems } from './nav';
import type { NavItem } from './nav-items';
import { type SidebarLinkProps, SidebarPanel } from './sidebar-panel';

export type { SidebarLinkProps } from './sidebar-panel';

// The drawer's Radix dialog is only ever needed below md, once the menu is opened. If its chunk
// cannot be loaded (the network), the menu stays closed rather than take the page down.
const AppSidebarDrawer = lazy<ComponentType<AppSidebarDrawerProps>>(() =>
  import('./app-sidebar-drawer').then(
    (module) => ({ default: module.AppSidebarDrawer }),
    () => ({ default: DrawerUnavailable }),
  ),
);

function DrawerUnavailable(_props: AppSidebarDrawerProps) {
  return null;
}

export type AppSidebarProps = {
  /** Navigation items, in order. The app owns them; ui knows no product's routes. */
  items: readonly NavItem[];
  /** Feature flags keyed by `NavItem.feature`; an item is hidden only when its flag is `false`. */
  enabledFeatures?: Partial<Record<string, boolean>>;
  /** Current pathname: '/' matches exactly, other items by prefix. */
  activeHref: string;
  user: SidebarUser;
  onLogout: () => void;
  /** Drawer state below the md breakpoint (900px). The drawer loads the first time it opens. */
  mobileOpen: boolean;
  onMobileOpenChange: (open: boolean) => void;
  /** Router link component; defaults to a plain `<a href>`. */
  linkComponent?: ComponentType<SidebarLinkProps>;
  /** Replaces the Tsumiki brand at the top. */
  brand?: ReactNode;
  /** Counts shown on items, keyed by `NavItem.key`, e.g. `{ notifications: 3 }` for unread notifications. */
  itemBadges?: Partial<Record<string, number>>;
  className?: string;
};

function AnchorLink({ href, className, children, onClick, 'aria-current': ariaCurrent }: SidebarLinkProps) {
  return (
    <a href={href} className={className} aria-current={ariaCurrent} onClick={onClick}>
      {children}
    </a>
  );
}

/** Same query as the md breakpoint in tailwind.css (56.25rem = 900px). */
const DESKTOP_QUERY = '(min-width: 56.25rem)';

/**
 * The app's navigation: a 240px permanent column from 900px up, a temporary drawer (modal
 * dialog) below that.
 */
export function AppSidebar({
  items,
  enabledFeatures,
  activeHref,
  user,
  onLogout,
  mobileOpen,
  onMobileOpenChange,
  linkComponent = AnchorLink,
  brand,
  itemBadges,
  className,
}: AppSidebarProps) {
  const messages = useMessageGroups({ sidebar: sidebarMessages });
  const shownItems = visibleNavItems(items, enabledFeatures);
  // Once opened, the drawer stays mounted so that it can animate out and in again.
  const [drawerWanted, setDrawerWanted] = useState(mobileOpen);
  if (mobileOpen && !drawerWanted) setDrawerWanted(true);

  // A drawer left open while the window grows past md would keep the page inert: close it.
  useEffect(() => {
    if (!mobileOpen || typeof window === 'undefined' || !window.matchMedia) return;
    const query = window.matchMedia(DESKTOP_QUERY);
    if (query.matches) {
      onMobileOpenChange(false);
      return;
    }
    const onChange = (event: MediaQueryListEvent) => {
      if (event.matches) onMobileOpenChange(false);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [mobileOpen, onMobileOpenChange]);

  const panel = {
    items: shownItems,
    activeHref,
    user,
    onLogout,
    Link: linkComponent,
    brand,
    itemBadges,
    messages,
  };

  return (
    <>
      <div
        data-slot="app-sidebar"
        className={cn(
          'fixed inset-y-0 left-0 z-30 hidden w-sidebar flex-col border-r border-sidebar-border bg-sidebar text-sidebar-foreground md:flex',
          className,
        )}
      >
        <SidebarPanel {...panel} onNavigate={undefined} headerAction={null} />
      </div>
      {drawerWanted ? (
        <Suspense fallback={null}>
          <AppSidebarDrawer {...panel} open={mobileOpen} onOpenChange={onMobileOpenChange} />
        </Suspense>
      ) : null}
    </>
  );
}
