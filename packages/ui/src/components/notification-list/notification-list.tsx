import { BellOff, CircleAlert, CircleCheck, Info, RotateCw, TriangleAlert } from 'lucide-react';
import type { ComponentProps, ComponentType, MouseEvent, ReactNode } from 'react';
import { commonMessages } from '../../i18n/groups/common';
import { notificationsMessages } from '../../i18n/groups/notifications';
import { useMessageGroups } from '../../i18n/messages-provider';
import { cn } from '../../lib/cn';
import { type DateInput, formatDateTime } from '../../lib/date';
import { formatRelativeTime } from '../../lib/date-relative';
import { Alert } from '../alert/alert';
import { Button } from '../button/button';
import { Chip } from '../chip/chip';
import { EmptyState } from '../empty-state/empty-state';
import { Skeleton } from '../skeleton/skeleton';

export type NotificationType = 'success' | 'warning' | 'error' | 'info';

/** A notification as the API returns it (SPEC section 3). */
export type NotificationItem = {
  id: string;
  title: string;
  message: string;
  type: NotificationType;
  /** customer, interaction, document, ai_analysis, user, system. */
  category: string;
  read: boolean;
  /** ISO 8601. */
  created_at: string;
  /** What it is about (e.g. `/customers/…`): the title becomes a link to it. */
  link?: string | null;
};

/** A router's link (e.g. react-router's `Link` with `to={href}`); defaults to a plain `<a href>`. */
export type NotificationLinkProps = {
  href: string;
  className?: string;
  children: ReactNode;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
};

function AnchorLink({ href, className, children, onClick }: NotificationLinkProps) {
  return (
    <a href={href} className={className} onClick={onClick}>
      {children}
    </a>
  );
}

/** The product's page size (SPEC section 9). */
export const NOTIFICATION_PAGE_SIZE = 10;

export type NotificationListProps = Omit<ComponentProps<'section'>, 'children' | 'onSelect'> & {
  notifications: readonly NotificationItem[];
  /** Shown in the header; defaults to the unread items in the list. */
  unreadCount?: number;
  /** First load: skeleton rows. */
  loading?: boolean;
  /** Loading failed: this message with 再試行 instead of the list (never the empty state). */
  error?: ReactNode;
  onRetry?: () => void;
  /**
   * Size of the last page the server returned: もっと見る shows while it was a full page
   * (`pageSize`, 10). Pass `hasMore` instead to decide yourself.
   */
  lastPageSize?: number;
  pageSize?: number;
  hasMore?: boolean;
  onShowMore?: () => void;
  loadingMore?: boolean;
  onMarkRead?: (id: string) => void;
  onMarkAllRead?: () => void;
  /**
   * Opens a notification: called when its title (a link when it has `link`, else a button) is
   * activated, e.g. to mark it read.
   */
  onSelect?: (notification: NotificationItem) => void;
  /** Renders the links of notifications that have `link`. */
  linkComponent?: ComponentType<NotificationLinkProps>;
  /** The present for relative times (たった今, 5分前…); pass one for stable screenshots. */
  now?: DateInput;
  /** IANA time zone for the times, e.g. `Asia/Tokyo`; defaults to the viewer's. */
  timeZone?: string;
  /** Shows the date and time beside the relative time (always in the tooltip). */
  showAbsoluteTime?: boolean;
  /** Cuts each message to two lines (a panel); false shows it whole (a page). */
  clampMessage?: boolean;
  /** The heading and すべて既読にする above the list. */
  showHeader?: boolean;
  headingLevel?: 2 | 3;
  /** Replaces the empty state. */
  empty?: ReactNode;
};

const typeIcons = { success: CircleCheck, warning: TriangleAlert, error: CircleAlert, info: Info } as const;
const typeClasses = {
  success: 'bg-success-subtle text-success-subtle-foreground',
  warning: 'bg-warning-subtle text-warning-subtle-foreground',
  error: 'bg-error-subtle text-error-subtle-foreground',
  info: 'bg-info-subtle text-info-subtle-foreground',
} as const;

/** Notifications, newest first: type icon, category, read state, relative time; mark read one by one or all. */
export function NotificationList({
  notifications,
  unreadCount,
  loading = false,
  error,
  onRetry,
  lastPageSize,
  pageSize = NOTIFICATION_PAGE_SIZE,
  hasMore,
  onShowMore,
  loadingMore = false,
  onMarkRead,
  onMarkAllRead,
  onSelect,
  linkComponent = AnchorLink,
  now,
  timeZone,
  showAbsoluteTime = false,
  clampMessage = true,
  showHeader = true,
  headingLevel = 2,
  empty,
  className,
  ...props
}: NotificationListProps) {
  const messages = useMessageGroups({ common: commonMessages, notifications: notificationsMessages });
  const text = messages.notifications;
  const Heading = `h${headingLevel}` as const;
  const unread = unreadCount ?? notifications.filter((notification) => !notification.read).length;
  const showMore = onShowMore && (hasMore ?? (lastPageSize !== undefined && lastPageSize >= pageSize));

  let content: ReactNode;
  if (error) {
    content = (
      <div className="p-4">
        <Alert variant="error" title={text.error} data-slot="notification-list-error">
          {error === true ? null : error}
          {onRetry && (
            <div className="mt-2">
              <Button variant="outline" size="sm" onClick={onRetry}>
                <RotateCw aria-hidden="true" />
                {messages.common.retry}
              </Button>
            </div>
          )}
        </Alert>
      </div>
    );
  } else if (loading && notifications.length === 0) {
    content = (
      <div data-slot="notification-list-loading" className="grid gap-3 p-4">
        <span role="status" className="sr-only">
          {text.loading}
        </span>
        {[0, 1, 2].map((index) => (
          <div key={index} className="flex gap-3">
            <Skeleton rounded="full" className="size-9 shrink-0" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3 w-full" />
            </div>
          </div>
        ))}
      </div>
    );
  } else if (notifications.length === 0) {
    content = empty ?? (
      <EmptyState
        headingLevel={headingLevel === 2 ? 3 : 4}
        icon={
          <span className="mb-1 grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
            <BellOff aria-hidden="true" className="size-6" />
          </span>
        }
        title={text.empty}
        description={text.emptyDescription}
      />
    );
  } else {
    content = (
      <ul data-slot="notification-list-items" className="divide-y">
        {notifications.map((notification) => (
          <NotificationRow
            key={notification.id}
            notification={notification}
            onMarkRead={onMarkRead}
            onSelect={onSelect}
            Link={linkComponent}
            now={now}
            timeZone={timeZone}
            showAbsoluteTime={showAbsoluteTime}
            clampMessage={clampMessage}
          />
        ))}
      </ul>
    );
  }

  return (
    <section
      data-slot="notification-list"
      aria-label={showHeader ? undefined : text.title}
      aria-busy={loading || loadingMore || undefined}
      {...props}
      className={cn('flex flex-col', className)}
    >
      {showHeader && (
        <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
          <Heading className="flex items-center gap-2 text-base font-semibold">
            {text.title}
            {unread > 0 && (
              <Chip variant="error" size="sm" data-slot="notification-list-unread">
                {text.unread} {unread}
              </Chip>
            )}
          </Heading>
          {onMarkAllRead && (
            <Button
              variant="ghost"
              size="sm"
              disabled={unread === 0 || Boolean(error)}
              onClick={onMarkAllRead}
            >
              {text.markAllRead}
            </Button>
          )}
        </div>
      )}
      {content}
      {showMore && notifications.length > 0 && !error && (
        <div className="border-t p-2">
          <Button variant="ghost" className="w-full" loading={loadingMore} onClick={onShowMore}>
            {text.showMore}
          </Button>
        </div>
      )}
    </section>
  );
}

type NotificationRowProps = {
  notification: NotificationItem;
  onMarkRead: ((id: string) => void) | undefined;
  onSelect: ((notification: NotificationItem) => void) | undefined;
  Link: ComponentType<NotificationLinkProps>;
  now: DateInput | undefined;
  timeZone: string | undefined;
  showAbsoluteTime: boolean;
  clampMessage: boolean;
};

const titleTargetClass =
  'cursor-pointer rounded-sm text-left outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring';

function NotificationRow({
  notification,
  onMarkRead,
  onSelect,
  Link,
  now,
  timeZone,
  showAbsoluteTime,
  clampMessage,
}: NotificationRowProps) {
  const messages = useMessageGroups({ common: commonMessages, notifications: notificationsMessages });
  const text = messages.notifications;
  const Icon = typeIcons[notification.type] ?? Info;
  const absolute = formatDateTime(notification.created_at, { timeZone });
  const title = (
    <span className={cn('text-sm', notification.read ? 'font-medium' : 'font-bold')}>
      {notification.title}
    </span>
  );
  return (
    <li
      data-slot="notification-item"
      data-read={notification.read}
      data-type={notification.type}
      className={cn('relative flex gap-3 px-4 py-3', !notification.read && 'bg-primary-subtle/50')}
    >
      <span
        className={cn('grid size-9 shrink-0 place-items-center rounded-full', typeClasses[notification.type])}
      >
        <Icon aria-hidden="true" className="size-[1.125rem]" />
      </span>
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="flex items-start gap-2">
          <span className="sr-only">
            {text.types[notification.type]}
            {!notification.read && `、${text.unread}`}：
          </span>
          {notification.link ? (
            <Link
              href={notification.link}
              className={cn(titleTargetClass, 'text-foreground')}
              onClick={() => onSelect?.(notification)}
            >
              {title}
            </Link>
          ) : onSelect ? (
            <button type="button" onClick={() => onSelect(notification)} className={titleTargetClass}>
              {title}
            </button>
          ) : (
            title
          )}
          {!notification.read && (
            <span
              aria-hidden="true"
              data-slot="notification-unread-dot"
              className="mt-1.5 size-2 shrink-0 rounded-full bg-primary"
            />
          )}
        </p>
        <p className={cn('text-sm leading-[1.7] text-muted-foreground', clampMessage && 'line-clamp-2')}>
          {notification.message}
        </p>
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <Chip size="sm">{text.categories[notification.category] ?? notification.category}</Chip>
          <time dateTime={notification.created_at} title={absolute}>
            {formatRelativeTime(notification.created_at, { now, timeZone })}
            {showAbsoluteTime && (
              <span data-slot="notification-absolute-time" className="tabular-nums">
                （{absolute}）
              </span>
            )}
          </time>
          {!notification.read && onMarkRead && (
            <Button
              variant="link"
              size={null}
              className="ml-auto h-auto px-0 text-xs"
              onClick={() => onMarkRead(notification.id)}
            >
              {text.markRead}
              <span className="sr-only">（{notification.title}）</span>
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}
