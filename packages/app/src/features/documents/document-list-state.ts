import type { components } from '@tsumiki/api-client';
import type { DocumentListQuery } from '@tsumiki/api-client/react';

/**
 * The documents screen's state lives in the URL (`?folder=&q=&mode=&sort=&order=&page=`): back,
 * reload and a shared link show the same folder, search and page. Defaults are left out.
 */

export type DocumentSort = components['schemas']['DocumentSortField'];
export type SortOrder = 'asc' | 'desc';
export type SearchMode = 'keyword' | 'semantic';

export const DOCUMENT_PAGE_SIZE = 20;
export const DOCUMENT_SORTS = [
  'created_at',
  'file_name',
  'size_bytes',
  'updated_at',
] as const satisfies readonly DocumentSort[];

export interface DocumentListState {
  /** The open folder; null is the top level. */
  folder: string | null;
  q: string;
  mode: SearchMode;
  sort: DocumentSort;
  order: SortOrder;
  page: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function defaultDocumentOrder(sort: DocumentSort): SortOrder {
  return sort === 'file_name' ? 'asc' : 'desc';
}

export function parseDocumentListState(params: URLSearchParams): DocumentListState {
  const folder = params.get('folder') ?? '';
  const sortParam = params.get('sort') as DocumentSort | null;
  const sort =
    sortParam && (DOCUMENT_SORTS as readonly string[]).includes(sortParam) ? sortParam : 'created_at';
  const orderParam = params.get('order');
  const order = orderParam === 'asc' || orderParam === 'desc' ? orderParam : defaultDocumentOrder(sort);
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    folder: UUID.test(folder) ? folder.toLowerCase() : null,
    q: (params.get('q') ?? '').trim().slice(0, 500),
    mode: params.get('mode') === 'semantic' ? 'semantic' : 'keyword',
    sort,
    order,
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
}

export function serializeDocumentListState(state: DocumentListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.folder) params.set('folder', state.folder);
  if (state.q) params.set('q', state.q);
  if (state.mode !== 'keyword') params.set('mode', state.mode);
  if (state.sort !== 'created_at') params.set('sort', state.sort);
  if (state.order !== defaultDocumentOrder(state.sort)) params.set('order', state.order);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The list call of a state (a folder's documents, sorted and paged). */
export function documentListQuery(state: DocumentListState): DocumentListQuery {
  return {
    ...(state.folder ? { folder_id: state.folder } : {}),
    skip: (state.page - 1) * DOCUMENT_PAGE_SIZE,
    limit: DOCUMENT_PAGE_SIZE,
    sort_by: state.sort,
    sort_order: state.order,
  };
}

/** The address of a folder on the documents screen (null: the top level). */
export function folderHref(folderId: string | null): string {
  return folderId ? `/documents?folder=${encodeURIComponent(folderId)}` : '/documents';
}
