import { infiniteQueryOptions, mutationOptions, queryOptions } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../client';
import type { components } from '../generated/schema';
import { type BodyOf, invalidates, type QueryOf, type TenantId, tenantHeader, tenantKey } from './shared';

type NotificationList = components['schemas']['NotificationList'];
export type NotificationFilter = Omit<QueryOf<'listNotifications'>, 'limit' | 'skip'>;

/** Page size of the notification list (SPEC section 9). */
export const NOTIFICATION_PAGE_SIZE = 10;
/** The list refreshes every 5 minutes (SPEC section 4). */
export const NOTIFICATION_REFRESH_INTERVAL_MS = 5 * 60 * 1000;

export const notificationKeys = {
  all: (tenantId: TenantId) => [...tenantKey(tenantId), 'notifications'] as const,
  pages: (tenantId: TenantId, filter: NotificationFilter = {}) =>
    [...notificationKeys.all(tenantId), 'pages', filter] as const,
  stats: (tenantId: TenantId) => [...notificationKeys.all(tenantId), 'stats'] as const,
  detail: (tenantId: TenantId, id: string) => [...notificationKeys.all(tenantId), 'detail', id] as const,
};

/** 'Show more' is offered while the last page came back full (SPEC section 2). */
export function nextNotificationOffset(
  lastPage: NotificationList,
  pages: NotificationList[],
): number | undefined {
  if (lastPage.notifications.length < NOTIFICATION_PAGE_SIZE) return undefined;
  return pages.reduce((count, page) => count + page.notifications.length, 0);
}

/** GET /api/notifications in pages of 10 (limit=10 and skip), refreshed every 5 minutes. */
export function notificationsInfiniteQueryOptions(
  api: ApiClient,
  tenantId: TenantId,
  filter: NotificationFilter = {},
) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.pages(tenantId, filter),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      unwrap(
        api.GET('/api/notifications', {
          params: {
            ...tenantHeader(tenantId),
            query: { ...filter, limit: NOTIFICATION_PAGE_SIZE, skip: pageParam },
          },
          signal,
        }),
        '/api/notifications',
      ),
    getNextPageParam: nextNotificationOffset,
    refetchInterval: NOTIFICATION_REFRESH_INTERVAL_MS,
  });
}

/** GET /api/notifications/stats */
export function notificationStatsQueryOptions(api: ApiClient, tenantId: TenantId) {
  return queryOptions({
    queryKey: notificationKeys.stats(tenantId),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/notifications/stats', { params: tenantHeader(tenantId), signal }),
        '/api/notifications/stats',
      ),
    refetchInterval: NOTIFICATION_REFRESH_INTERVAL_MS,
  });
}

/** GET /api/notifications/{id} */
export function notificationQueryOptions(api: ApiClient, tenantId: TenantId, id: string) {
  return queryOptions({
    queryKey: notificationKeys.detail(tenantId, id),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/notifications/{id}', { params: { ...tenantHeader(tenantId), path: { id } }, signal }),
        '/api/notifications/{id}',
      ),
  });
}

/** PATCH /api/notifications/{id} ({ read: true }) */
export function updateNotificationMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...notificationKeys.all(tenantId), 'update'],
    mutationFn: ({ id, body }: { id: string; body: BodyOf<'updateNotification'> }) =>
      unwrap(
        api.PATCH('/api/notifications/{id}', { params: { ...tenantHeader(tenantId), path: { id } }, body }),
        '/api/notifications/{id}',
      ),
    onSuccess: invalidates(tenantId, 'notifications'),
  });
}

/** POST /api/notifications/mark-as-read ({ notification_ids }) */
export function markNotificationsAsReadMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...notificationKeys.all(tenantId), 'mark-as-read'],
    mutationFn: (body: BodyOf<'markNotificationsAsRead'>) =>
      unwrap(
        api.POST('/api/notifications/mark-as-read', { params: tenantHeader(tenantId), body }),
        '/api/notifications/mark-as-read',
      ),
    onSuccess: invalidates(tenantId, 'notifications'),
  });
}

/** POST /api/notifications/mark-all-as-read */
export function markAllNotificationsAsReadMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...notificationKeys.all(tenantId), 'mark-all-as-read'],
    mutationFn: () =>
      unwrap(
        api.POST('/api/notifications/mark-all-as-read', { params: tenantHeader(tenantId) }),
        '/api/notifications/mark-all-as-read',
      ),
    onSuccess: invalidates(tenantId, 'notifications'),
  });
}
