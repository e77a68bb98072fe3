import { Bell } from 'lucide-react';
import { type ComponentType, type ReactNode, useState } from 'react';
import { notificationsMessages } from '../../i18n/groups/notifications';
import { useMessageGroups } from '../../i18n/messages-provider';
import { cn } from '../../lib/cn';
import type { DateInput } from '../../lib/date';
import { Badge } from '../badge/badge';
import { Button } from '../button/button';
import {
  type NotificationItem,
  type NotificationLinkProps,
  NotificationList,
} from '../notification-list/notification-list';
import { Popover, PopoverContent, PopoverTrigger } from '../popover/popover';

export type NotificationBellProps = {
  /** From the list response's `unread_count`. */
  unreadCount: number;
  /** The latest notifications to show in the panel. */
  notifications: readonly NotificationItem[];
  loading?: boolean;
  /** Loading the panel's list failed: this message with 再試行 (never 通知はありません). */
  error?: ReactNode;
  onRetry?: () => void;
  onMarkRead?: (id: string) => void;
  onMarkAllRead?: () => void;
  /** A notification was opened (its link followed, or its title pressed): the panel closes. */
  onSelect?: (notification: NotificationItem) => void;
  /** Renders the links of notifications that have `link` (e.g. the router's Link). */
  linkComponent?: ComponentType<NotificationLinkProps>;
  /** The notifications screen (すべての通知を見る). */
  viewAllHref?: string;
  /** Called instead of following `viewAllHref` (client-side navigation). */
  onViewAll?: () => void;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  now?: DateInput;
  /** IANA time zone for the times; defaults to the viewer's. */
  timeZone?: string;
  className?: string;
};

/** The top bar's bell: unread count on the icon, the latest notifications in a panel. */
export function NotificationBell({
  unreadCount,
  notifications,
  loading,
  error,
  onRetry,
  onMarkRead,
  onMarkAllRead,
  onSelect,
  linkComponent,
  viewAllHref,
  onViewAll,
  open: openProp,
  onOpenChange,
  now,
  timeZone,
  className,
}: NotificationBellProps) {
  const messages = useMessageGroups({ notifications: notificationsMessages });
  const text = messages.notifications;
  const [uncontrolledOpen, setUncontrolledOpen] = useState(false);
  const open = openProp ?? uncontrolledOpen;
  const setOpen = (next: boolean) => {
    if (openProp === undefined) setUncontrolledOpen(next);
    onOpenChange?.(next);
  };
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          data-slot="notification-bell"
          className={cn('relative', className)}
        >
          <Bell aria-hidden="true" className="size-5" />
          {/* The name is built from the content so that the visible count is part of it: 通知（未読 3 件）. */}
          <span className="sr-only">{text.bell}</span>
          {unreadCount > 0 && (
            <>
              <span className="sr-only">{text.bellUnreadBefore}</span>
              <Badge
                count={unreadCount}
                data-slot="notification-bell-count"
                size="sm"
                className="absolute top-0.5 right-0.5"
              />
              <span className="sr-only">{text.bellUnreadAfter}</span>
            </>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label={text.title} size="lg" className="overflow-hidden p-0">
        <NotificationList
          notifications={notifications}
          unreadCount={unreadCount}
          loading={loading}
          error={error}
          onRetry={onRetry}
          onMarkRead={onMarkRead}
          onMarkAllRead={onMarkAllRead}
          onSelect={
            onSelect
              ? (notification) => {
                  setOpen(false);
                  onSelect(notification);
                }
              : undefined
          }
          linkComponent={linkComponent}
          now={now}
          timeZone={timeZone}
          className="max-h-[min(28rem,calc(100dvh-6rem))] [&>ul]:overflow-y-auto"
        />
        {(viewAllHref || onViewAll) && (
          <div className="border-t p-2">
            <Button variant="ghost" className="w-full" asChild>
              <a
                href={viewAllHref ?? '#'}
                onClick={(event) => {
                  if (onViewAll) {
                    event.preventDefault();
                    onViewAll();
                  }
                  setOpen(false);
                }}
              >
                {text.viewAll}
              </a>
            </Button>
          </div>
        )}
      </PopoverContent>
    </Popover>
  );
}
