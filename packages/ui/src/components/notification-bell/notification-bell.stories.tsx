import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { demoNotifications, storyNow } from '../../test/story-fixtures';
import type { NotificationItem } from '../notification-list/notification-list';
import { NotificationBell, type NotificationBellProps } from './notification-bell';

function StatefulBell(args: NotificationBellProps) {
  const [items, setItems] = useState<NotificationItem[]>([...args.notifications]);
  const [unread, setUnread] = useState(args.unreadCount);
  return (
    <NotificationBell
      {...args}
      notifications={items}
      unreadCount={unread}
      onMarkRead={(id) => {
        args.onMarkRead?.(id);
        setItems((current) => current.map((item) => (item.id === id ? { ...item, read: true } : item)));
        // SPEC section 4: the count goes down by one, never below 0.
        setUnread((count) => Math.max(0, count - 1));
      }}
      onMarkAllRead={() => {
        args.onMarkAllRead?.();
        setItems((current) => current.map((item) => ({ ...item, read: true })));
        setUnread(0);
      }}
    />
  );
}

const meta = {
  title: 'Composites/NotificationBell',
  component: NotificationBell,
  tags: ['autodocs'],
  parameters: { layout: 'centered' },
  args: {
    unreadCount: 3,
    notifications: demoNotifications,
    now: storyNow,
    onMarkRead: fn(),
    onMarkAllRead: fn(),
    onViewAll: fn(),
    viewAllHref: '/notifications',
  },
  argTypes: { notifications: { control: false } },
  render: (args) => <StatefulBell {...args} />,
} satisfies Meta<typeof NotificationBell>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The unread count is on the bell; the panel marks one or all as read and leads to the full list. */
export const Playground: Story = {
  play: async ({ args, canvas }) => {
    const bell = canvas.getByRole('button', { name: /^通知\s*（未読 3 件）$/ });
    await expect(bell.querySelector('[data-slot="notification-bell-count"]')).toHaveTextContent('3');
    await userEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: '通知' });
    await userEvent.click(within(panel).getAllByRole('button', { name: /^既読にする/ })[0]!);
    await expect(args.onMarkRead).toHaveBeenCalledWith('n-1');
    await expect(canvas.getByRole('button', { name: /^通知\s*（未読 2 件）$/ })).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'すべて既読にする' }));
    await expect(args.onMarkAllRead).toHaveBeenCalledTimes(1);
    await expect(canvas.getByRole('button', { name: '通知' })).toBeInTheDocument();
    await expect(bell.querySelector('[data-slot="notification-bell-count"]')).toBeNull();
    await userEvent.click(within(panel).getByRole('link', { name: 'すべての通知を見る' }));
    await expect(args.onViewAll).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** The panel open with unread and read items. */
export const Open: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /^通知\s*（未読 3 件）$/ }));
    const panel = await screen.findByRole('dialog', { name: '通知' });
    await expect(within(panel).getAllByRole('listitem')).toHaveLength(5);
  },
};

export const Catalog: Story = {
  render: (args) => (
    <div className="flex items-center gap-4">
      <NotificationBell {...args} unreadCount={0} />
      <NotificationBell {...args} unreadCount={3} />
      <NotificationBell {...args} unreadCount={120} />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: '通知' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: /^通知\s*（未読 99\+ 件）$/ })).toBeInTheDocument();
  },
};

export const Loading: Story = {
  args: { notifications: [], loading: true, unreadCount: 0 },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: '通知' }));
    const panel = await screen.findByRole('dialog', { name: '通知' });
    await expect(within(panel).getByRole('status')).toHaveTextContent('通知を読み込み中');
  },
};

export const Empty: Story = {
  args: { notifications: [], unreadCount: 0 },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: '通知' }));
    const panel = await screen.findByRole('dialog', { name: '通知' });
    await expect(within(panel).getByText('通知はありません')).toBeVisible();
  },
};

/** At 375px the panel fits the screen. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /^通知\s*（未読 3 件）$/ }));
    const panel = await screen.findByRole('dialog', { name: '通知' });
    await waitFor(() => expect(panel.getBoundingClientRect().left).toBeGreaterThanOrEqual(0));
    await expect(panel.getBoundingClientRect().right).toBeLessThanOrEqual(375);
  },
};

/** The panel's list could not be loaded: an error with 再試行, not 通知はありません. */
export const LoadError: Story = {
  args: { notifications: [], unreadCount: 2, error: '通信エラーが発生しました。', onRetry: fn() },
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /^通知\s*（未読 2 件）$/ }));
    const panel = await screen.findByRole('dialog', { name: '通知' });
    await expect(within(panel).getByRole('alert')).toHaveTextContent('通知を読み込めませんでした');
    await expect(within(panel).queryByText('通知はありません')).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: '再試行' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** Opening a notification with a link follows it and closes the panel (the app marks it read). */
export const OpenNotification: Story = {
  args: {
    notifications: demoNotifications.map((item, index) => ({ ...item, link: `#/customers/c-${index + 1}` })),
    onSelect: fn(),
  },
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /^通知\s*（未読 3 件）$/ }));
    const panel = await screen.findByRole('dialog', { name: '通知' });
    await userEvent.click(within(panel).getByRole('link', { name: 'AI分析が完了しました' }));
    await expect(args.onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 'n-2' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};
