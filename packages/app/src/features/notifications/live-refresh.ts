import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { components } from '@tsumiki/api-client';
import {
  customerKeys,
  documentKeys,
  folderKeys,
  interactionKeys,
  invitationKeys,
  researchKeys,
  type TenantId,
  tenantUserKeys,
} from '@tsumiki/api-client/react';

type NotificationCategory = components['schemas']['NotificationCategory'];
type NotificationStats = components['schemas']['NotificationStats'];

/**
 * The cached data a new notification of each category is about (notifications.rules.ts on the
 * server says which events make which): a customer registered, changed, deleted or imported moves
 * the customer lists, the customer's page and the dashboard's counts (and, for a deleted one, the
 * interactions shown with it); an interaction moves the interaction lists, the dashboard's recent
 * list and this month's count, and its customer's page; someone joining with an invitation moves
 * the users and the invitations. The same pairs the app's own mutations invalidate.
 */
export const DATA_TOUCHED_BY: Readonly<Record<NotificationCategory, (tenantId: TenantId) => QueryKey[]>> = {
  customer: (tenantId) => [customerKeys.all(tenantId), interactionKeys.all(tenantId)],
  interaction: (tenantId) => [interactionKeys.all(tenantId), customerKeys.all(tenantId)],
  document: (tenantId) => [documentKeys.all(tenantId), folderKeys.all(tenantId)],
  ai_analysis: (tenantId) => [researchKeys.all(tenantId)],
  user: (tenantId) => [tenantUserKeys.all(tenantId), invitationKeys.all(tenantId)],
  system: () => [],
};

const CATEGORIES = Object.keys(DATA_TOUCHED_BY) as NotificationCategory[];

/**
 * The categories in which notifications arrived between two looks at the stats: those whose total
 * went up. (Reading one changes only the unread counts; totals rise only with new notifications.)
 */
export function categoriesWithNews(
  before: NotificationStats | undefined,
  after: NotificationStats | undefined,
): NotificationCategory[] {
  if (!before || !after) return [];
  return CATEGORIES.filter(
    (category) => (after.by_category[category]?.total ?? 0) > (before.by_category[category]?.total ?? 0),
  );
}

/**
 * Marks the data of `categories` stale and fetches again what a screen shows now (the dashboard,
 * a list, a customer's page); the rest is fetched when it is next opened. No screen subscribes
 * itself: the live stream's count (notification-cache.ts, applyUnreadCount) calls this.
 */
export async function refreshTouchedData(
  queryClient: QueryClient,
  tenantId: TenantId,
  categories: readonly NotificationCategory[],
): Promise<void> {
  const keys = new Map<string, QueryKey>();
  for (const category of categories) {
    for (const key of DATA_TOUCHED_BY[category](tenantId)) keys.set(JSON.stringify(key), key);
  }
  await Promise.all(
    [...keys.values()].map((queryKey) => queryClient.invalidateQueries({ queryKey, refetchType: 'active' })),
  );
}

/** Every category that has data of its own: when news arrived but the stats cannot say where. */
export const ALL_CATEGORIES: readonly NotificationCategory[] = CATEGORIES;
