import type { components } from '@tsumiki/api-client';
import type { ProductListQuery } from '@tsumiki/api-client/react';

/**
 * The product list's whole state lives in the URL (`?q=&category=&status=&sort=&order=&page=`),
 * like the customer and staff lists: back, reload and a shared link show the same page.
 * Defaults are left out.
 * The server searches, filters, sorts and pages (GET /api/products/ with `search`).
 */

export type ProductStatus = components['schemas']['ProductStatus'];
export type ProductSort = components['schemas']['ProductSortField'];
export type SortOrder = 'asc' | 'desc';

export const PRODUCT_PAGE_SIZE = 20;
export const PRODUCT_SORTS = [
  'name_kana',
  'price',
  'code',
  'created_at',
  'updated_at',
] as const satisfies readonly ProductSort[];
export const PRODUCT_STATUSES = ['active', 'discontinued'] as const satisfies readonly ProductStatus[];

export const PRODUCT_SORT_LABELS: Record<ProductSort, string> = {
  name_kana: 'フリガナ順（五十音）',
  price: '価格順',
  code: '商品コード順',
  created_at: '登録日順',
  updated_at: '更新日順',
};

export const PRODUCT_ORDER_LABELS: Record<ProductSort, Record<SortOrder, string>> = {
  name_kana: { asc: 'ア → ン', desc: 'ン → ア' },
  price: { asc: '安い順', desc: '高い順' },
  code: { asc: 'A → Z', desc: 'Z → A' },
  created_at: { asc: '古い順', desc: '新しい順' },
  updated_at: { asc: '古い順', desc: '新しい順' },
};

export interface ProductListState {
  q: string;
  category: string;
  /** '' for every status. */
  status: ProductStatus | '';
  sort: ProductSort;
  order: SortOrder;
  /** 1-based. */
  page: number;
}

export function defaultProductOrder(sort: ProductSort): SortOrder {
  return sort === 'name_kana' || sort === 'code' || sort === 'price' ? 'asc' : 'desc';
}

export const DEFAULT_PRODUCT_LIST_STATE: ProductListState = {
  q: '',
  category: '',
  status: '',
  sort: 'name_kana',
  order: 'asc',
  page: 1,
};

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;
}

/** Reads the state from the query string; anything malformed falls back to its default. */
export function parseProductListState(params: URLSearchParams): ProductListState {
  const sort = oneOf(PRODUCT_SORTS, params.get('sort')) ?? DEFAULT_PRODUCT_LIST_STATE.sort;
  const order = oneOf(['asc', 'desc'] as const, params.get('order')) ?? defaultProductOrder(sort);
  const pageParam = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    category: (params.get('category') ?? '').trim().slice(0, 50),
    status: oneOf(PRODUCT_STATUSES, params.get('status')) ?? '',
    sort,
    order,
    page: Number.isSafeInteger(pageParam) && pageParam >= 1 ? pageParam : 1,
  };
}

/** The query string for a state, without the defaults. */
export function serializeProductListState(state: ProductListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q.trim());
  if (state.category.trim()) params.set('category', state.category.trim());
  if (state.status) params.set('status', state.status);
  if (state.sort !== DEFAULT_PRODUCT_LIST_STATE.sort) params.set('sort', state.sort);
  if (state.order !== defaultProductOrder(state.sort)) params.set('order', state.order);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The API query of a state: server-side search, filter, sort and a page of 20. */
export function productListQuery(state: ProductListState): ProductListQuery {
  return {
    skip: (state.page - 1) * PRODUCT_PAGE_SIZE,
    limit: PRODUCT_PAGE_SIZE,
    ...(state.q ? { search: state.q } : {}),
    ...(state.category ? { category: state.category } : {}),
    ...(state.status ? { status: state.status } : {}),
    sort_by: state.sort,
    sort_order: state.order,
  };
}

export function isProductListFiltered(state: ProductListState): boolean {
  return state.q !== '' || state.category !== '' || state.status !== '';
}
