import * as Dialog from '@radix-ui/react-dialog';
import { LogOut, X } from 'lucide-react';
import { type ComponentType, type ReactNode, useEffect, useRef } from 'react';
import { type Messages, useMessages } from '../../i18n';
import { cn } from '../../lib/cn';
import { Badge } from '../badge/badge';
import { Button, buttonVariants } from '../button/button';
import { TsumikiBrand } from '../tsumiki-brand/tsumiki-brand';
import { isNavItemActive, type SidebarUser, userDisplayName, userInitial, visibleNavItems } from './nav';
import { type NavItem, productNavItems } from './nav-items';

export type SidebarLinkProps = {
  href: string;
  className?: string;
  children: ReactNode;
  'aria-current'?: 'page';
  onClick?: () => void;
};

export type AppSidebarProps = {
  /** Navigation items; defaults to every item of the product (`productNavItems`). */
  items?: readonly NavItem[];
  /** Feature flags keyed by `NavItem.feature`; an item is hidden only when its flag is `false`. */
  enabledFeatures?: Partial<Record<string, boolean>>;
  /** Current pathname: '/' matches exactly, other items by prefix. */
  activeHref: string;
  user: SidebarUser;
  onLogout: () => void;
  /** Drawer state below the md breakpoint (900px). */
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
 * The product's navigation: a 240px permanent column from 900px up, a temporary drawer (modal
 * dialog) below that.
 */
export function AppSidebar({
  items = productNavItems,
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
  const messages = useMessages();
  const shownItems = visibleNavItems(items, enabledFeatures);
  // The drawer is opened from outside (the top bar's menu button), not by a Radix Trigger, so
  // Radix does not know where focus came from: remember it and go back there on close.
  const returnFocusRef = useRef<HTMLElement | null>(null);

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

  const panel = (onNavigate?: () => void, headerAction?: ReactNode) => (
    <SidebarPanel
      headerAction={headerAction}
      items={shownItems}
      activeHref={activeHref}
      user={user}
      onLogout={onLogout}
      Link={linkComponent}
      brand={brand}
      itemBadges={itemBadges}
      onNavigate={onNavigate}
      messages={messages}
    />
  );

  return (
    <>
      <div
        data-slot="app-sidebar"
        className={cn(
          'fixed inset-y-0 left-0 z-30 hidden w-sidebar flex-col border-r border-sidebar-border bg-sidebar text-sidebar-foreground md:flex',
          className,
        )}
      >
        {panel()}
      </div>
      <Dialog.Root open={mobileOpen} onOpenChange={onMobileOpenChange}>
        <Dialog.Portal>
          <Dialog.Overlay
            data-slot="app-sidebar-overlay"
            className="fixed inset-0 z-40 bg-overlay motion-safe:data-[state=closed]:animate-fade-out motion-safe:data-[state=open]:animate-fade-in md:hidden"
          />
          <Dialog.Content
            data-slot="app-sidebar-drawer"
            aria-describedby={undefined}
            onOpenAutoFocus={() => {
              const active = document.activeElement;
              returnFocusRef.current =
                active instanceof HTMLElement && active !== document.body ? active : null;
            }}
            onCloseAutoFocus={(event) => {
              const target = returnFocusRef.current;
              returnFocusRef.current = null;
              if (target?.isConnected) {
                event.preventDefault();
                target.focus();
              }
            }}
            className={cn(
              'fixed inset-y-0 left-0 z-50 flex w-sidebar max-w-[calc(100vw-3rem)] flex-col bg-sidebar text-sidebar-foreground shadow-lg outline-none',
              'motion-safe:data-[state=closed]:animate-drawer-out motion-safe:data-[state=open]:animate-drawer-in md:hidden',
            )}
          >
            <Dialog.Title className="sr-only">{messages.sidebar.drawerTitle}</Dialog.Title>
            {panel(
              () => onMobileOpenChange(false),
              // First in the tab order, so it is also where Radix puts focus on open.
              <Dialog.Close
                data-slot="app-sidebar-close"
                aria-label={messages.sidebar.close}
                className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), '-mr-2 ml-auto')}
              >
                <X aria-hidden="true" className="size-5" />
              </Dialog.Close>,
            )}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}

type SidebarPanelProps = {
  items: NavItem[];
  activeHref: string;
  user: SidebarUser;
  onLogout: () => void;
  Link: ComponentType<SidebarLinkProps>;
  brand: ReactNode | undefined;
  itemBadges: Partial<Record<string, number>> | undefined;
  onNavigate: (() => void) | undefined;
  headerAction: ReactNode;
  messages: Messages;
};

function SidebarPanel({
  items,
  activeHref,
  user,
  onLogout,
  Link,
  brand,
  itemBadges,
  onNavigate,
  headerAction,
  messages,
}: SidebarPanelProps) {
  return (
    <>
      <div
        data-slot="app-sidebar-header"
        className="flex h-top-bar shrink-0 items-center gap-2 border-b border-sidebar-border px-4"
      >
        {brand ?? <TsumikiBrand />}
        {headerAction}
      </div>
      <nav
        data-slot="app-sidebar-nav"
        aria-label={messages.sidebar.navigationLabel}
        className="min-h-0 flex-1 overflow-y-auto px-2 py-3"
      >
        <ul className="flex flex-col gap-0.5">
          {items.map((item) => {
            const active = isNavItemActive(item.href, activeHref);
            const Icon = item.icon;
            return (
              <li key={item.key} data-slot="app-sidebar-item">
                <Link
                  href={item.href}
                  aria-current={active ? 'page' : undefined}
                  onClick={onNavigate}
                  className={cn(
                    'flex min-h-10 items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
                    'outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    active
                      ? 'bg-sidebar-accent text-sidebar-accent-foreground'
                      : 'text-sidebar-foreground hover:bg-muted',
                  )}
                >
                  <span aria-hidden="true" className="flex shrink-0">
                    <Icon className="size-[1.125rem]" />
                  </span>
                  <span className="truncate">{item.label}</span>
                  {(itemBadges?.[item.key] ?? 0) > 0 && (
                    <>
                      <Badge
                        count={itemBadges?.[item.key] ?? 0}
                        aria-hidden="true"
                        data-slot="app-sidebar-item-badge"
                        className="ml-auto"
                      />
                      <span className="sr-only">
                        {messages.sidebar.itemBadge(itemBadges?.[item.key] ?? 0)}
                      </span>
                    </>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div data-slot="app-sidebar-footer" className="shrink-0 border-t border-sidebar-border p-3">
        <div className="flex items-center gap-3 px-1">
          <span
            data-slot="app-sidebar-avatar"
            aria-hidden="true"
            className="grid size-9 shrink-0 place-items-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
          >
            {userInitial(user)}
          </span>
          <div className="min-w-0 flex-1">
            <p data-slot="app-sidebar-user-name" className="truncate text-sm font-medium">
              {userDisplayName(user)}
            </p>
            <p
              data-slot="app-sidebar-user-email"
              title={user.email}
              className="truncate text-xs text-muted-foreground"
            >
              {user.email}
            </p>
          </div>
        </div>
        <Button
          variant="ghost"
          size="sm"
          onClick={onLogout}
          data-slot="app-sidebar-logout"
          className="mt-2 w-full justify-start text-muted-foreground hover:text-foreground"
        >
          <LogOut aria-hidden="true" />
          {messages.sidebar.logout}
        </Button>
      </div>
    </>
  );
}
