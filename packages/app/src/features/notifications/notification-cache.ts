import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { components } from '@tsumiki/api-client';
import { notificationKeys, type TenantId } from '@tsumiki/api-client/react';

export type Notification = components['schemas']['Notification'];
export type NotificationList = components['schemas']['NotificationList'];
export type NotificationStats = components['schemas']['NotificationStats'];
type NotificationPages = InfiniteData<NotificationList, number>;

/** Which notifications a mark-as-read covers: some (those on screen) or all of the user's. */
export type ReadTarget = { kind: 'some'; notifications: readonly Notification[] } | { kind: 'all' };

/** SPEC section 4: a count goes down by what was read, never below 0. */
export function lowerCount(count: number, by: number): number {
  return Math.max(0, count - by);
}

/** The unread notifications of a target (by id, once each). */
function unreadOf(target: ReadTarget): Notification[] | 'all' {
  if (target.kind === 'all') return 'all';
  const seen = new Map<string, Notification>();
  for (const notification of target.notifications) {
    if (!notification.read) seen.set(notification.id, notification);
  }
  return [...seen.values()];
}

/** The list pages with the target marked read and the unread count lowered. */
export function markReadInPages(
  data: NotificationPages | undefined,
  target: ReadTarget,
  readAt: string,
): NotificationPages | undefined {
  if (!data) return data;
  const unread = unreadOf(target);
  const ids = unread === 'all' ? null : new Set(unread.map((notification) => notification.id));
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      unread_count: ids ? lowerCount(page.unread_count, ids.size) : 0,
      notifications: page.notifications.map((notification) =>
        !notification.read && (!ids || ids.has(notification.id))
          ? { ...notification, read: true, read_at: readAt }
          : notification,
      ),
    })),
  };
}

/** The stats with the target marked read: total, per category and per type, none below 0. */
export function markReadInStats(
  stats: NotificationStats | undefined,
  target: ReadTarget,
): NotificationStats | undefined {
  if (!stats) return stats;
  const unread = unreadOf(target);
  if (unread === 'all') {
    const zero = <K extends string>(counts: Record<K, { total: number; unread: number }>) =>
      Object.fromEntries(
        Object.entries<{ total: number; unread: number }>(counts).map(([key, count]) => [
          key,
          { ...count, unread: 0 },
        ]),
      ) as Record<K, { total: number; unread: number }>;
    return { ...stats, unread_count: 0, by_category: zero(stats.by_category), by_type: zero(stats.by_type) };
  }
  const byCategory = { ...stats.by_category };
  const byType = { ...stats.by_type };
  for (const notification of unread) {
    const category = byCategory[notification.category];
    byCategory[notification.category] = { ...category, unread: lowerCount(category.unread, 1) };
    const type = byType[notification.type];
    byType[notification.type] = { ...type, unread: lowerCount(type.unread, 1) };
  }
  return {
    ...stats,
    unread_count: lowerCount(stats.unread_count, unread.length),
    by_category: byCategory,
    by_type: byType,
  };
}

/** The unread count the app knows: the stats', else the newest list page's. */
export function knownUnreadCount(queryClient: QueryClient, tenantId: TenantId): number | undefined {
  const stats = queryClient.getQueryData<NotificationStats>(notificationKeys.stats(tenantId));
  if (stats) return stats.unread_count;
  const pages = queryClient.getQueryData<NotificationPages>(notificationKeys.pages(tenantId));
  return pages?.pages[0]?.unread_count;
}

/** Every cached list of the tenant's notifications (each filter is its own). */
const pagesFilter = (tenantId: TenantId) => ({
  queryKey: [...notificationKeys.all(tenantId), 'pages'],
});

/** A notification as one of the cached lists holds it. */
export function cachedNotification(
  queryClient: QueryClient,
  tenantId: TenantId,
  id: string,
): Notification | undefined {
  for (const [, data] of queryClient.getQueriesData<NotificationPages>(pagesFilter(tenantId))) {
    for (const page of data?.pages ?? []) {
      const found = page.notifications.find((notification) => notification.id === id);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Marks the target read in every cached list and in the stats before the server answers, and
 * returns what puts them back if it fails.
 */
export async function markReadOptimistically(
  queryClient: QueryClient,
  tenantId: TenantId,
  target: ReadTarget,
): Promise<() => void> {
  // A refetch on its way would overwrite the optimistic state with the old one.
  await queryClient.cancelQueries({ queryKey: notificationKeys.all(tenantId) });
  const previousPages = queryClient.getQueriesData<NotificationPages>(pagesFilter(tenantId));
  const previousStats = queryClient.getQueryData<NotificationStats>(notificationKeys.stats(tenantId));
  const readAt = new Date().toISOString();
  queryClient.setQueriesData<NotificationPages>(pagesFilter(tenantId), (data) =>
    markReadInPages(data, target, readAt),
  );
  queryClient.setQueryData<NotificationStats>(notificationKeys.stats(tenantId), (stats) =>
    markReadInStats(stats, target),
  );
  return () => {
    for (const [key, data] of previousPages) queryClient.setQueryData(key, data);
    queryClient.setQueryData(notificationKeys.stats(tenantId), previousStats);
  };
}

/**
 * The live stream reports the unread count (each tab hears it, from the stream or from the tab
 * that holds it). When it differs from what the app shows, the count is shown at once and the
 * lists and stats are fetched again (new notifications, or read elsewhere). Then what the new
 * notifications are about is refreshed too, wherever it is on screen — the dashboard's counts and
 * recent list, the customer lists, a customer's page — so that no screen has to listen itself: the
 * stats' totals per category say which data moved; when they cannot (the stats could not be
 * fetched) and the count went up, every category's data on screen is fetched again.
 * Returns whether anything changed.
 */
export function applyUnreadCount(queryClient: QueryClient, tenantId: TenantId, unreadCount: number): boolean {
  const known = knownUnreadCount(queryClient, tenantId);
  if (known === unreadCount) return false;
  const before = queryClient.getQueryData<NotificationStats>(notificationKeys.stats(tenantId));
  queryClient.setQueryData<NotificationStats>(notificationKeys.stats(tenantId), (stats) =>
    stats ? { ...stats, unread_count: unreadCount } : stats,
  );
  const refetched = queryClient.invalidateQueries({ queryKey: notificationKeys.all(tenantId) });
  // Before the first count there is nothing to compare with: the screens have just loaded.
  if (known !== undefined) {
    // Loaded on the first news (it names every screen's keys): not part of the first screen's JS.
    void Promise.all([refetched, import('./live-refresh')]).then(([, live]) => {
      const after = queryClient.getQueryData<NotificationStats>(notificationKeys.stats(tenantId));
      const categories = live.categoriesWithNews(before, after);
      if (categories.length > 0) return live.refreshTouchedData(queryClient, tenantId, categories);
      if (unreadCount > known) return live.refreshTouchedData(queryClient, tenantId, live.ALL_CATEGORIES);
      return undefined;
    });
  }
  return true;
}
