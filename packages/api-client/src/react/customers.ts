import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../client';
import { type BodyOf, invalidates, type QueryOf, type TenantId, tenantHeader, tenantKey } from './shared';

export type CustomerListQuery = QueryOf<'listCustomers'>;
export type InteractionListQuery = QueryOf<'listInteractions'>;
export type CustomerInteractionListQuery = QueryOf<'listCustomerInteractions'>;

export const customerKeys = {
  all: (tenantId: TenantId) => [...tenantKey(tenantId), 'customers'] as const,
  list: (tenantId: TenantId, query: CustomerListQuery = {}) =>
    [...customerKeys.all(tenantId), 'list', query] as const,
  detail: (tenantId: TenantId, id: string) => [...customerKeys.all(tenantId), 'detail', id] as const,
};

export const interactionKeys = {
  all: (tenantId: TenantId) => [...tenantKey(tenantId), 'interactions'] as const,
  list: (tenantId: TenantId, query: InteractionListQuery = {}) =>
    [...interactionKeys.all(tenantId), 'list', query] as const,
  ofCustomer: (tenantId: TenantId, customerId: string, query: CustomerInteractionListQuery = {}) =>
    [...interactionKeys.all(tenantId), 'customer', customerId, query] as const,
};

/** GET /api/customers */
export function customersQueryOptions(api: ApiClient, tenantId: TenantId, query: CustomerListQuery = {}) {
  return queryOptions({
    queryKey: customerKeys.list(tenantId, query),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/customers', { params: { ...tenantHeader(tenantId), query }, signal }),
        '/api/customers',
      ),
  });
}

/** GET /api/customers/{id} */
export function customerQueryOptions(api: ApiClient, tenantId: TenantId, id: string) {
  return queryOptions({
    queryKey: customerKeys.detail(tenantId, id),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/customers/{id}', { params: { ...tenantHeader(tenantId), path: { id } }, signal }),
        '/api/customers/{id}',
      ),
  });
}

/** POST /api/customers */
export function createCustomerMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...customerKeys.all(tenantId), 'create'],
    mutationFn: (body: BodyOf<'createCustomer'>) =>
      unwrap(api.POST('/api/customers', { params: tenantHeader(tenantId), body }), '/api/customers'),
    onSuccess: invalidates(tenantId, 'customers'),
  });
}

/** PUT /api/customers/{id} */
export function updateCustomerMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...customerKeys.all(tenantId), 'update'],
    mutationFn: ({ id, body }: { id: string; body: BodyOf<'updateCustomer'> }) =>
      unwrap(
        api.PUT('/api/customers/{id}', { params: { ...tenantHeader(tenantId), path: { id } }, body }),
        '/api/customers/{id}',
      ),
    onSuccess: invalidates(tenantId, 'customers', 'interactions'),
  });
}

/** DELETE /api/customers/{id} */
export function deleteCustomerMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...customerKeys.all(tenantId), 'delete'],
    mutationFn: (id: string) =>
      unwrap(
        api.DELETE('/api/customers/{id}', { params: { ...tenantHeader(tenantId), path: { id } } }),
        '/api/customers/{id}',
      ),
    onSuccess: invalidates(tenantId, 'customers', 'interactions'),
  });
}

/** GET /api/interactions — newest first. */
export function interactionsQueryOptions(
  api: ApiClient,
  tenantId: TenantId,
  query: InteractionListQuery = {},
) {
  return queryOptions({
    queryKey: interactionKeys.list(tenantId, query),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/interactions', { params: { ...tenantHeader(tenantId), query }, signal }),
        '/api/interactions',
      ),
  });
}

/** GET /api/interactions/{customerId} — one customer's interactions. */
export function customerInteractionsQueryOptions(
  api: ApiClient,
  tenantId: TenantId,
  customerId: string,
  query: CustomerInteractionListQuery = {},
) {
  return queryOptions({
    queryKey: interactionKeys.ofCustomer(tenantId, customerId, query),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/interactions/{customerId}', {
          params: { ...tenantHeader(tenantId), path: { customerId }, query },
          signal,
        }),
        '/api/interactions/{customerId}',
      ),
  });
}

/** POST /api/interactions */
export function createInteractionMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...interactionKeys.all(tenantId), 'create'],
    mutationFn: (body: BodyOf<'createInteraction'>) =>
      unwrap(api.POST('/api/interactions', { params: tenantHeader(tenantId), body }), '/api/interactions'),
    onSuccess: invalidates(tenantId, 'interactions', 'customers'),
  });
}
