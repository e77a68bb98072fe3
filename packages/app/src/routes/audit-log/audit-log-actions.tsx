import { useMutation } from '@tanstack/react-query';
import type { AuditLogVerification } from '@tsumiki/api-client';
import { exportAuditLogMutationOptions, verifyAuditLogMutationOptions } from '@tsumiki/api-client/react';
import { Alert, Button } from '@tsumiki/ui';
import { ShieldCheck } from 'lucide-react';
import { useTenantApi } from '../../app/use-tenant-api';
import { type AuditLogListState, auditLogFilters } from '../../features/audit-log/audit-log-state';
import { type CsvEncoding, CsvExportMenu, useSaveExportedCsv } from '../../features/lists/csv-export-menu';
import { formatCount, formatTenantDateTime } from '../../lib/format';

/** CSV 出力 (the screen's filters, in either encoding) and 改ざんチェック. */
export function AuditLogActions({
  state,
  onVerified,
}: {
  state: AuditLogListState;
  onVerified: (result: AuditLogVerification) => void;
}) {
  const { api, tenantId } = useTenantApi();
  const saveCsv = useSaveExportedCsv();
  const exportCsv = useMutation(exportAuditLogMutationOptions(api, tenantId));
  const verify = useMutation(verifyAuditLogMutationOptions(api, tenantId));
  const startExport = (encoding: CsvEncoding) =>
    exportCsv.mutate({ encoding, ...auditLogFilters(state) }, { onSuccess: saveCsv });
  return (
    <>
      <Button
        variant="outline"
        loading={verify.isPending}
        onClick={() => verify.mutate(undefined, { onSuccess: onVerified })}
      >
        <ShieldCheck aria-hidden="true" />
        改ざんチェック
      </Button>
      <CsvExportMenu busy={exportCsv.isPending} onExport={startExport} />
    </>
  );
}

/** What the chain check found: all rows linked, or the first row that breaks the chain. */
export function VerificationResult({ result }: { result: AuditLogVerification }) {
  if (result.ok) {
    return (
      <Alert variant="success" title="改ざんは見つかりませんでした" data-testid="audit-verify-result">
        {formatCount(result.checked)} 行の記録がすべて、記録したときのままつながっています。
      </Alert>
    );
  }
  const broken = result.broken;
  return (
    <Alert variant="error" title="操作ログに改ざんまたは削除の跡があります" data-testid="audit-verify-result">
      <p>{broken?.message}</p>
      {broken?.occurred_at ? (
        <p className="mt-1">
          該当の行: No.{broken.id}（{formatTenantDateTime(broken.occurred_at)}
          ）。システム管理者に連絡してください。
        </p>
      ) : null}
    </Alert>
  );
}
