import { createApiClient } from '@tsumiki/api-client';
import { describe, expect, it } from 'vitest';
import { dashboardQueries, interactionHeadline } from './dashboard-data';

describe('interactionHeadline', () => {
  it('prefers the summary', () => {
    expect(interactionHeadline({ summary: '定期検診の予約', content: '長い内容' })).toBe('定期検診の予約');
  });
  it('falls back to the first 50 characters of the content', () => {
    const content = 'あ'.repeat(60);
    expect(interactionHeadline({ summary: null, content })).toBe(`${'あ'.repeat(50)}…`);
    expect(interactionHeadline({ summary: '  ', content: '短い内容' })).toBe('短い内容');
  });
});

describe('dashboardQueries', () => {
  const api = createApiClient({ baseUrl: 'http://localhost', getAccessToken: () => null });

  it('keys the figures by tenant, so the loader fills the entries the screen reads', () => {
    const first = dashboardQueries(api, 'tenant-a', '2026-11-01T00:00:00.000Z');
    const again = dashboardQueries(api, 'tenant-a', '2026-11-01T00:00:00.000Z');
    const other = dashboardQueries(api, 'tenant-b', '2026-11-01T00:00:00.000Z');
    expect(again.customers.queryKey).toEqual(first.customers.queryKey);
    expect(again.thisMonth.queryKey).toEqual(first.thisMonth.queryKey);
    expect(other.customers.queryKey).not.toEqual(first.customers.queryKey);
    expect(first.thisMonth.queryKey).not.toEqual(first.interactions.queryKey);
  });
});
