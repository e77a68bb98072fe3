import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../client';
import { customerKeys } from './customers';
import { type BodyOf, invalidates, type QueryOf, type TenantId, tenantHeader } from './shared';

// 名寄せ: the registration form's duplicate check, the 重複の候補 screen's pairs, dismissing a
// pair as two people, merging two customers, the recent merges and undoing one.

export type CustomerDuplicateListQuery = QueryOf<'listCustomerDuplicates'>;
export type CustomerMergeListQuery = QueryOf<'listCustomerMerges'>;

export const customerDuplicateKeys = {
  pairs: (tenantId: TenantId, query: CustomerDuplicateListQuery = {}) =>
    [...customerKeys.all(tenantId), 'duplicates', query] as const,
  merges: (tenantId: TenantId, query: CustomerMergeListQuery = {}) =>
    [...customerKeys.all(tenantId), 'merges', query] as const,
};

/** POST /api/customers/duplicate-check — a draft's likely duplicates (reads; a mutation to call on save). */
export function checkCustomerDuplicatesMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...customerKeys.all(tenantId), 'duplicate-check'],
    mutationFn: (body: BodyOf<'checkCustomerDuplicates'>) =>
      unwrap(
        api.POST('/api/customers/duplicate-check', { params: tenantHeader(tenantId), body }),
        '/api/customers/duplicate-check',
      ),
  });
}

/** GET /api/customers/duplicates */
export function customerDuplicatesQueryOptions(
  api: ApiClient,
  tenantId: TenantId,
  query: CustomerDuplicateListQuery = {},
) {
  return queryOptions({
    queryKey: customerDuplicateKeys.pairs(tenantId, query),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/customers/duplicates', { params: { ...tenantHeader(tenantId), query }, signal }),
        '/api/customers/duplicates',
      ),
  });
}

/** GET /api/customers/merges — the merges of the last 30 days that can still be undone. */
export function customerMergesQueryOptions(
  api: ApiClient,
  tenantId: TenantId,
  query: CustomerMergeListQuery = {},
) {
  return queryOptions({
    queryKey: customerDuplicateKeys.merges(tenantId, query),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/customers/merges', { params: { ...tenantHeader(tenantId), query }, signal }),
        '/api/customers/merges',
      ),
  });
}

/** POST /api/customers/{id}/duplicate-dismissals */
export function dismissCustomerDuplicateMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...customerKeys.all(tenantId), 'dismiss-duplicate'],
    mutationFn: ({ id, otherId }: { id: string; otherId: string }) =>
      unwrap(
        api.POST('/api/customers/{id}/duplicate-dismissals', {
          params: { ...tenantHeader(tenantId), path: { id } },
          body: { other_id: otherId },
        }),
        '/api/customers/{id}/duplicate-dismissals',
      ),
    onSuccess: invalidates(tenantId, 'customers'),
  });
}

/** POST /api/customers/{id}/merge — `id` is the customer kept. */
export function mergeCustomersMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...customerKeys.all(tenantId), 'merge'],
    mutationFn: ({ id, body }: { id: string; body: BodyOf<'mergeCustomers'> }) =>
      unwrap(
        api.POST('/api/customers/{id}/merge', { params: { ...tenantHeader(tenantId), path: { id } }, body }),
        '/api/customers/{id}/merge',
      ),
    onSuccess: invalidates(tenantId, 'customers', 'interactions'),
  });
}

/** POST /api/customers/{id}/unmerge — `id` is the customer that was merged. */
export function undoCustomerMergeMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...customerKeys.all(tenantId), 'unmerge'],
    mutationFn: (id: string) =>
      unwrap(
        api.POST('/api/customers/{id}/unmerge', { params: { ...tenantHeader(tenantId), path: { id } } }),
        '/api/customers/{id}/unmerge',
      ),
    onSuccess: invalidates(tenantId, 'customers', 'interactions'),
  });
}
