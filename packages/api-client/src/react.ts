import { QueryClient, queryOptions } from '@tanstack/react-query';
import { type ApiClient, unwrap } from './client';
import { isApiError } from './errors';
import type { operations } from './generated/schema';

type Query<Op extends keyof operations> = operations[Op]['parameters'] extends { query?: infer Q }
  ? NonNullable<Q>
  : never;

export type CustomerListQuery = Query<'listCustomers'>;
export type InteractionListQuery = Query<'listInteractions'>;

/** Query keys; everything a tenant owns is keyed under its id so switching tenants never mixes data. */
export const queryKeys = {
  tenantMe: () => ['auth', 'tenant-me'] as const,
  tenant: (tenantId: string | undefined) => ['tenant', tenantId ?? 'default'] as const,
  myFeatures: (tenantId: string | undefined) => [...queryKeys.tenant(tenantId), 'features'] as const,
  customers: (tenantId: string | undefined, query: CustomerListQuery = {}) =>
    [...queryKeys.tenant(tenantId), 'customers', 'list', query] as const,
  interactions: (tenantId: string | undefined, query: InteractionListQuery = {}) =>
    [...queryKeys.tenant(tenantId), 'interactions', 'list', query] as const,
};

function tenantHeader(tenantId: string | undefined) {
  return tenantId ? { 'X-Tenant-Id': tenantId } : {};
}

export function tenantMeQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: queryKeys.tenantMe(),
    queryFn: ({ signal }) => unwrap(api.GET('/api/auth/tenant/me', { signal }), '/api/auth/tenant/me'),
  });
}

export function myFeaturesQueryOptions(api: ApiClient, tenantId: string | undefined) {
  return queryOptions({
    queryKey: queryKeys.myFeatures(tenantId),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/tenant-features/my-features', { params: { header: tenantHeader(tenantId) }, signal }),
        '/api/tenant-features/my-features',
      ),
  });
}

export function customersQueryOptions(
  api: ApiClient,
  tenantId: string | undefined,
  query: CustomerListQuery = {},
) {
  return queryOptions({
    queryKey: queryKeys.customers(tenantId, query),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/customers', { params: { header: tenantHeader(tenantId), query }, signal }),
        '/api/customers',
      ),
  });
}

export function interactionsQueryOptions(
  api: ApiClient,
  tenantId: string | undefined,
  query: InteractionListQuery = {},
) {
  return queryOptions({
    queryKey: queryKeys.interactions(tenantId, query),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/interactions', { params: { header: tenantHeader(tenantId), query }, signal }),
        '/api/interactions',
      ),
  });
}

const NO_QUERY_RETRY_STATUSES = new Set([401, 403, 422]);

/** Retry delay: 1 s doubling, at most 30 s (SPEC section 7). */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && NO_QUERY_RETRY_STATUSES.has(error.status)) return false;
  return failureCount < 3;
}

export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** A QueryClient with the defaults of SPEC section 7. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay,
        staleTime: 300_000,
        refetchOnWindowFocus: false,
      },
      mutations: {
        retry: shouldRetryMutation,
        retryDelay,
      },
    },
  });
}
