import { QueryClient } from '@tanstack/react-query';
import { notificationKeys } from '@tsumiki/api-client/react';
import { describe, expect, it } from 'vitest';
import {
  applyUnreadCount,
  markReadInPages,
  markReadInStats,
  markReadOptimistically,
  type Notification,
  type NotificationList,
  type NotificationStats,
} from './notification-cache';
import {
  notificationListFilter,
  parseNotificationFilter,
  serializeNotificationFilter,
} from './notification-filter';
import { parseUnreadEvent } from './use-notification-stream';

const notification = (
  id: string,
  read: boolean,
  category: Notification['category'] = 'customer',
): Notification => ({
  id,
  title: `通知 ${id}`,
  message: '本文',
  type: 'info',
  category,
  read,
  read_at: read ? '2026-11-20T00:00:00Z' : null,
  link: `/customers/${id}`,
  created_at: '2026-11-21T00:00:00Z',
});

const page = (unread: number, items: Notification[]): NotificationList => ({
  total: items.length,
  unread_count: unread,
  notifications: items,
});

const count = (total: number, unread: number) => ({ total, unread });
const stats = (unread: number): NotificationStats => ({
  total: 10,
  unread_count: unread,
  by_category: {
    customer: count(5, unread),
    interaction: count(5, 0),
    document: count(0, 0),
    ai_analysis: count(0, 0),
    user: count(0, 0),
    system: count(0, 0),
  },
  by_type: { success: count(0, 0), warning: count(0, 0), error: count(0, 0), info: count(10, unread) },
});

describe('marking read in the cache', () => {
  const pages = {
    pages: [page(2, [notification('a', false), notification('b', true), notification('c', false)])],
    pageParams: [0],
  };

  it('marks one read and lowers the count by one', () => {
    const next = markReadInPages(pages, { kind: 'some', notifications: [notification('a', false)] }, 'now');
    expect(next?.pages[0]?.notifications.map((item) => item.read)).toEqual([true, true, false]);
    expect(next?.pages[0]?.notifications[0]?.read_at).toBe('now');
    expect(next?.pages[0]?.unread_count).toBe(1);
  });

  it('never lowers a count below 0, and does not count an already read one or a repeat', () => {
    const zero = { pages: [page(0, [notification('a', false)])], pageParams: [0] };
    expect(
      markReadInPages(zero, { kind: 'some', notifications: [notification('a', false)] }, 'now')?.pages[0]
        ?.unread_count,
    ).toBe(0);
    const target = {
      kind: 'some',
      notifications: [notification('a', false), notification('a', false), notification('b', true)],
    } as const;
    expect(markReadInPages(pages, target, 'now')?.pages[0]?.unread_count).toBe(1);
    expect(markReadInStats(stats(0), target)?.unread_count).toBe(0);
    expect(markReadInStats(stats(3), target)?.by_category.customer.unread).toBe(2);
  });

  it('mark all sets every item read and every count to 0', () => {
    const next = markReadInPages(pages, { kind: 'all' }, 'now');
    expect(next?.pages[0]?.notifications.every((item) => item.read)).toBe(true);
    expect(next?.pages[0]?.unread_count).toBe(0);
    const nextStats = markReadInStats(stats(4), { kind: 'all' });
    expect(nextStats?.unread_count).toBe(0);
    expect(Object.values(nextStats?.by_category ?? {}).map((c) => c.unread)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(nextStats?.by_category.customer.total).toBe(5);
  });

  it('updates every cached list and the stats at once, and puts them back on failure', async () => {
    const client = new QueryClient();
    const tenant = 't1';
    client.setQueryData(notificationKeys.pages(tenant), pages);
    client.setQueryData(notificationKeys.pages(tenant, { unread_only: true }), {
      pages: [page(2, [notification('a', false), notification('c', false)])],
      pageParams: [0],
    });
    client.setQueryData(notificationKeys.stats(tenant), stats(2));
    const rollback = await markReadOptimistically(client, tenant, {
      kind: 'some',
      notifications: [notification('c', false)],
    });
    const unreadOnly = client.getQueryData<{ pages: NotificationList[] }>(
      notificationKeys.pages(tenant, { unread_only: true }),
    );
    expect(unreadOnly?.pages[0]?.notifications.map((item) => item.read)).toEqual([false, true]);
    expect(client.getQueryData<NotificationStats>(notificationKeys.stats(tenant))?.unread_count).toBe(1);
    rollback();
    expect(client.getQueryData<NotificationStats>(notificationKeys.stats(tenant))?.unread_count).toBe(2);
    expect(client.getQueryData(notificationKeys.pages(tenant))).toEqual(pages);
  });
});

describe('the live stream’s count', () => {
  it('shows a changed count at once and marks the lists for refetching; an equal count changes nothing', () => {
    const client = new QueryClient();
    client.setQueryData(notificationKeys.stats('t1'), stats(2));
    client.setQueryData(notificationKeys.pages('t1'), { pages: [page(2, [])], pageParams: [0] });
    expect(applyUnreadCount(client, 't1', 2)).toBe(false);
    expect(client.getQueryState(notificationKeys.pages('t1'))?.isInvalidated).toBe(false);
    expect(applyUnreadCount(client, 't1', 3)).toBe(true);
    expect(client.getQueryData<NotificationStats>(notificationKeys.stats('t1'))?.unread_count).toBe(3);
    expect(client.getQueryState(notificationKeys.pages('t1'))?.isInvalidated).toBe(true);
  });

  it('reads only a well-formed unread event', () => {
    expect(parseUnreadEvent('{"unread_count": 4}')).toBe(4);
    expect(parseUnreadEvent('{"unread_count": -1}')).toBeNull();
    expect(parseUnreadEvent('{"unread_count": "4"}')).toBeNull();
    expect(parseUnreadEvent('null')).toBeNull();
    expect(parseUnreadEvent('not json')).toBeNull();
  });
});

describe('the screen’s filters in the URL', () => {
  it('reads and writes category and 未読のみ, ignoring unknown values', () => {
    const filter = parseNotificationFilter(new URLSearchParams('category=customer&unread=1'));
    expect(filter).toEqual({ category: 'customer', unreadOnly: true });
    expect(serializeNotificationFilter(filter).toString()).toBe('category=customer&unread=1');
    expect(notificationListFilter(filter)).toEqual({ category: 'customer', unread_only: true });
    expect(parseNotificationFilter(new URLSearchParams('category=toString&unread=yes'))).toEqual({
      category: null,
      unreadOnly: false,
    });
    // No filter: the same list (and cache key) as the bell's.
    expect(notificationListFilter({ category: null, unreadOnly: false })).toEqual({});
  });
});
