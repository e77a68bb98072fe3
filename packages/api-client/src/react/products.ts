import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../client';
import { type BodyOf, invalidates, type QueryOf, type TenantId, tenantHeader, tenantKey } from './shared';

export type ProductListQuery = QueryOf<'listProducts'>;
export type ProductSearchQuery = QueryOf<'searchProducts'>;

export const productKeys = {
  all: (tenantId: TenantId) => [...tenantKey(tenantId), 'products'] as const,
  list: (tenantId: TenantId, query: ProductListQuery = {}) =>
    [...productKeys.all(tenantId), 'list', query] as const,
  search: (tenantId: TenantId, query: ProductSearchQuery) =>
    [...productKeys.all(tenantId), 'search', query] as const,
  detail: (tenantId: TenantId, id: string) => [...productKeys.all(tenantId), 'detail', id] as const,
};

/** GET /api/products/ */
export function productsQueryOptions(api: ApiClient, tenantId: TenantId, query: ProductListQuery = {}) {
  return queryOptions({
    queryKey: productKeys.list(tenantId, query),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/products/', { params: { ...tenantHeader(tenantId), query }, signal }),
        '/api/products/',
      ),
  });
}

/** GET /api/products/search (q) */
export function productSearchQueryOptions(api: ApiClient, tenantId: TenantId, query: ProductSearchQuery) {
  return queryOptions({
    queryKey: productKeys.search(tenantId, query),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/products/search', { params: { ...tenantHeader(tenantId), query }, signal }),
        '/api/products/search',
      ),
  });
}

/** GET /api/products/{id} */
export function productQueryOptions(api: ApiClient, tenantId: TenantId, id: string) {
  return queryOptions({
    queryKey: productKeys.detail(tenantId, id),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/products/{id}', { params: { ...tenantHeader(tenantId), path: { id } }, signal }),
        '/api/products/{id}',
      ),
  });
}

/** POST /api/products/ */
export function createProductMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...tenantKey(tenantId), 'products', 'create'],
    mutationFn: (body: BodyOf<'createProduct'>) =>
      unwrap(api.POST('/api/products/', { params: tenantHeader(tenantId), body }), '/api/products/'),
    onSuccess: invalidates(tenantId, 'products'),
  });
}

/** PUT /api/products/{id} */
export function updateProductMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...tenantKey(tenantId), 'products', 'update'],
    mutationFn: ({ id, body }: { id: string; body: BodyOf<'updateProduct'> }) =>
      unwrap(
        api.PUT('/api/products/{id}', { params: { ...tenantHeader(tenantId), path: { id } }, body }),
        '/api/products/{id}',
      ),
    onSuccess: invalidates(tenantId, 'products'),
  });
}

/** DELETE /api/products/{id} */
export function deleteProductMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...tenantKey(tenantId), 'products', 'delete'],
    mutationFn: (id: string) =>
      unwrap(
        api.DELETE('/api/products/{id}', { params: { ...tenantHeader(tenantId), path: { id } } }),
        '/api/products/{id}',
      ),
    onSuccess: invalidates(tenantId, 'products'),
  });
}

/** POST /api/products/{id}/analyze — market, customer and pair analysis */
export function analyzeProductMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...tenantKey(tenantId), 'products', 'analyze'],
    mutationFn: ({ id, body }: { id: string; body: BodyOf<'analyzeProduct'> }) =>
      unwrap(
        api.POST('/api/products/{id}/analyze', { params: { ...tenantHeader(tenantId), path: { id } }, body }),
        '/api/products/{id}/analyze',
      ),
  });
}
