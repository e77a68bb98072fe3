import { contractEnums, type Role, type TenantUser } from '@tsumiki/api-client';
import type { TenantUserListQuery } from '@tsumiki/api-client/react';

/**
 * The user list's state lives in the URL (`?q=&role=&status=&page=`), so back, reload and a
 * shared link show the same page. Defaults are left out of the URL.
 */

export const TENANT_USER_PAGE_SIZE = 20;

export interface TenantUserListState {
  q: string;
  role: Role | '';
  status: MembershipStatus | '';
  /** 1-based. */
  page: number;
}

type MembershipStatus = TenantUser['status'];

const MAX_TEXT = 100; // the contract's maxLength for search

function oneOf<T extends string>(values: readonly T[], value: string | null): T | '' {
  return (values as readonly string[]).includes(value ?? '') ? (value as T) : '';
}

/** Reads the state from the query string; anything malformed falls back to its default. */
export function parseTenantUserListState(params: URLSearchParams): TenantUserListState {
  const pageParam = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').trim().slice(0, MAX_TEXT),
    role: oneOf(contractEnums.Role, params.get('role')),
    status: oneOf(contractEnums.MembershipStatus, params.get('status')),
    page: Number.isSafeInteger(pageParam) && pageParam >= 1 ? pageParam : 1,
  };
}

/** The query string for a state, without the defaults. */
export function serializeTenantUserListState(state: TenantUserListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q.trim());
  if (state.role) params.set('role', state.role);
  if (state.status) params.set('status', state.status);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The API query of a state: server-side search and filters, a page of 20. */
export function tenantUserListQuery(state: TenantUserListState): TenantUserListQuery {
  return {
    skip: (state.page - 1) * TENANT_USER_PAGE_SIZE,
    limit: TENANT_USER_PAGE_SIZE,
    ...(state.q ? { search: state.q } : {}),
    ...(state.role ? { role: state.role } : {}),
    ...(state.status ? { status: state.status } : {}),
  };
}

export function isTenantUserListFiltered(state: TenantUserListState): boolean {
  return state.q !== '' || state.role !== '' || state.status !== '';
}
