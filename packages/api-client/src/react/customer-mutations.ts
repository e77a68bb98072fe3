import { mutationOptions } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../client';
import { defaultDownloadNames, downloadFile } from '../download';
import {
  type CustomerExportQuery,
  type CustomerImportBody,
  customerKeys,
  interactionKeys,
} from './customers';
import { type BodyOf, invalidates, type TenantId, tenantHeader } from './shared';

// The customers' and interactions' mutations, apart from their queries (customers.ts): a screen
// that only reads, such as the dashboard, does not load them nor the file download with them.

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

/**
 * GET /api/customers/export — the customers matching the list's filters as CSV, `{ blob, filename }`
 * (default 顧客一覧.csv). A download the user asks for, hence a mutation.
 */
export function exportCustomersMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...customerKeys.all(tenantId), 'export'],
    mutationFn: (query: CustomerExportQuery = {}) =>
      downloadFile(
        api.GET('/api/customers/export', { params: { ...tenantHeader(tenantId), query }, parseAs: 'blob' }),
        defaultDownloadNames.customersCsv,
        '/api/customers/export',
      ),
  });
}

/**
 * POST /api/customers/import — checks the rows (`dry_run: true`, the default) or registers the
 * valid ones (`dry_run: false`, which alone refreshes the customer list).
 */
export function importCustomersMutationOptions(api: ApiClient, tenantId: TenantId) {
  const refresh = invalidates(tenantId, 'customers');
  return mutationOptions({
    mutationKey: [...customerKeys.all(tenantId), 'import'],
    mutationFn: (body: CustomerImportBody) =>
      unwrap(
        api.POST('/api/customers/import', { params: tenantHeader(tenantId), body }),
        '/api/customers/import',
      ),
    onSuccess: async (result, body, onMutateResult, context) => {
      if (!result.dry_run) await refresh(result, body, onMutateResult, context);
    },
  });
}

/** POST /api/customers/{id}/restore — undoes a delete. */
export function restoreCustomerMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...customerKeys.all(tenantId), 'restore'],
    mutationFn: (id: string) =>
      unwrap(
        api.POST('/api/customers/{id}/restore', { params: { ...tenantHeader(tenantId), path: { id } } }),
        '/api/customers/{id}/restore',
      ),
    onSuccess: invalidates(tenantId, 'customers', 'interactions'),
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

/**
 * PUT /api/customers/{id}/interactions/{interactionId} — corrects an interaction read at
 * `body.version` (409 RES_003 when someone changed it since); the version it replaces is kept.
 */
export function updateInteractionMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...interactionKeys.all(tenantId), 'update'],
    mutationFn: ({
      customerId,
      interactionId,
      body,
    }: {
      customerId: string;
      interactionId: string;
      body: BodyOf<'updateInteraction'>;
    }) =>
      unwrap(
        api.PUT('/api/customers/{id}/interactions/{interactionId}', {
          params: { ...tenantHeader(tenantId), path: { id: customerId, interactionId } },
          body,
        }),
        '/api/customers/{id}/interactions/{interactionId}',
      ),
    onSuccess: invalidates(tenantId, 'interactions'),
  });
}

/** DELETE /api/customers/{id}/interactions/{interactionId} */
export function deleteInteractionMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...interactionKeys.all(tenantId), 'delete'],
    mutationFn: ({ customerId, interactionId }: { customerId: string; interactionId: string }) =>
      unwrap(
        api.DELETE('/api/customers/{id}/interactions/{interactionId}', {
          params: { ...tenantHeader(tenantId), path: { id: customerId, interactionId } },
        }),
        '/api/customers/{id}/interactions/{interactionId}',
      ),
    onSuccess: invalidates(tenantId, 'interactions', 'customers'),
  });
}

/** DELETE /api/customers/{id}/permanent — erases a customer in the trash now (no way back). */
export function purgeCustomerMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...customerKeys.all(tenantId), 'purge'],
    mutationFn: (id: string) =>
      unwrap(
        api.DELETE('/api/customers/{id}/permanent', { params: { ...tenantHeader(tenantId), path: { id } } }),
        '/api/customers/{id}/permanent',
      ),
    onSuccess: invalidates(tenantId, 'customers', 'interactions'),
  });
}
