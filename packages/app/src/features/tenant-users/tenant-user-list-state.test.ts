import { describe, expect, it } from 'vitest';
import {
  isTenantUserListFiltered,
  parseTenantUserListState,
  serializeTenantUserListState,
  tenantUserListQuery,
} from './tenant-user-list-state';

describe('tenant user list state', () => {
  it('reads search, role, status and page from the URL and ignores anything malformed', () => {
    expect(
      parseTenantUserListState(new URLSearchParams('q=%20花子%20&role=staff&status=inactive&page=3')),
    ).toEqual({
      q: '花子',
      role: 'staff',
      status: 'inactive',
      page: 3,
    });
    expect(parseTenantUserListState(new URLSearchParams('role=owner&status=gone&page=-1'))).toEqual({
      q: '',
      role: '',
      status: '',
      page: 1,
    });
  });

  it('writes only what differs from the defaults, and reads back the same state', () => {
    const state = { q: 'sakura', role: 'admin' as const, status: '' as const, page: 2 };
    const params = serializeTenantUserListState(state);
    expect(params.toString()).toBe('q=sakura&role=admin&page=2');
    expect(parseTenantUserListState(params)).toEqual(state);
    expect(serializeTenantUserListState({ q: ' ', role: '', status: '', page: 1 }).toString()).toBe('');
  });

  it('asks the API for one page of 20 with the filters', () => {
    expect(tenantUserListQuery({ q: '', role: '', status: 'active', page: 2 })).toEqual({
      skip: 20,
      limit: 20,
      status: 'active',
    });
    expect(isTenantUserListFiltered({ q: '', role: '', status: '', page: 4 })).toBe(false);
    expect(isTenantUserListFiltered({ q: '', role: 'user', status: '', page: 1 })).toBe(true);
  });
});
