import type { Generated, Selectable } from 'kysely';
import type { CreatedAt } from '../../platform/db/schema';

export type NotificationType = 'success' | 'warning' | 'error' | 'info';
export type NotificationCategory =
  | 'customer'
  | 'interaction'
  | 'document'
  | 'ai_analysis'
  | 'user'
  | 'system';

export interface NotificationsTable {
  tenant_id: string;
  id: Generated<string>;
  /** The member of the tenant it is for (composite foreign key to tenant_users). */
  user_id: string;
  event_id: string | null;
  title: string;
  message: string;
  type: NotificationType;
  category: NotificationCategory;
  /** A path of the app (/customers/…), or null. */
  link: string | null;
  read_at: Date | null;
  created_at: CreatedAt;
}

declare module '../../platform/db/schema' {
  interface Database {
    notifications: NotificationsTable;
  }
}

export type NotificationRow = Selectable<NotificationsTable>;
