import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../client';
import { type BodyOf, invalidates, type QueryOf, type TenantId, tenantHeader, tenantKey } from './shared';

export type StaffListQuery = QueryOf<'listStaff'>;
export type StaffSearchQuery = QueryOf<'searchStaff'>;

export const staffKeys = {
  all: (tenantId: TenantId) => [...tenantKey(tenantId), 'staff'] as const,
  list: (tenantId: TenantId, query: StaffListQuery = {}) =>
    [...staffKeys.all(tenantId), 'list', query] as const,
  search: (tenantId: TenantId, query: StaffSearchQuery) =>
    [...staffKeys.all(tenantId), 'search', query] as const,
  detail: (tenantId: TenantId, id: string) => [...staffKeys.all(tenantId), 'detail', id] as const,
};

/** GET /api/staff/ */
export function staffListQueryOptions(api: ApiClient, tenantId: TenantId, query: StaffListQuery = {}) {
  return queryOptions({
    queryKey: staffKeys.list(tenantId, query),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/staff/', { params: { ...tenantHeader(tenantId), query }, signal }), '/api/staff/'),
  });
}

/** GET /api/staff/search (query) */
export function staffSearchQueryOptions(api: ApiClient, tenantId: TenantId, query: StaffSearchQuery) {
  return queryOptions({
    queryKey: staffKeys.search(tenantId, query),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/staff/search', { params: { ...tenantHeader(tenantId), query }, signal }),
        '/api/staff/search',
      ),
  });
}

/** GET /api/staff/{id} */
export function staffMemberQueryOptions(api: ApiClient, tenantId: TenantId, id: string) {
  return queryOptions({
    queryKey: staffKeys.detail(tenantId, id),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/staff/{id}', { params: { ...tenantHeader(tenantId), path: { id } }, signal }),
        '/api/staff/{id}',
      ),
  });
}

/** POST /api/staff/ */
export function createStaffMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...tenantKey(tenantId), 'staff', 'create'],
    mutationFn: (body: BodyOf<'createStaff'>) =>
      unwrap(api.POST('/api/staff/', { params: tenantHeader(tenantId), body }), '/api/staff/'),
    onSuccess: invalidates(tenantId, 'staff'),
  });
}

/** PUT /api/staff/{id} */
export function updateStaffMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...tenantKey(tenantId), 'staff', 'update'],
    mutationFn: ({ id, body }: { id: string; body: BodyOf<'updateStaff'> }) =>
      unwrap(
        api.PUT('/api/staff/{id}', { params: { ...tenantHeader(tenantId), path: { id } }, body }),
        '/api/staff/{id}',
      ),
    onSuccess: invalidates(tenantId, 'staff'),
  });
}

/** DELETE /api/staff/{id} */
export function deleteStaffMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...tenantKey(tenantId), 'staff', 'delete'],
    mutationFn: (id: string) =>
      unwrap(
        api.DELETE('/api/staff/{id}', { params: { ...tenantHeader(tenantId), path: { id } } }),
        '/api/staff/{id}',
      ),
    onSuccess: invalidates(tenantId, 'staff'),
  });
}
