import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../client';
import { defaultDownloadNames, downloadFile } from '../download';
import { type QueryOf, type TenantId, tenantHeader, tenantKey } from './shared';

export type AuditLogQuery = QueryOf<'listAuditLog'>;
export type AuditLogExportQuery = QueryOf<'exportAuditLog'>;

export const auditLogKeys = {
  all: (tenantId: TenantId) => [...tenantKey(tenantId), 'audit-log'] as const,
  list: (tenantId: TenantId, query: AuditLogQuery = {}) =>
    [...auditLogKeys.all(tenantId), 'list', query] as const,
};

/** GET /api/audit-log — the access log, newest first, filtered by person, customer, action and period. */
export function auditLogQueryOptions(api: ApiClient, tenantId: TenantId, query: AuditLogQuery = {}) {
  return queryOptions({
    queryKey: auditLogKeys.list(tenantId, query),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/audit-log', { params: { ...tenantHeader(tenantId), query }, signal }),
        '/api/audit-log',
      ),
  });
}

/**
 * GET /api/audit-log/export — the rows matching the filters as CSV, `{ blob, filename }` (default
 * 操作ログ.csv). A download the user asks for (and one the log records), hence a mutation.
 */
export function exportAuditLogMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...auditLogKeys.all(tenantId), 'export'],
    mutationFn: (query: AuditLogExportQuery = {}) =>
      downloadFile(
        api.GET('/api/audit-log/export', { params: { ...tenantHeader(tenantId), query }, parseAs: 'blob' }),
        defaultDownloadNames.auditLogCsv,
        '/api/audit-log/export',
      ),
  });
}

/** POST /api/audit-log/verify — recomputes the tenant's hash chain (the check is itself logged). */
export function verifyAuditLogMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...auditLogKeys.all(tenantId), 'verify'],
    mutationFn: () =>
      unwrap(api.POST('/api/audit-log/verify', { params: tenantHeader(tenantId) }), '/api/audit-log/verify'),
  });
}
