import { NOTIFICATION_CATEGORY_LABELS } from '@tsumiki/api-client';
import type { NotificationFilter } from '@tsumiki/api-client/react';

export type NotificationCategory = keyof typeof NOTIFICATION_CATEGORY_LABELS;

/** The contract's categories in its order, for the filter. */
export const NOTIFICATION_CATEGORIES = Object.keys(NOTIFICATION_CATEGORY_LABELS) as NotificationCategory[];

/** The /notifications screen's filters, as its URL holds them: ?category=customer&unread=1. */
export interface NotificationScreenFilter {
  category: NotificationCategory | null;
  unreadOnly: boolean;
}

function isCategory(value: string | null): value is NotificationCategory {
  return value !== null && Object.hasOwn(NOTIFICATION_CATEGORY_LABELS, value);
}

/** Reads the filters from the URL; anything unknown counts as no filter. */
export function parseNotificationFilter(params: URLSearchParams): NotificationScreenFilter {
  const category = params.get('category');
  return { category: isCategory(category) ? category : null, unreadOnly: params.get('unread') === '1' };
}

/** The URL's search params for the filters (none for the defaults). */
export function serializeNotificationFilter(filter: NotificationScreenFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.category) params.set('category', filter.category);
  if (filter.unreadOnly) params.set('unread', '1');
  return params;
}

/** The list query for the filters (the same key as the bell's when there are none). */
export function notificationListFilter(filter: NotificationScreenFilter): NotificationFilter {
  return {
    ...(filter.category ? { category: filter.category } : {}),
    ...(filter.unreadOnly ? { unread_only: true } : {}),
  };
}

export function isNotificationFilterActive(filter: NotificationScreenFilter): boolean {
  return filter.category !== null || filter.unreadOnly;
}
