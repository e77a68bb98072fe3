import { Bell } from 'lucide-react';
import { useState } from 'react';
import { useMessages } from '../../i18n';
import { cn } from '../../lib/cn';
import type { DateInput } from '../../lib/date';
import { Badge } from '../badge/badge';
import { Button } from '../button/button';
import type { NotificationItem } from '../notification-list/notification-list';
import { NotificationList } from '../notification-list/notification-list';
import { Popover, PopoverContent, PopoverTrigger } from '../popover/popover';

export type NotificationBellProps = {
  /** From the list response's `unread_count`. */
  unreadCount: number;
  /** The latest notifications to show in the panel. */
  notifications: readonly NotificationItem[];
  loading?: boolean;
  onMarkRead?: (id: string) => void;
  onMarkAllRead?: () => void;
  onSelect?: (notification: NotificationItem) => void;
  /** The notifications screen (すべての通知を見る). */
  viewAllHref?: string;
  /** Called instead of following `viewAllHref` (client-side navigation). */
  onViewAll?: () => void;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  now?: DateInput;
  className?: string;
};

/** The top bar's bell: unread count on the icon, the latest notifications in a panel. */
export function NotificationBell({
  unreadCount,
  notifications,
  loading,
  onMarkRead,
  onMarkAllRead,
  onSelect,
  viewAllHref,
  onViewAll,
  open: openProp,
  onOpenChange,
  now,
  className,
}: NotificationBellProps) {
  const messages = useMessages();
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
          now={now}
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
