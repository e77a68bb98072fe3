import { Menu } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { topBarMessages } from '../../i18n/groups/top-bar';
import { useMessageGroups } from '../../i18n/messages-provider';
import { cn } from '../../lib/cn';
import { PlanChip, RoleChip } from '../account-chips/account-chips';
import { Button } from '../button/button';

export type TopBarProps = Omit<ComponentProps<'header'>, 'children' | 'role'> & {
  tenantName: string;
  /** basic / standard / premium (shown in Japanese); anything else is shown as it is. */
  plan?: string | null;
  email: string;
  /** admin / staff / user; defaults to user. */
  role?: string | null;
  /** Opens the sidebar drawer; the menu button shows below 900px. */
  onMenuClick?: () => void;
  /** Session status menu. */
  sessionSlot?: ReactNode;
  /** Notification bell. */
  notificationSlot?: ReactNode;
};

export function TopBar({
  tenantName,
  plan,
  email,
  role,
  onMenuClick,
  sessionSlot,
  notificationSlot,
  className,
  ...props
}: TopBarProps) {
  const messages = useMessageGroups({ topBar: topBarMessages });
  return (
    <header
      data-slot="top-bar"
      {...props}
      className={cn(
        'sticky top-0 z-20 flex h-top-bar shrink-0 items-center gap-2 border-b bg-surface/95 px-2 backdrop-blur supports-[backdrop-filter]:bg-surface/85 sm:gap-3 sm:px-4 md:px-6',
        className,
      )}
    >
      {onMenuClick && (
        <Button
          variant="ghost"
          size="icon"
          aria-label={messages.topBar.openMenu}
          onClick={onMenuClick}
          data-slot="top-bar-menu-button"
          className="md:hidden"
        >
          <Menu aria-hidden="true" className="size-5" />
        </Button>
      )}
      {/* Below sm the plan chip goes under the name, so the name keeps the width. */}
      <div
        data-slot="top-bar-tenant"
        className="flex min-w-0 flex-1 flex-col items-start gap-0.5 sm:flex-row sm:items-center sm:gap-2"
      >
        <span className="sr-only">{messages.topBar.tenant}</span>
        <span
          data-slot="top-bar-tenant-name"
          title={tenantName}
          className="max-w-full min-w-0 truncate text-sm leading-tight font-semibold sm:text-base"
        >
          {tenantName}
        </span>
        {plan && <PlanChip data-slot="top-bar-plan" value={plan} size="sm" />}
      </div>
      <div data-slot="top-bar-actions" className="flex shrink-0 items-center gap-1 sm:gap-2">
        {sessionSlot}
        {notificationSlot}
        <div data-slot="top-bar-account" className="flex min-w-0 items-center gap-2 pl-1">
          <span className="sr-only">{messages.topBar.account}</span>
          {/* Hidden from the eye on very small screens, still read out. */}
          <span
            data-slot="top-bar-email"
            title={email}
            className="sr-only text-sm text-muted-foreground sm:not-sr-only sm:max-w-[14rem] sm:truncate lg:max-w-[20rem]"
          >
            {email}
          </span>
          <RoleChip data-slot="top-bar-role" value={role} size="sm" />
        </div>
      </div>
    </header>
  );
}
