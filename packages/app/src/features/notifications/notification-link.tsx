import type { NotificationItem } from '@tsumiki/ui';
import { safeReturnPath } from '../../lib/format';
import type { Notification } from './notification-cache';

/**
 * A notification for ui's list: its `link` kept only when it is an address inside the app (the
 * server writes paths such as /customers/…; anything else is not followed).
 */
export function toNotificationItem(notification: Notification): NotificationItem {
  const link =
    notification.link && safeReturnPath(notification.link) === notification.link ? notification.link : null;
  return { ...notification, link };
}
