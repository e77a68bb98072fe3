import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STAFF_LIST_STATE,
  isStaffListFiltered,
  parseStaffListState,
  STAFF_PAGE_SIZE,
  serializeStaffListState,
  staffListQuery,
} from './staff-list-state';

const parse = (query: string) => parseStaffListState(new URLSearchParams(query));

describe('staff list state in the URL', () => {
  it('reads every part of the state', () => {
    expect(
      parse(`q=${encodeURIComponent('かんご')}&status=on_leave&sort=hire_date&order=asc&page=2`),
    ).toEqual({
      q: 'かんご',
      status: 'on_leave',
      sort: 'hire_date',
      order: 'asc',
      page: 2,
    });
  });

  it('falls back to the defaults for missing or malformed parts', () => {
    expect(parse('')).toEqual(DEFAULT_STAFF_LIST_STATE);
    expect(parse('status=fired&sort=salary&order=up&page=0')).toEqual(DEFAULT_STAFF_LIST_STATE);
    expect(parse('sort=created_at').order).toBe('desc');
  });

  it('leaves defaults out of the URL and round-trips the rest', () => {
    expect(serializeStaffListState(DEFAULT_STAFF_LIST_STATE).toString()).toBe('');
    const state = { q: '受付', status: 'retired', sort: 'department', order: 'desc', page: 3 } as const;
    expect(parse(serializeStaffListState(state).toString())).toEqual(state);
  });

  it('asks the API for one page with the search and the filter', () => {
    const state = { ...DEFAULT_STAFF_LIST_STATE, q: '看護', status: 'active', page: 2 } as const;
    expect(staffListQuery(state)).toEqual({
      skip: STAFF_PAGE_SIZE,
      limit: STAFF_PAGE_SIZE,
      search: '看護',
      status: 'active',
      sort_by: 'last_name_kana',
      sort_order: 'asc',
    });
    expect(staffListQuery(DEFAULT_STAFF_LIST_STATE)).not.toHaveProperty('search');
    expect(isStaffListFiltered(DEFAULT_STAFF_LIST_STATE)).toBe(false);
    expect(isStaffListFiltered(state)).toBe(true);
  });
});
