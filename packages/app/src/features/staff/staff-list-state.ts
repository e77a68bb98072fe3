import type { components } from '@tsumiki/api-client';
import type { StaffListQuery } from '@tsumiki/api-client/react';

/**
 * The staff list's whole state lives in the URL (`?q=&status=&sort=&order=&page=`), like the
 * customer list: back, reload and a shared link show the same page. Defaults are left out.
 */

type StaffMember = components['schemas']['StaffMember'];
export type StaffStatus = components['schemas']['StaffStatus'];
export type StaffSort = components['schemas']['StaffSortField'];
export type SortOrder = 'asc' | 'desc';

export const STAFF_PAGE_SIZE = 20;
export const STAFF_SORTS = [
  'last_name_kana',
  'department',
  'hire_date',
  'created_at',
] as const satisfies readonly StaffSort[];
export const STAFF_STATUSES = ['active', 'on_leave', 'retired'] as const satisfies readonly StaffStatus[];

export const STAFF_SORT_LABELS: Record<StaffSort, string> = {
  last_name_kana: 'フリガナ順（五十音）',
  department: '部署順',
  hire_date: '入職日順',
  created_at: '登録日順',
};

export interface StaffListState {
  q: string;
  /** '' for every status. */
  status: StaffStatus | '';
  sort: StaffSort;
  order: SortOrder;
  /** 1-based. */
  page: number;
}

/** Names and departments read best A→Z; dates newest first. */
export function defaultStaffOrder(sort: StaffSort): SortOrder {
  return sort === 'last_name_kana' || sort === 'department' ? 'asc' : 'desc';
}

export const DEFAULT_STAFF_LIST_STATE: StaffListState = {
  q: '',
  status: '',
  sort: 'last_name_kana',
  order: 'asc',
  page: 1,
};

const MAX_TEXT = 100; // the contract's maxLength for search

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;
}

/** Reads the state from the query string; anything malformed falls back to its default. */
export function parseStaffListState(params: URLSearchParams): StaffListState {
  const sort = oneOf(STAFF_SORTS, params.get('sort')) ?? DEFAULT_STAFF_LIST_STATE.sort;
  const order = oneOf(['asc', 'desc'] as const, params.get('order')) ?? defaultStaffOrder(sort);
  const pageParam = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').trim().slice(0, MAX_TEXT),
    status: oneOf(STAFF_STATUSES, params.get('status')) ?? '',
    sort,
    order,
    page: Number.isSafeInteger(pageParam) && pageParam >= 1 ? pageParam : 1,
  };
}

/** The query string for a state, without the defaults. */
export function serializeStaffListState(state: StaffListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q.trim());
  if (state.status) params.set('status', state.status);
  if (state.sort !== DEFAULT_STAFF_LIST_STATE.sort) params.set('sort', state.sort);
  if (state.order !== defaultStaffOrder(state.sort)) params.set('order', state.order);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The API query of a state: server-side search, filter, sort and a page of 20. */
export function staffListQuery(state: StaffListState): StaffListQuery {
  return {
    skip: (state.page - 1) * STAFF_PAGE_SIZE,
    limit: STAFF_PAGE_SIZE,
    ...(state.q ? { search: state.q } : {}),
    ...(state.status ? { status: state.status } : {}),
    sort_by: state.sort,
    sort_order: state.order,
  };
}

export function isStaffListFiltered(state: StaffListState): boolean {
  return state.q !== '' || state.status !== '';
}

/** 姓 名, as people write it (the list and the dialogs). */
export function staffName(staff: Pick<StaffMember, 'last_name' | 'first_name'>): string {
  return `${staff.last_name} ${staff.first_name}`.trim();
}

export function staffKana(staff: Pick<StaffMember, 'last_name_kana' | 'first_name_kana'>): string {
  return `${staff.last_name_kana} ${staff.first_name_kana}`.trim();
}
