import { NotificationBell } from '@tsumiki/ui';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { appRoutes } from '../../app/paths';
import { RouterLink } from '../../app/router-link';
import { getDisplayTimeZone } from '../../lib/format';
import { toNotificationItem } from './notification-link';
import { useNotificationActions, useNotificationPages, useNotificationStats } from './notification-queries';
import { useNotificationStream } from './use-notification-stream';

/** How many of the latest notifications the bell's panel shows. */
export const BELL_NOTIFICATION_COUNT = 5;

/**
 * The top bar's bell (loaded apart from the first paint): the unread count, kept current by the
 * live stream and the 5-minute refresh; its panel lists the latest notifications, each opening
 * what it is about and marked read on opening, and leads to /notifications.
 */
export default function NotificationBellSlot() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // The list is fetched the first time the panel opens, then kept current like the count.
  const [opened, setOpened] = useState(false);
  useNotificationStream(true);
  const stats = useNotificationStats();
  const { query, notifications } = useNotificationPages({}, { enabled: opened });
  const actions = useNotificationActions();
  const latest = useMemo(
    () => notifications.slice(0, BELL_NOTIFICATION_COUNT).map(toNotificationItem),
    [notifications],
  );

  return (
    <NotificationBell
      unreadCount={stats.data?.unread_count ?? 0}
      notifications={latest}
      loading={query.isPending}
      error={query.isError && !query.data ? query.error.message : undefined}
      onRetry={() => void query.refetch()}
      onMarkRead={(id) => {
        const notification = notifications.find((item) => item.id === id);
        if (notification) actions.markRead(notification);
      }}
      onMarkAllRead={actions.markAllRead}
      onSelect={(notification) => actions.markRead(notification)}
      linkComponent={RouterLink}
      viewAllHref={appRoutes.notifications.path}
      onViewAll={() => navigate(appRoutes.notifications.path)}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setOpened(true);
      }}
      timeZone={getDisplayTimeZone()}
    />
  );
}
