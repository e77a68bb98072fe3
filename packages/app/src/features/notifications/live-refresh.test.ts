import { QueryClient, type QueryKey, QueryObserver } from '@tanstack/react-query';
import {
  customerKeys,
  documentKeys,
  interactionKeys,
  notificationKeys,
  tenantUserKeys,
} from '@tsumiki/api-client/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { categoriesWithNews, refreshTouchedData } from './live-refresh';
import { applyUnreadCount, type NotificationStats } from './notification-cache';

const count = (total: number, unread: number) => ({ total, unread });

/** Stats with `customers` and `interactions` notifications in all, every one of them unread. */
function stats(customers: number, interactions: number): NotificationStats {
  return {
    total: customers + interactions,
    unread_count: customers + interactions,
    by_category: {
      customer: count(customers, customers),
      interaction: count(interactions, interactions),
      document: count(0, 0),
      ai_analysis: count(0, 0),
      user: count(0, 0),
      system: count(0, 0),
    },
    by_type: {
      success: count(0, 0),
      warning: count(0, 0),
      error: count(0, 0),
      info: count(customers + interactions, customers + interactions),
    },
  };
}

const TENANT = 't1';
const unsubscribes: (() => void)[] = [];
afterEach(() => {
  for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
});

/** A query a screen shows now (an observer is subscribed), counting the times it is fetched. */
function onScreen(client: QueryClient, queryKey: QueryKey, data: unknown = { total: 1 }) {
  const queryFn = vi.fn(async () => data);
  const observer = new QueryObserver(client, { queryKey, queryFn, staleTime: Number.POSITIVE_INFINITY });
  unsubscribes.push(observer.subscribe(() => {}));
  return queryFn;
}

/** The dashboard's three reads, the documents list, and the bell's stats, all loaded. */
async function dashboardOpen(statsNow: () => NotificationStats) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const screens = {
    customers: onScreen(client, customerKeys.list(TENANT, { limit: 1 })),
    recent: onScreen(client, interactionKeys.list(TENANT, { limit: 3 })),
    thisMonth: onScreen(client, interactionKeys.list(TENANT, { limit: 1, created_from: '2026-11-01' })),
    documents: onScreen(client, documentKeys.list(TENANT)),
    stats: vi.fn(async () => statsNow()),
  };
  const observer = new QueryObserver(client, {
    queryKey: notificationKeys.stats(TENANT),
    queryFn: screens.stats,
    staleTime: Number.POSITIVE_INFINITY,
  });
  unsubscribes.push(observer.subscribe(() => {}));
  await vi.waitFor(() => {
    expect(client.isFetching()).toBe(0);
    expect(client.getQueryData(notificationKeys.stats(TENANT))).toBeDefined();
  });
  for (const fetched of Object.values(screens)) fetched.mockClear();
  return { client, screens };
}

describe('categoriesWithNews', () => {
  it('names the categories whose totals went up, not those only read', () => {
    expect(categoriesWithNews(stats(5, 2), stats(6, 3))).toEqual(['customer', 'interaction']);
    const read = { ...stats(5, 2), by_category: { ...stats(5, 2).by_category, customer: count(5, 0) } };
    expect(categoriesWithNews(stats(5, 2), read)).toEqual([]);
    expect(categoriesWithNews(undefined, stats(5, 2))).toEqual([]);
  });
});

describe('refreshTouchedData', () => {
  it('refetches what is on screen and only marks the rest stale', async () => {
    const client = new QueryClient();
    const users = onScreen(client, tenantUserKeys.list(TENANT, {}));
    await vi.waitFor(() => expect(client.getQueryData(tenantUserKeys.list(TENANT, {}))).toBeDefined());
    client.setQueryData(customerKeys.detail(TENANT, 'c1'), { id: 'c1' });
    await refreshTouchedData(client, TENANT, ['customer', 'user']);
    expect(users).toHaveBeenCalledTimes(2);
    expect(client.getQueryState(customerKeys.detail(TENANT, 'c1'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(customerKeys.detail(TENANT, 'c1'))?.fetchStatus).toBe('idle');
  });
});

describe('a live count that moves the bell', () => {
  it('also refreshes the dashboard counts and recent list when a customer and an interaction arrived', async () => {
    let serverStats = stats(5, 2);
    const { client, screens } = await dashboardOpen(() => serverStats);
    // Another member registered a customer and recorded an interaction: two more notifications.
    serverStats = stats(6, 3);
    expect(applyUnreadCount(client, TENANT, 9)).toBe(true);
    await vi.waitFor(() => {
      expect(screens.customers).toHaveBeenCalledTimes(1);
      expect(screens.recent).toHaveBeenCalledTimes(1);
      expect(screens.thisMonth).toHaveBeenCalledTimes(1);
    });
    expect(screens.stats).toHaveBeenCalledTimes(1);
    // Documents had no news: not fetched again.
    expect(screens.documents).not.toHaveBeenCalled();
  });

  it('refreshes only what the new notification is about', async () => {
    let serverStats = stats(5, 2);
    const { client, screens } = await dashboardOpen(() => serverStats);
    serverStats = stats(6, 2);
    applyUnreadCount(client, TENANT, 8);
    await vi.waitFor(() => expect(screens.customers).toHaveBeenCalledTimes(1));
    expect(screens.documents).not.toHaveBeenCalled();
  });

  it('leaves the screens alone when notifications were only read elsewhere', async () => {
    let serverStats = stats(5, 2);
    const { client, screens } = await dashboardOpen(() => serverStats);
    // Four of the seven were read in another browser: totals stay, the unread count drops.
    serverStats = { ...stats(5, 2), unread_count: 3 };
    applyUnreadCount(client, TENANT, 3);
    await vi.waitFor(() => expect(screens.stats).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screens.customers).not.toHaveBeenCalled();
    expect(screens.recent).not.toHaveBeenCalled();
  });

  it('refreshes every list on screen when the count rose but the stats cannot say what', async () => {
    let failing = false;
    const { client, screens } = await dashboardOpen(() => {
      if (failing) throw new Error('503');
      return stats(5, 2);
    });
    failing = true;
    applyUnreadCount(client, TENANT, 8);
    await vi.waitFor(() => {
      expect(screens.customers).toHaveBeenCalledTimes(1);
      expect(screens.documents).toHaveBeenCalledTimes(1);
    });
  });
});
