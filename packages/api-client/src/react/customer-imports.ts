import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../client';
import { downloadFile } from '../download';
import type { components } from '../generated/schema';
import { customerKeys } from './customers';
import { type BodyOf, invalidates, type TenantId, tenantHeader, toFormData } from './shared';

// The background import of a customers CSV: start (upload), its progress, the recent ones,
// cancel and the error report. A screen that only lists customers loads none of it.

export type CustomerImportJob = components['schemas']['CustomerImportJob'];

/** Whether an import is still moving (its progress is worth polling). */
export function isCustomerImportActive(job: Pick<CustomerImportJob, 'status'>): boolean {
  return job.status === 'scanning' || job.status === 'queued' || job.status === 'running';
}

/** Whether an import waits for a person to choose what to do with its likely duplicates. */
export function isCustomerImportWaiting(job: Pick<CustomerImportJob, 'status'>): boolean {
  return job.status === 'awaiting_choice';
}

export const customerImportKeys = {
  all: (tenantId: TenantId) => [...customerKeys.all(tenantId), 'imports'] as const,
  list: (tenantId: TenantId) => [...customerImportKeys.all(tenantId), 'list'] as const,
  detail: (tenantId: TenantId, id: string) => [...customerImportKeys.all(tenantId), 'detail', id] as const,
  duplicates: (tenantId: TenantId, id: string) =>
    [...customerImportKeys.all(tenantId), 'duplicates', id] as const,
};

/** How often a running import's progress is read again. */
export const CUSTOMER_IMPORT_POLL_MS = 1000;

/** GET /api/customers/imports — the recent imports, polled while one of them runs. */
export function customerImportsQueryOptions(api: ApiClient, tenantId: TenantId) {
  return queryOptions({
    queryKey: customerImportKeys.list(tenantId),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/customers/imports', { params: tenantHeader(tenantId), signal }),
        '/api/customers/imports',
      ),
    refetchInterval: (query) =>
      query.state.data?.imports.some(isCustomerImportActive) ? CUSTOMER_IMPORT_POLL_MS : false,
  });
}

/** GET /api/customers/imports/{id} — one import's progress, polled while it runs. */
export function customerImportQueryOptions(api: ApiClient, tenantId: TenantId, id: string) {
  return queryOptions({
    queryKey: customerImportKeys.detail(tenantId, id),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/customers/imports/{id}', {
          params: { ...tenantHeader(tenantId), path: { id } },
          signal,
        }),
        '/api/customers/imports/{id}',
      ),
    refetchInterval: (query) =>
      query.state.data && !isCustomerImportActive(query.state.data) ? false : CUSTOMER_IMPORT_POLL_MS,
  });
}

/** POST /api/customers/imports (multipart: file) — 202 with the queued import. */
export function startCustomerImportMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...customerImportKeys.all(tenantId), 'start'],
    mutationFn: (fields: BodyOf<'startCustomerImport'>) =>
      unwrap(
        api.POST('/api/customers/imports', {
          params: tenantHeader(tenantId),
          body: fields,
          bodySerializer: () => toFormData(fields),
        }),
        '/api/customers/imports',
      ),
    onSuccess: invalidates(tenantId, 'customers'),
  });
}

/** GET /api/customers/imports/{id}/duplicates — the rows the check before the import found. */
export function customerImportDuplicatesQueryOptions(api: ApiClient, tenantId: TenantId, id: string) {
  return queryOptions({
    queryKey: customerImportKeys.duplicates(tenantId, id),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/customers/imports/{id}/duplicates', {
          params: { ...tenantHeader(tenantId), path: { id } },
          signal,
        }),
        '/api/customers/imports/{id}/duplicates',
      ),
  });
}

/** POST /api/customers/imports/{id}/start — skip or import the likely duplicates, and go on. */
export function chooseCustomerImportDuplicatesMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...customerImportKeys.all(tenantId), 'choose'],
    mutationFn: ({ id, ...body }: { id: string } & BodyOf<'chooseCustomerImportDuplicates'>) =>
      unwrap(
        api.POST('/api/customers/imports/{id}/start', {
          params: { ...tenantHeader(tenantId), path: { id } },
          body,
        }),
        '/api/customers/imports/{id}/start',
      ),
    onSuccess: invalidates(tenantId, 'customers'),
  });
}

/** POST /api/customers/imports/{id}/cancel — the rows already committed stay. */
export function cancelCustomerImportMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...customerImportKeys.all(tenantId), 'cancel'],
    mutationFn: (id: string) =>
      unwrap(
        api.POST('/api/customers/imports/{id}/cancel', {
          params: { ...tenantHeader(tenantId), path: { id } },
        }),
        '/api/customers/imports/{id}/cancel',
      ),
    onSuccess: invalidates(tenantId, 'customers'),
  });
}

/** GET /api/customers/imports/{id}/errors.csv — the rows not imported, `{ blob, filename }`. */
export function downloadCustomerImportErrorsMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...customerImportKeys.all(tenantId), 'errors'],
    mutationFn: (id: string) =>
      downloadFile(
        api.GET('/api/customers/imports/{id}/errors.csv', {
          params: { ...tenantHeader(tenantId), path: { id } },
          parseAs: 'blob',
        }),
        '取り込みエラー.csv',
        '/api/customers/imports/{id}/errors.csv',
      ),
  });
}
