import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  markAllNotificationsAsReadMutationOptions,
  markNotificationsAsReadMutationOptions,
  type NotificationFilter,
  notificationStatsQueryOptions,
  notificationsInfiniteQueryOptions,
  updateNotificationMutationOptions,
} from '@tsumiki/api-client/react';
import { useSignedIn } from '../../session/session';
import {
  cachedNotification,
  markReadOptimistically,
  type Notification,
  type ReadTarget,
} from './notification-cache';

/** The API client and the active tenant. */
export function useNotificationsApi() {
  const { api, tenant } = useSignedIn();
  return { api, tenantId: tenant?.tenant_id };
}

/**
 * The user's notifications in pages of 10 (limit/skip), newest first; もっと見る while the last
 * page came back full. Refreshed every 5 minutes, and at once when the live stream has news.
 */
export function useNotificationPages(filter: NotificationFilter = {}, options: { enabled?: boolean } = {}) {
  const { api, tenantId } = useNotificationsApi();
  const query = useInfiniteQuery({
    ...notificationsInfiniteQueryOptions(api, tenantId, filter),
    enabled: options.enabled ?? true,
  });
  const notifications = query.data?.pages.flatMap((page) => page.notifications) ?? [];
  return {
    query,
    notifications,
    lastPageSize: query.data?.pages.at(-1)?.notifications.length,
    total: query.data?.pages[0]?.total,
  };
}

/** Unread count and counts per category (the bell's badge, the filters). */
export function useNotificationStats() {
  const { api, tenantId } = useNotificationsApi();
  return useQuery(notificationStatsQueryOptions(api, tenantId));
}

type MutationContext = { rollback: () => void };

/**
 * Mark one, several or all read. Each shows its result at once (the item read, the count lowered,
 * never below 0) and puts it back if the server refuses; the error display shows the failure.
 */
export function useNotificationActions() {
  const { api, tenantId } = useNotificationsApi();
  const queryClient = useQueryClient();
  const optimistic = (target: ReadTarget) => markReadOptimistically(queryClient, tenantId, target);
  const rollback = (_error: unknown, _variables: unknown, context: MutationContext | undefined) =>
    context?.rollback();

  const markOne = useMutation({
    ...updateNotificationMutationOptions(api, tenantId),
    onMutate: async ({ id }): Promise<MutationContext> => {
      const notification = cachedNotification(queryClient, tenantId, id);
      return {
        rollback: notification ? await optimistic({ kind: 'some', notifications: [notification] }) : () => {},
      };
    },
    onError: rollback,
  });
  const markSeveral = useMutation({
    ...markNotificationsAsReadMutationOptions(api, tenantId),
    onMutate: async ({ notification_ids }): Promise<MutationContext> => {
      const notifications = notification_ids
        .map((id) => cachedNotification(queryClient, tenantId, id))
        .filter((notification): notification is Notification => notification !== undefined);
      return { rollback: await optimistic({ kind: 'some', notifications }) };
    },
    onError: rollback,
  });
  const markAll = useMutation({
    ...markAllNotificationsAsReadMutationOptions(api, tenantId),
    onMutate: async (): Promise<MutationContext> => ({ rollback: await optimistic({ kind: 'all' }) }),
    onError: rollback,
  });

  return {
    /** PATCH read: true; only for an unread one. */
    markRead: (notification: Pick<Notification, 'id' | 'read'>) => {
      if (!notification.read) markOne.mutate({ id: notification.id, body: { read: true } });
    },
    /** POST mark-as-read with the unread ones among them. */
    markSeveralRead: (notifications: readonly Notification[]) => {
      const ids = notifications.filter((notification) => !notification.read).map(({ id }) => id);
      if (ids.length > 0) markSeveral.mutate({ notification_ids: ids });
    },
    markAllRead: () => markAll.mutate(),
    pending: markOne.isPending || markSeveral.isPending || markAll.isPending,
  };
}
