import type { components } from './generated/schema';

type NotificationType = components['schemas']['NotificationType'];
type NotificationCategory = components['schemas']['NotificationCategory'];

/** The contract's notification types in Japanese (the words ui's notification list uses). */
export const NOTIFICATION_TYPE_LABELS: Readonly<Record<NotificationType, string>> = {
  success: '成功',
  warning: '警告',
  error: 'エラー',
  info: 'お知らせ',
};

/** The contract's notification categories in Japanese, e.g. for a filter. */
export const NOTIFICATION_CATEGORY_LABELS: Readonly<Record<NotificationCategory, string>> = {
  customer: '顧客',
  interaction: '対応履歴',
  document: '文書',
  ai_analysis: 'AI分析',
  user: 'ユーザー',
  system: 'システム',
};
