import type { components } from '@tsumiki/api-client/schema';
import type { NotificationRow } from './notifications.tables';

export function toNotification(row: NotificationRow): components['schemas']['Notification'] {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    type: row.type,
    category: row.category,
    read: row.read_at !== null,
    read_at: row.read_at?.toISOString() ?? null,
    link: row.link,
    created_at: row.created_at.toISOString(),
  };
}
