import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../client';
import { invalidates, type QueryOf, type TenantId, tenantHeader, tenantKey } from './shared';

/** Keys of the saved deep-research reports. */
export const researchKeys = {
  all: (tenantId: TenantId) => [...tenantKey(tenantId), 'research'] as const,
  reports: (tenantId: TenantId, query: QueryOf<'listResearchReports'>) =>
    [...researchKeys.all(tenantId), 'reports', query] as const,
  report: (tenantId: TenantId, id: string) => [...researchKeys.all(tenantId), 'report', id] as const,
};

/** GET /api/research/reports — newest first. */
export function researchReportsQueryOptions(
  api: ApiClient,
  tenantId: TenantId,
  query: QueryOf<'listResearchReports'> = {},
) {
  return queryOptions({
    queryKey: researchKeys.reports(tenantId, query),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/research/reports', { params: { ...tenantHeader(tenantId), query }, signal }),
        '/api/research/reports',
      ),
  });
}

/** GET /api/research/reports/{id} */
export function researchReportQueryOptions(api: ApiClient, tenantId: TenantId, id: string) {
  return queryOptions({
    queryKey: researchKeys.report(tenantId, id),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/research/reports/{id}', {
          params: { ...tenantHeader(tenantId), path: { id } },
          signal,
        }),
        '/api/research/reports/{id}',
      ),
  });
}

/** DELETE /api/research/reports/{id} */
export function deleteResearchReportMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...tenantKey(tenantId), 'research', 'delete'],
    mutationFn: (id: string) =>
      unwrap(
        api.DELETE('/api/research/reports/{id}', { params: { ...tenantHeader(tenantId), path: { id } } }),
        '/api/research/reports/{id}',
      ),
    onSuccess: invalidates(tenantId, 'research'),
  });
}
