import { queryOptions } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../client';
import { type TenantId, tenantHeader, tenantKey } from './shared';

export const accountKeys = {
  tenantMe: () => ['auth', 'tenant-me'] as const,
  myFeatures: (tenantId: TenantId) => [...tenantKey(tenantId), 'features'] as const,
  featureSettings: (tenantId: TenantId) => [...tenantKey(tenantId), 'features', 'settings'] as const,
};

/** GET /api/auth/tenant/me — the signed-in user and their tenants. */
export function tenantMeQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: accountKeys.tenantMe(),
    queryFn: ({ signal }) => unwrap(api.GET('/api/auth/tenant/me', { signal }), '/api/auth/tenant/me'),
  });
}

/** GET /api/tenant-features/my-features — the tenant's feature flags. */
export function myFeaturesQueryOptions(api: ApiClient, tenantId: TenantId) {
  return queryOptions({
    queryKey: accountKeys.myFeatures(tenantId),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/tenant-features/my-features', { params: tenantHeader(tenantId), signal }),
        '/api/tenant-features/my-features',
      ),
  });
}
