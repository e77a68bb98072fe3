import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../client';
import { downloadFile } from '../download';
import {
  type BodyOf,
  invalidates,
  type QueryOf,
  type TenantId,
  tenantHeader,
  tenantKey,
  toFormData,
} from './shared';

export type DocumentListQuery = QueryOf<'listDocuments'>;
export type DocumentSearchQuery = QueryOf<'searchDocuments'>;
export type SemanticSearchQuery = QueryOf<'semanticSearchDocuments'>;
export type FolderListQuery = QueryOf<'listFolders'>;

export const documentKeys = {
  all: (tenantId: TenantId) => [...tenantKey(tenantId), 'documents'] as const,
  list: (tenantId: TenantId, query: DocumentListQuery = {}) =>
    [...documentKeys.all(tenantId), 'list', query] as const,
  detail: (tenantId: TenantId, id: string) => [...documentKeys.all(tenantId), 'detail', id] as const,
  search: (tenantId: TenantId, query: DocumentSearchQuery) =>
    [...documentKeys.all(tenantId), 'search', query] as const,
  semanticSearch: (tenantId: TenantId, query: SemanticSearchQuery) =>
    [...documentKeys.all(tenantId), 'semantic-search', query] as const,
  content: (tenantId: TenantId, id: string, disposition: DocumentDisposition) =>
    [...documentKeys.all(tenantId), 'content', id, disposition] as const,
};

/** `inline` for a preview, `attachment` to save. */
export type DocumentDisposition = 'inline' | 'attachment';

export const folderKeys = {
  all: (tenantId: TenantId) => [...tenantKey(tenantId), 'folders'] as const,
  list: (tenantId: TenantId, query: FolderListQuery = {}) =>
    [...folderKeys.all(tenantId), 'list', query] as const,
  detail: (tenantId: TenantId, id: string) => [...folderKeys.all(tenantId), 'detail', id] as const,
};

/** GET /api/documents/ (folder_id filters by folder). */
export function documentsQueryOptions(api: ApiClient, tenantId: TenantId, query: DocumentListQuery = {}) {
  return queryOptions({
    queryKey: documentKeys.list(tenantId, query),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/documents/', { params: { ...tenantHeader(tenantId), query }, signal }),
        '/api/documents/',
      ),
  });
}

/** GET /api/documents/{id} */
export function documentQueryOptions(api: ApiClient, tenantId: TenantId, id: string) {
  return queryOptions({
    queryKey: documentKeys.detail(tenantId, id),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/documents/{id}', { params: { ...tenantHeader(tenantId), path: { id } }, signal }),
        '/api/documents/{id}',
      ),
  });
}

/** POST /api/documents/search?query=… — keyword search (a read, so a query). */
export function documentSearchQueryOptions(api: ApiClient, tenantId: TenantId, query: DocumentSearchQuery) {
  return queryOptions({
    queryKey: documentKeys.search(tenantId, query),
    queryFn: ({ signal }) =>
      unwrap(
        api.POST('/api/documents/search', { params: { ...tenantHeader(tenantId), query }, signal }),
        '/api/documents/search',
      ),
  });
}

/** POST /api/documents/semantic-search?query=… */
export function semanticSearchQueryOptions(api: ApiClient, tenantId: TenantId, query: SemanticSearchQuery) {
  return queryOptions({
    queryKey: documentKeys.semanticSearch(tenantId, query),
    queryFn: ({ signal }) =>
      unwrap(
        api.POST('/api/documents/semantic-search', { params: { ...tenantHeader(tenantId), query }, signal }),
        '/api/documents/semantic-search',
      ),
  });
}

/**
 * GET /api/documents/{id}/content — the stored file as `{ blob, filename }` (the name from
 * Content-Disposition's filename*), for a preview (`inline`) or to save (`attachment`).
 */
export function documentContentQueryOptions(
  api: ApiClient,
  tenantId: TenantId,
  id: string,
  disposition: DocumentDisposition = 'inline',
) {
  return queryOptions({
    queryKey: documentKeys.content(tenantId, id, disposition),
    queryFn: ({ signal }) =>
      downloadFile(
        api.GET('/api/documents/{id}/content', {
          params: { ...tenantHeader(tenantId), path: { id }, query: { disposition } },
          parseAs: 'blob',
          signal,
        }),
        'document',
        '/api/documents/{id}/content',
      ),
    // The bytes of a stored file never change; keep them only while the preview is open.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });
}

/** GET /api/documents/{id}/content?disposition=attachment — `{ blob, filename }` to save. */
export function downloadDocumentMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...documentKeys.all(tenantId), 'download'],
    mutationFn: ({ id, fileName }: { id: string; fileName: string }) =>
      downloadFile(
        api.GET('/api/documents/{id}/content', {
          params: { ...tenantHeader(tenantId), path: { id }, query: { disposition: 'attachment' } },
          parseAs: 'blob',
        }),
        fileName,
        '/api/documents/{id}/content',
      ),
  });
}

/** PATCH /api/documents/{id} (file_name, description — null clears —, tags) */
export function updateDocumentMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...documentKeys.all(tenantId), 'update'],
    mutationFn: ({ id, body }: { id: string; body: BodyOf<'updateDocument'> }) =>
      unwrap(
        api.PATCH('/api/documents/{id}', { params: { ...tenantHeader(tenantId), path: { id } }, body }),
        '/api/documents/{id}',
      ),
    onSuccess: invalidates(tenantId, 'documents'),
  });
}

/** POST /api/documents/upload (multipart: file, folder_id) */
export function uploadDocumentMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...documentKeys.all(tenantId), 'upload'],
    mutationFn: (fields: BodyOf<'uploadDocument'>) =>
      unwrap(
        api.POST('/api/documents/upload', {
          params: tenantHeader(tenantId),
          body: fields,
          bodySerializer: () => toFormData(fields),
        }),
        '/api/documents/upload',
      ),
    onSuccess: invalidates(tenantId, 'documents', 'folders'),
  });
}

/** POST /api/documents/upload-multiple (multipart: files, folder_id) */
export function uploadDocumentsMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...documentKeys.all(tenantId), 'upload-multiple'],
    mutationFn: (fields: BodyOf<'uploadDocuments'>) =>
      unwrap(
        api.POST('/api/documents/upload-multiple', {
          params: tenantHeader(tenantId),
          body: fields,
          bodySerializer: () => toFormData(fields),
        }),
        '/api/documents/upload-multiple',
      ),
    onSuccess: invalidates(tenantId, 'documents', 'folders'),
  });
}

/** DELETE /api/documents/{id} */
export function deleteDocumentMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...documentKeys.all(tenantId), 'delete'],
    mutationFn: (id: string) =>
      unwrap(
        api.DELETE('/api/documents/{id}', { params: { ...tenantHeader(tenantId), path: { id } } }),
        '/api/documents/{id}',
      ),
    onSuccess: invalidates(tenantId, 'documents', 'folders'),
  });
}

/** PUT /api/documents/{id}/move ({ folder_id }) */
export function moveDocumentMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...documentKeys.all(tenantId), 'move'],
    mutationFn: ({ id, body }: { id: string; body: BodyOf<'moveDocument'> }) =>
      unwrap(
        api.PUT('/api/documents/{id}/move', { params: { ...tenantHeader(tenantId), path: { id } }, body }),
        '/api/documents/{id}/move',
      ),
    onSuccess: invalidates(tenantId, 'documents', 'folders'),
  });
}

/** GET /api/folders/ (parent_id lists a folder's children). */
export function foldersQueryOptions(api: ApiClient, tenantId: TenantId, query: FolderListQuery = {}) {
  return queryOptions({
    queryKey: folderKeys.list(tenantId, query),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/folders/', { params: { ...tenantHeader(tenantId), query }, signal }),
        '/api/folders/',
      ),
  });
}

/** GET /api/folders/{id} */
export function folderQueryOptions(api: ApiClient, tenantId: TenantId, id: string) {
  return queryOptions({
    queryKey: folderKeys.detail(tenantId, id),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/folders/{id}', { params: { ...tenantHeader(tenantId), path: { id } }, signal }),
        '/api/folders/{id}',
      ),
  });
}

/** POST /api/folders/ */
export function createFolderMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...folderKeys.all(tenantId), 'create'],
    mutationFn: (body: BodyOf<'createFolder'>) =>
      unwrap(api.POST('/api/folders/', { params: tenantHeader(tenantId), body }), '/api/folders/'),
    onSuccess: invalidates(tenantId, 'folders'),
  });
}

/** PUT /api/folders/{id} */
export function updateFolderMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...folderKeys.all(tenantId), 'update'],
    mutationFn: ({ id, body }: { id: string; body: BodyOf<'updateFolder'> }) =>
      unwrap(
        api.PUT('/api/folders/{id}', { params: { ...tenantHeader(tenantId), path: { id } }, body }),
        '/api/folders/{id}',
      ),
    onSuccess: invalidates(tenantId, 'folders'),
  });
}

/** DELETE /api/folders/{id} */
export function deleteFolderMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...folderKeys.all(tenantId), 'delete'],
    mutationFn: (id: string) =>
      unwrap(
        api.DELETE('/api/folders/{id}', { params: { ...tenantHeader(tenantId), path: { id } } }),
        '/api/folders/{id}',
      ),
    onSuccess: invalidates(tenantId, 'folders', 'documents'),
  });
}

/** POST /api/folders/{id}/move ({ new_parent_id }) */
export function moveFolderMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...folderKeys.all(tenantId), 'move'],
    mutationFn: ({ id, body }: { id: string; body: BodyOf<'moveFolder'> }) =>
      unwrap(
        api.POST('/api/folders/{id}/move', { params: { ...tenantHeader(tenantId), path: { id } }, body }),
        '/api/folders/{id}/move',
      ),
    onSuccess: invalidates(tenantId, 'folders'),
  });
}
