import { NOTIFICATION_CATEGORY_LABELS } from '@tsumiki/api-client';
import { notificationsInfiniteQueryOptions } from '@tsumiki/api-client/react';
import { Alert, Button, Card, EmptyState, NotificationList, PageHeader, Select, Switch } from '@tsumiki/ui';
import { BellOff, CheckCheck, RotateCw, SearchX } from 'lucide-react';
import { useMemo } from 'react';
import { type LoaderFunctionArgs, type ShouldRevalidateFunction, useSearchParams } from 'react-router-dom';
import { api } from '../../app/api';
import { appRoutes } from '../../app/paths';
import { loaderTenant, prefetch } from '../../app/prefetch';
import { queryClient } from '../../app/query-client';
import { RouterLink } from '../../app/router-link';
import { isFeatureEnabled, useFeatureFlags } from '../../features/feature-flags';
import {
  isNotificationFilterActive,
  NOTIFICATION_CATEGORIES,
  type NotificationCategory,
  type NotificationScreenFilter,
  notificationListFilter,
  parseNotificationFilter,
  serializeNotificationFilter,
} from '../../features/notifications/notification-filter';
import { toNotificationItem } from '../../features/notifications/notification-link';
import {
  useNotificationActions,
  useNotificationPages,
  useNotificationStats,
} from '../../features/notifications/notification-queries';
import { formatCount, getDisplayTimeZone } from '../../lib/format';

const { title } = appRoutes.notifications;

/** Fetches the first page the URL asks for while the chunk loads. */
export async function loader({ request }: LoaderFunctionArgs) {
  await prefetch(async () => {
    const signedIn = await loaderTenant();
    if (!signedIn) return;
    const filter = parseNotificationFilter(new URL(request.url).searchParams);
    await queryClient.prefetchInfiniteQuery({
      ...notificationsInfiniteQueryOptions(api, signedIn.tenantId, notificationListFilter(filter)),
      retry: false,
    });
  });
  return null;
}

/** Changing a filter changes only the query string: the screen fetches that itself. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => (currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate);

/**
 * /notifications: the user's notifications, newest first, 10 at a time (もっと見る while a full
 * page came back), filtered by category and 未読のみ (kept in the URL); each opens what it is
 * about and is marked read; mark one or all read.
 */
export function Component() {
  const { flags } = useFeatureFlags();
  if (!isFeatureEnabled(flags, 'notifications')) {
    return (
      <div className="flex min-w-0 flex-col gap-5">
        <PageHeader title={title} />
        <Alert variant="info" title="通知はこのテナントでは使われていません">
          管理者が機能の設定で通知を有効にすると、ここに表示されます。
        </Alert>
      </div>
    );
  }
  return <NotificationsScreen />;
}

function NotificationsScreen() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => parseNotificationFilter(params), [params]);
  const filtered = isNotificationFilterActive(filter);
  const { query, notifications, lastPageSize, total } = useNotificationPages(notificationListFilter(filter));
  const stats = useNotificationStats();
  const actions = useNotificationActions();
  const items = useMemo(() => notifications.map(toNotificationItem), [notifications]);
  const unreadCount = stats.data?.unread_count ?? query.data?.pages[0]?.unread_count ?? 0;
  const categoryUnread = filter.category ? stats.data?.by_category[filter.category].unread : undefined;
  const loadFailed = query.isError && !query.data;

  const update = (patch: Partial<NotificationScreenFilter>) =>
    setParams(serializeNotificationFilter({ ...filter, ...patch }), { replace: true });

  // With a category chosen, the button reads only the unread ones shown; otherwise all of them.
  const shownUnread = notifications.filter((notification) => !notification.read);
  const markShownOnly = filter.category !== null;
  const canMark = markShownOnly ? shownUnread.length > 0 : unreadCount > 0;

  let summary = '';
  if (query.data && total !== undefined) {
    summary = filtered
      ? `条件に一致する通知: ${formatCount(total)} 件（未読は全部で ${formatCount(unreadCount)} 件）`
      : `通知: ${formatCount(total)} 件（未読 ${formatCount(unreadCount)} 件）`;
  }

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <PageHeader
        title={title}
        description="顧客の登録や対応履歴の追加など、ほかの人の操作やシステムからのお知らせです。件名を開くと既読になります。"
        actions={
          <Button
            variant="outline"
            disabled={!canMark || loadFailed}
            onClick={() => (markShownOnly ? actions.markSeveralRead(notifications) : actions.markAllRead())}
          >
            <CheckCheck aria-hidden="true" />
            {markShownOnly ? '表示中の通知を既読にする' : 'すべて既読にする'}
          </Button>
        }
      />

      <search
        aria-label="通知の絞り込み"
        className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between"
      >
        <Select
          label="分類"
          className="sm:w-64"
          placeholder={false}
          options={[
            { value: '', label: 'すべての分類' },
            ...NOTIFICATION_CATEGORIES.map((category) => ({
              value: category,
              label: categoryOption(category, stats.data?.by_category[category].unread),
            })),
          ]}
          value={filter.category ?? ''}
          onChange={(event) =>
            update({ category: (event.target.value || null) as NotificationCategory | null })
          }
        />
        <Switch
          label="未読のみ"
          checked={filter.unreadOnly}
          onCheckedChange={(checked) => update({ unreadOnly: checked })}
        />
      </search>

      {/* Not a live region: live updates and background refreshes would have it read out again
          and again. */}
      <p className="min-h-5 text-sm text-muted-foreground tabular-nums" data-testid="notification-total">
        {summary}
        {categoryUnread !== undefined && filter.category && !loadFailed
          ? `・${NOTIFICATION_CATEGORY_LABELS[filter.category]}の未読 ${formatCount(categoryUnread)} 件`
          : ''}
      </p>

      <Card padding="none" className="overflow-hidden">
        <NotificationList
          aria-label="通知一覧"
          showHeader={false}
          notifications={items}
          unreadCount={unreadCount}
          loading={query.isPending}
          error={loadFailed ? query.error.message : undefined}
          onRetry={() => void query.refetch()}
          lastPageSize={lastPageSize}
          onShowMore={() => void query.fetchNextPage()}
          loadingMore={query.isFetchingNextPage}
          onMarkRead={(id) => {
            const notification = notifications.find((item) => item.id === id);
            if (notification) actions.markRead(notification);
          }}
          onSelect={(notification) => actions.markRead(notification)}
          linkComponent={RouterLink}
          timeZone={getDisplayTimeZone()}
          showAbsoluteTime
          clampMessage={false}
          empty={
            filtered ? (
              <EmptyState
                icon={
                  <span className="mb-1 grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
                    <SearchX aria-hidden="true" className="size-6" />
                  </span>
                }
                title={filter.unreadOnly ? '未読の通知はありません' : '条件に一致する通知はありません'}
                description="絞り込みを外すと、すべての通知を表示します。"
                action={
                  <Button variant="outline" onClick={() => update({ category: null, unreadOnly: false })}>
                    絞り込みを解除
                  </Button>
                }
              />
            ) : (
              <EmptyState
                icon={
                  <span className="mb-1 grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
                    <BellOff aria-hidden="true" className="size-6" />
                  </span>
                }
                title="通知はまだありません"
                description="ほかの人が顧客を登録したときや、担当の顧客に対応履歴が追加されたときにお知らせします。"
              />
            )
          }
        />
        {query.isFetchNextPageError && (
          <div className="border-t p-4">
            <Alert variant="error" title="続きの通知を読み込めませんでした">
              {query.error?.message}
              <div className="mt-2">
                <Button variant="outline" size="sm" onClick={() => void query.fetchNextPage()}>
                  <RotateCw aria-hidden="true" />
                  再試行
                </Button>
              </div>
            </Alert>
          </div>
        )}
      </Card>
    </div>
  );
}

/** 「顧客（未読 2）」 in the filter while the counts are known. */
function categoryOption(category: NotificationCategory, unread: number | undefined): string {
  const label = NOTIFICATION_CATEGORY_LABELS[category];
  return unread ? `${label}（未読 ${formatCount(unread)}）` : label;
}
