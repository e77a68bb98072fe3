export {
  NOTIFICATION_PAGE_SIZE,
  type NotificationItem,
  NotificationList,
  type NotificationListProps,
  type NotificationType,
} from './notification-list';
