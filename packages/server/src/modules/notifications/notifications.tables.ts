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

/** Whether and when the tenant's members get a daily mail of their unread notifications (0020). */
export interface NotificationDigestSettingsTable {
  tenant_id: string;
  enabled: Generated<boolean>;
  /** The hour of the tenant's day (its time zone), 0–23. */
  hour: Generated<number>;
  last_sent_at: Date | null;
  updated_at: CreatedAt;
}

/** Up to which notification a member's last digest went (one row per member). */
export interface NotificationDigestDeliveriesTable {
  tenant_id: string;
  user_id: string;
  through: Date;
  sent_at: CreatedAt;
  notification_count: number;
}

declare module '../../platform/db/schema' {
  interface Database {
    notifications: NotificationsTable;
    notification_digest_settings: NotificationDigestSettingsTable;
    notification_digest_deliveries: NotificationDigestDeliveriesTable;
  }
}

export type NotificationRow = Selectable<NotificationsTable>;
