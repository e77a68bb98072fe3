import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { NotFoundError } from '../../platform/errors';
import {
  countNotifications,
  countUnread,
  findNotification,
  findNotificationPage,
  markNotificationsRead,
  type NotificationFilter,
  setNotificationRead,
} from './notifications.repository';
import type { NotificationCategory, NotificationRow, NotificationType } from './notifications.tables';

export class NotificationNotFoundError extends NotFoundError {
  constructor() {
    super('notification', {
      message: '指定された通知が見つかりません。',
      suggestion: '通知一覧を開き直してください。',
    });
  }
}

const CATEGORIES: NotificationCategory[] = [
  'customer',
  'interaction',
  'document',
  'ai_analysis',
  'user',
  'system',
];
const TYPES: NotificationType[] = ['success', 'warning', 'error', 'info'];

export function listNotifications(
  tx: TenantTransaction,
  userId: string,
  filter: NotificationFilter,
  page: { skip: number; limit: number },
) {
  return findNotificationPage(tx, userId, filter, page);
}

/** Totals, unread, and both by category and by type, every key present (0 when none). */
export async function notificationStats(tx: TenantTransaction, userId: string) {
  const rows = await countNotifications(tx, userId);
  const zero = () => ({ total: 0, unread: 0 });
  const byCategory = Object.fromEntries(CATEGORIES.map((category) => [category, zero()])) as Record<
    NotificationCategory,
    { total: number; unread: number }
  >;
  const byType = Object.fromEntries(TYPES.map((type) => [type, zero()])) as Record<
    NotificationType,
    { total: number; unread: number }
  >;
  let total = 0;
  let unread = 0;
  for (const row of rows) {
    const [rowTotal, rowUnread] = [Number(row.total), Number(row.unread)];
    total += rowTotal;
    unread += rowUnread;
    byCategory[row.category].total += rowTotal;
    byCategory[row.category].unread += rowUnread;
    byType[row.type].total += rowTotal;
    byType[row.type].unread += rowUnread;
  }
  return { total, unread_count: unread, by_category: byCategory, by_type: byType };
}

/** One of the user's own notifications; anybody else's answers 404 like a missing one. */
export async function getNotification(
  tx: TenantTransaction,
  userId: string,
  id: string,
): Promise<NotificationRow> {
  const row = await findNotification(tx, userId, id);
  if (!row) throw new NotificationNotFoundError();
  return row;
}

export async function markNotification(
  tx: TenantTransaction,
  userId: string,
  id: string,
  read: boolean,
  now: Date,
): Promise<NotificationRow> {
  const row = await setNotificationRead(tx, userId, id, read, now);
  if (!row) throw new NotificationNotFoundError();
  return row;
}

/** Ids that are not the user's, unknown or already read are not counted (the contract says so). */
export async function markRead(tx: TenantTransaction, userId: string, now: Date, ids?: string[]) {
  const updated = await markNotificationsRead(tx, userId, now, ids);
  return { updated_count: updated, unread_count: await countUnread(tx, userId) };
}
