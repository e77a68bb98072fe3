import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { demoNotifications, notificationPage, storyNow } from '../../test/story-fixtures';
import { Card } from '../card/card';
import { type NotificationItem, NotificationList, type NotificationListProps } from './notification-list';

/** Holds the list like the app's notifications screen: pages of 10, mark read one or all. */
function NotificationsScreen(args: NotificationListProps) {
  const [items, setItems] = useState<NotificationItem[]>([...args.notifications]);
  const [lastPageSize, setLastPageSize] = useState(args.lastPageSize);
  const [loadingMore, setLoadingMore] = useState(false);
  const unread = items.filter((item) => !item.read).length;
  return (
    <Card padding="none" className="mx-auto max-w-2xl overflow-hidden">
      <NotificationList
        {...args}
        notifications={items}
        unreadCount={unread}
        lastPageSize={lastPageSize}
        loadingMore={loadingMore}
        onMarkRead={(id) => {
          args.onMarkRead?.(id);
          setItems((current) => current.map((item) => (item.id === id ? { ...item, read: true } : item)));
        }}
        onMarkAllRead={() => {
          args.onMarkAllRead?.();
          setItems((current) => current.map((item) => ({ ...item, read: true })));
        }}
        onShowMore={() => {
          args.onShowMore?.();
          setLoadingMore(true);
          setTimeout(() => {
            // The second page is short: もっと見る goes away.
            const next = notificationPage(1).slice(0, 4);
            setItems((current) => [...current, ...next]);
            setLastPageSize(next.length);
            setLoadingMore(false);
          }, 200);
        }}
      />
    </Card>
  );
}

const meta = {
  title: 'Composites/NotificationList',
  component: NotificationList,
  tags: ['autodocs'],
  args: {
    notifications: notificationPage(0),
    lastPageSize: 10,
    now: storyNow,
    onMarkRead: fn(),
    onMarkAllRead: fn(),
    onShowMore: fn(),
  },
  argTypes: { notifications: { control: false } },
  render: (args) => <NotificationsScreen {...args} />,
} satisfies Meta<typeof NotificationList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Mark one read, show more while a full page of 10 came back, then mark all read. */
export const Playground: Story = {
  play: async ({ args, canvas, step }) => {
    const list = canvas.getByRole('list');
    await expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    await expect(canvas.getByRole('heading', { name: /^通知\s*未読 3$/ })).toBeVisible();
    await step('mark one as read', async () => {
      const buttons = canvas.getAllByRole('button', { name: /^既読にする/ });
      await expect(buttons).toHaveLength(3);
      await userEvent.click(buttons[0]!);
      await expect(args.onMarkRead).toHaveBeenCalledWith('p0-0');
      await expect(canvas.getAllByRole('button', { name: /^既読にする/ })).toHaveLength(2);
      await expect(canvas.getByRole('heading', { name: /^通知\s*未読 2$/ })).toBeVisible();
    });
    await step('show more', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'もっと見る' }));
      await expect(args.onShowMore).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(14));
      // The last page had 4: no more pages.
      await expect(canvas.queryByRole('button', { name: 'もっと見る' })).toBeNull();
    });
    await step('mark all as read', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'すべて既読にする' }));
      await expect(args.onMarkAllRead).toHaveBeenCalledTimes(1);
      await expect(canvas.queryAllByRole('button', { name: /^既読にする/ })).toHaveLength(0);
      await expect(canvas.getByRole('button', { name: 'すべて既読にする' })).toBeDisabled();
      await expect(canvas.getByRole('heading', { name: '通知' })).toBeVisible();
    });
  },
};

/** Each type with its icon, each category, read and unread, and relative times in Japanese. */
export const Catalog: Story = {
  args: { notifications: demoNotifications, lastPageSize: 5 },
  play: async ({ canvas }) => {
    const times = canvas.getAllByRole('listitem').map((item) => item.querySelector('time')?.textContent);
    await expect(times).toEqual(['たった今', '5分前', '3時間前', '昨日', '2026/11/19']);
    await expect(canvas.getByText('AI分析')).toBeVisible();
    await expect(canvas.getByText('対応履歴')).toBeVisible();
    // Type and read state are read out before the title.
    await expect(canvas.getAllByRole('listitem')[0]).toHaveTextContent(
      '成功、未読：新しい顧客が登録されました',
    );
    await expect(canvas.queryByRole('button', { name: 'もっと見る' })).toBeNull();
  },
};

export const Loading: Story = {
  args: { notifications: [], loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('通知を読み込み中');
  },
};

export const Empty: Story = {
  args: { notifications: [], lastPageSize: 0 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: '通知はありません' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'すべて既読にする' })).toBeDisabled();
  },
};

export const Mobile: Story = {
  args: { notifications: demoNotifications, lastPageSize: 5 },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async () => {
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** Loading failed: an error with 再試行, never 通知はありません. */
export const LoadError: Story = {
  args: { notifications: [], error: '通信エラーが発生しました。接続を確認してください。', onRetry: fn() },
  play: async ({ args, canvas }) => {
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent('通知を読み込めませんでした');
    await expect(alert).toHaveTextContent('通信エラーが発生しました。');
    await expect(canvas.queryByText('通知はありません')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'すべて既読にする' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: '再試行' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/**
 * Notifications with a `link` open what they are about: the title is a link, and opening it calls
 * onSelect (the app marks it read). As on a page: times in Japan time with the date beside the
 * relative time, messages whole.
 */
export const WithLinks: Story = {
  args: {
    notifications: demoNotifications.map((item, index) => ({
      ...item,
      link: index === 3 ? null : `#/customers/c-${index + 1}`,
    })),
    lastPageSize: 5,
    onSelect: fn(),
    timeZone: 'Asia/Tokyo',
    showAbsoluteTime: true,
    clampMessage: false,
  },
  play: async ({ args, canvas }) => {
    const link = canvas.getByRole('link', { name: '新しい顧客が登録されました' });
    await expect(link).toHaveAttribute('href', '#/customers/c-1');
    await userEvent.click(link);
    await expect(args.onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 'n-1' }));
    // Without a link the title is a button that still opens it.
    await userEvent.click(canvas.getByRole('button', { name: 'ファイルのアップロードに失敗しました' }));
    await expect(args.onSelect).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'n-4' }));
    // 05:00 UTC is 14:00 in Tokyo, whatever the viewer's zone.
    await expect(canvas.getAllByRole('listitem')[0]).toHaveTextContent('たった今（2026/11/22 13:59）');
  },
};
