export {
  NOTIFICATION_PAGE_SIZE,
  type NotificationItem,
  type NotificationLinkProps,
  NotificationList,
  type NotificationListProps,
  type NotificationType,
} from './notification-list';
