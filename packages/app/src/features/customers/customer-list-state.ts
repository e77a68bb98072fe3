import type { CustomerListQuery } from '@tsumiki/api-client/react';
import type { KanaRow } from './customer-fields';
import { KANA_ROWS } from './patient-card';

/**
 * The customer list's whole state lives in the URL (`?q=&company=&kana=&sort=&order=&page=`), so back,
 * reload and a shared link show the same page. Defaults are left out of the URL.
 */

export const CUSTOMER_PAGE_SIZE = 20;

export const CUSTOMER_SORTS = [
  'last_name_kana',
  'patient_number',
  'birth_date',
  'created_at',
  'updated_at',
] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
export type SortOrder = 'asc' | 'desc';

export const CUSTOMER_SORT_LABELS: Record<CustomerSort, string> = {
  last_name_kana: 'フリガナ順（五十音）',
  patient_number: '診察券番号順',
  birth_date: '生年月日順',
  created_at: '登録日順',
  updated_at: '更新日順',
};

export interface CustomerListState {
  q: string;
  company: string;
  /** The 五十音 tab, '' for すべて. */
  kana: KanaRow | '';
  sort: CustomerSort;
  order: SortOrder;
  /** 1-based. */
  page: number;
}

/** Kana and numbers read best from the start; dates newest first (birth dates oldest first). */
export function defaultOrder(sort: CustomerSort): SortOrder {
  return sort === 'last_name_kana' || sort === 'patient_number' || sort === 'birth_date' ? 'asc' : 'desc';
}

export const DEFAULT_CUSTOMER_LIST_STATE: CustomerListState = {
  q: '',
  company: '',
  kana: '',
  sort: 'updated_at',
  order: 'desc',
  page: 1,
};

const MAX_TEXT = 100; // the contract's maxLength for search and company_filter

/** Reads the state from the query string; anything malformed falls back to its default. */
export function parseCustomerListState(params: URLSearchParams): CustomerListState {
  const text = (name: string) => (params.get(name) ?? '').trim().slice(0, MAX_TEXT);
  const sortParam = params.get('sort');
  const sort = (CUSTOMER_SORTS as readonly string[]).includes(sortParam ?? '')
    ? (sortParam as CustomerSort)
    : DEFAULT_CUSTOMER_LIST_STATE.sort;
  const orderParam = params.get('order');
  const order: SortOrder = orderParam === 'asc' || orderParam === 'desc' ? orderParam : defaultOrder(sort);
  const pageParam = Number(params.get('page'));
  const page = Number.isSafeInteger(pageParam) && pageParam >= 1 ? pageParam : 1;
  const kanaParam = params.get('kana') ?? '';
  const kana = (KANA_ROWS as readonly string[]).includes(kanaParam) ? (kanaParam as KanaRow) : '';
  return { q: text('q'), company: text('company'), kana, sort, order, page };
}

/** The query string for a state, without the defaults (an empty one for the default list). */
export function serializeCustomerListState(state: CustomerListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q.trim());
  if (state.company.trim()) params.set('company', state.company.trim());
  if (state.kana) params.set('kana', state.kana);
  const sortIsDefault = state.sort === DEFAULT_CUSTOMER_LIST_STATE.sort;
  if (!sortIsDefault) params.set('sort', state.sort);
  if (state.order !== defaultOrder(state.sort)) params.set('order', state.order);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The API query of a state: server-side search, filter, sort and a page of 20. */
export function customerListQuery(state: CustomerListState): CustomerListQuery {
  return {
    skip: (state.page - 1) * CUSTOMER_PAGE_SIZE,
    limit: CUSTOMER_PAGE_SIZE,
    ...(state.q ? { search: state.q } : {}),
    ...(state.company ? { company_filter: state.company } : {}),
    ...(state.kana ? { kana_row: state.kana } : {}),
    sort_by: state.sort,
    sort_order: state.order,
  };
}

/** Whether the list is narrowed by a search, a company filter or a 五十音 tab (for the empty message). */
export function isFiltered(state: CustomerListState): boolean {
  return state.q !== '' || state.company !== '' || state.kana !== '';
}
