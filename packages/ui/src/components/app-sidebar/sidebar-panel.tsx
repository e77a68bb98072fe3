import { LogOut } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import type { Messages } from '../../i18n';
import { cn } from '../../lib/cn';
import { Badge } from '../badge/badge';
import { Button } from '../button/button';
import { TsumikiBrand } from '../tsumiki-brand/tsumiki-brand';
import { isNavItemActive, type SidebarUser, userDisplayName, userInitial } from './nav';
import type { NavItem } from './nav-items';

export type SidebarLinkProps = {
  href: string;
  className?: string;
  children: ReactNode;
  'aria-current'?: 'page';
  onClick?: () => void;
};

export type SidebarPanelProps = {
  items: NavItem[];
  activeHref: string;
  user: SidebarUser;
  onLogout: () => void;
  Link: ComponentType<SidebarLinkProps>;
  brand: ReactNode | undefined;
  itemBadges: Partial<Record<string, number>> | undefined;
  onNavigate: (() => void) | undefined;
  headerAction: ReactNode;
  messages: Pick<Messages, 'sidebar'>;
};

/** Brand, items and user footer: the content of both the permanent column and the drawer. */
export function SidebarPanel({
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
          variant="subtle"
          size="sm"
          align="start"
          onClick={onLogout}
          data-slot="app-sidebar-logout"
          className="mt-2 w-full hover:text-foreground"
        >
          <LogOut aria-hidden="true" />
          {messages.sidebar.logout}
        </Button>
      </div>
    </>
  );
}
