import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../client';
import { type BodyOf, invalidates, type QueryOf, type TenantId, tenantHeader, tenantKey } from './shared';

export type TenantUserListQuery = QueryOf<'listTenantUsers'>;

export const tenantUserKeys = {
  all: (tenantId: TenantId) => [...tenantKey(tenantId), 'tenant-users'] as const,
  list: (tenantId: TenantId, query: TenantUserListQuery = {}) =>
    [...tenantUserKeys.all(tenantId), 'list', query] as const,
};

/** GET /api/tenant-users */
export function tenantUsersQueryOptions(api: ApiClient, tenantId: TenantId, query: TenantUserListQuery = {}) {
  return queryOptions({
    queryKey: tenantUserKeys.list(tenantId, query),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/tenant-users', { params: { ...tenantHeader(tenantId), query }, signal }),
        '/api/tenant-users',
      ),
  });
}

/** POST /api/tenants/{tenantId}/users — the tenant is in the path, not in a header. */
export function addTenantUserMutationOptions(api: ApiClient, tenantId: string) {
  return mutationOptions({
    mutationKey: [...tenantKey(tenantId), 'tenant-users', 'add'],
    mutationFn: (body: BodyOf<'addTenantUser'>) =>
      unwrap(
        api.POST('/api/tenants/{tenantId}/users', { params: { path: { tenantId } }, body }),
        '/api/tenants/{tenantId}/users',
      ),
    onSuccess: invalidates(tenantId, 'tenant-users'),
  });
}

/** PUT /api/tenant-users/{id} */
export function updateTenantUserMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...tenantKey(tenantId), 'tenant-users', 'update'],
    mutationFn: ({ id, body }: { id: string; body: BodyOf<'updateTenantUser'> }) =>
      unwrap(
        api.PUT('/api/tenant-users/{id}', { params: { ...tenantHeader(tenantId), path: { id } }, body }),
        '/api/tenant-users/{id}',
      ),
    onSuccess: invalidates(tenantId, 'tenant-users'),
  });
}

/** POST /api/tenant-users/{id}/toggle-status — active ⇄ inactive */
export function toggleTenantUserStatusMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...tenantKey(tenantId), 'tenant-users', 'toggle-status'],
    mutationFn: (id: string) =>
      unwrap(
        api.POST('/api/tenant-users/{id}/toggle-status', {
          params: { ...tenantHeader(tenantId), path: { id } },
        }),
        '/api/tenant-users/{id}/toggle-status',
      ),
    onSuccess: invalidates(tenantId, 'tenant-users'),
  });
}

/**
 * DELETE /api/tenant-users/{id}/factors — removes the member's second factors and recovery codes
 * and ends their sessions (they enrol again at the next sign-in).
 */
export function resetTenantUserFactorsMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...tenantKey(tenantId), 'tenant-users', 'reset-factors'],
    mutationFn: (id: string) =>
      unwrap(
        api.DELETE('/api/tenant-users/{id}/factors', { params: { ...tenantHeader(tenantId), path: { id } } }),
        '/api/tenant-users/{id}/factors',
      ),
    onSuccess: invalidates(tenantId, 'tenant-users'),
  });
}
