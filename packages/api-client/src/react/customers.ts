import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../client';
import { type BodyOf, type QueryOf, type TenantId, tenantHeader, tenantKey } from './shared';

export type CustomerListQuery = QueryOf<'listCustomers'>;
export type CustomerExportQuery = QueryOf<'exportCustomers'>;
export type CustomerImportBody = BodyOf<'importCustomers'>;
export type InteractionListQuery = QueryOf<'listInteractions'>;
export type CustomerInteractionListQuery = QueryOf<'listCustomerInteractions'>;
export type DeletedCustomerListQuery = QueryOf<'listDeletedCustomers'>;

export const customerKeys = {
  all: (tenantId: TenantId) => [...tenantKey(tenantId), 'customers'] as const,
  list: (tenantId: TenantId, query: CustomerListQuery = {}) =>
    [...customerKeys.all(tenantId), 'list', query] as const,
  detail: (tenantId: TenantId, id: string) => [...customerKeys.all(tenantId), 'detail', id] as const,
  assignees: (tenantId: TenantId) => [...customerKeys.all(tenantId), 'assignees'] as const,
  trash: (tenantId: TenantId, query: DeletedCustomerListQuery = {}) =>
    [...customerKeys.all(tenantId), 'trash', query] as const,
};

export const interactionKeys = {
  all: (tenantId: TenantId) => [...tenantKey(tenantId), 'interactions'] as const,
  list: (tenantId: TenantId, query: InteractionListQuery = {}) =>
    [...interactionKeys.all(tenantId), 'list', query] as const,
  ofCustomer: (tenantId: TenantId, customerId: string, query: CustomerInteractionListQuery = {}) =>
    [...interactionKeys.all(tenantId), 'customer', customerId, query] as const,
  pagesOfCustomer: (tenantId: TenantId, customerId: string) =>
    [...interactionKeys.all(tenantId), 'customer', customerId, 'pages'] as const,
  versions: (tenantId: TenantId, interactionId: string) =>
    [...interactionKeys.all(tenantId), 'versions', interactionId] as const,
};

/** Page size of a customer's interaction timeline. */
export const CUSTOMER_INTERACTION_PAGE_SIZE = 20;

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

/** GET /api/customers/assignees — the tenant's active users who can be a customer's 担当者. */
export function customerAssigneesQueryOptions(api: ApiClient, tenantId: TenantId) {
  return queryOptions({
    queryKey: customerKeys.assignees(tenantId),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/customers/assignees', { params: tenantHeader(tenantId), signal }),
        '/api/customers/assignees',
      ),
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

/**
 * GET /api/interactions/{customerId} as a timeline, newest first, in pages of 20 (skip); the next
 * page is offered while fewer than `total` have been loaded.
 */
export function customerInteractionsInfiniteQueryOptions(
  api: ApiClient,
  tenantId: TenantId,
  customerId: string,
) {
  return infiniteQueryOptions({
    queryKey: interactionKeys.pagesOfCustomer(tenantId, customerId),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      unwrap(
        api.GET('/api/interactions/{customerId}', {
          params: {
            ...tenantHeader(tenantId),
            path: { customerId },
            query: { skip: pageParam, limit: CUSTOMER_INTERACTION_PAGE_SIZE },
          },
          signal,
        }),
        '/api/interactions/{customerId}',
      ),
    getNextPageParam: (lastPage, pages) => {
      const loaded = pages.reduce((count, page) => count + page.interactions.length, 0);
      return lastPage.interactions.length > 0 && loaded < lastPage.total ? loaded : undefined;
    },
  });
}

/** GET /api/customers/trash — deleted customers, most recently deleted first (30 days). */
export function deletedCustomersQueryOptions(
  api: ApiClient,
  tenantId: TenantId,
  query: DeletedCustomerListQuery = {},
) {
  return queryOptions({
    queryKey: customerKeys.trash(tenantId, query),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/customers/trash', { params: { ...tenantHeader(tenantId), query }, signal }),
        '/api/customers/trash',
      ),
  });
}

/** GET /api/customers/{id}/interactions/{interactionId}/versions — earlier versions, newest first. */
export function interactionVersionsQueryOptions(
  api: ApiClient,
  tenantId: TenantId,
  customerId: string,
  interactionId: string,
) {
  return queryOptions({
    queryKey: interactionKeys.versions(tenantId, interactionId),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/customers/{id}/interactions/{interactionId}/versions', {
          params: { ...tenantHeader(tenantId), path: { id: customerId, interactionId } },
          signal,
        }),
        '/api/customers/{id}/interactions/{interactionId}/versions',
      ),
  });
}
