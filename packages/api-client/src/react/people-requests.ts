import { mutationOptions } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../client';
import { downloadFile } from '../download';
import { customerKeys } from './customers';
import { type BodyOf, invalidates, type TenantId, tenantHeader } from './shared';

// A person's own requests about what a tenant holds on them (開示・利用停止・消去), for those with
// privacy.manage. Apart from the other customer mutations: only the customer page loads them.

/** The disclosure ZIP's name when the server gives none. */
export const DEFAULT_DISCLOSURE_FILE_NAME = '開示データ.zip';

/** GET /api/customers/{id}/disclosure — everything held on the customer as one ZIP, `{ blob, filename }`. */
export function downloadCustomerDisclosureMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...customerKeys.all(tenantId), 'disclosure'],
    mutationFn: (id: string) =>
      downloadFile(
        api.GET('/api/customers/{id}/disclosure', {
          params: { ...tenantHeader(tenantId), path: { id } },
          parseAs: 'blob',
        }),
        DEFAULT_DISCLOSURE_FILE_NAME,
        '/api/customers/{id}/disclosure',
      ),
  });
}

/** PUT /api/customers/{id}/use-stop — stops the use of the customer (or changes the reason). */
export function stopCustomerUseMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...customerKeys.all(tenantId), 'use-stop'],
    mutationFn: ({ id, body }: { id: string; body: BodyOf<'stopCustomerUse'> }) =>
      unwrap(
        api.PUT('/api/customers/{id}/use-stop', {
          params: { ...tenantHeader(tenantId), path: { id } },
          body,
        }),
        '/api/customers/{id}/use-stop',
      ),
    onSuccess: invalidates(tenantId, 'customers', 'interactions'),
  });
}

/** DELETE /api/customers/{id}/use-stop — lifts the stop. */
export function liftCustomerUseStopMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...customerKeys.all(tenantId), 'lift-use-stop'],
    mutationFn: (id: string) =>
      unwrap(
        api.DELETE('/api/customers/{id}/use-stop', { params: { ...tenantHeader(tenantId), path: { id } } }),
        '/api/customers/{id}/use-stop',
      ),
    onSuccess: invalidates(tenantId, 'customers', 'interactions'),
  });
}

/** POST /api/customers/{id}/erasure — erases the customer for good (422 when the name typed differs). */
export function eraseCustomerMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...customerKeys.all(tenantId), 'erasure'],
    mutationFn: ({ id, body }: { id: string; body: BodyOf<'eraseCustomer'> }) =>
      unwrap(
        api.POST('/api/customers/{id}/erasure', {
          params: { ...tenantHeader(tenantId), path: { id } },
          body,
        }),
        '/api/customers/{id}/erasure',
      ),
    onSuccess: invalidates(tenantId, 'customers', 'interactions'),
  });
}
