import { useMutation } from '@tanstack/react-query';
import type { AuditLogVerification } from '@tsumiki/api-client';
import { exportAuditLogMutationOptions, verifyAuditLogMutationOptions } from '@tsumiki/api-client/react';
import {
  Alert,
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@tsumiki/ui';
import { ChevronDown, Download, ShieldCheck } from 'lucide-react';
import { useToast } from '../../app/toasts';
import { useTenantApi } from '../../app/use-tenant-api';
import { type AuditLogListState, auditLogFilters } from '../../features/audit-log/audit-log-state';
import { formatCount, formatTenantDateTime } from '../../lib/format';
import { saveFile } from '../../lib/save-file';

/** CSV 出力 (the screen's filters, in either encoding) and 改ざんチェック. */
export function AuditLogActions({
  state,
  onVerified,
}: {
  state: AuditLogListState;
  onVerified: (result: AuditLogVerification) => void;
}) {
  const { api, tenantId } = useTenantApi();
  const { toast } = useToast();
  const exportCsv = useMutation(exportAuditLogMutationOptions(api, tenantId));
  const verify = useMutation(verifyAuditLogMutationOptions(api, tenantId));
  const startExport = (encoding: 'utf-8' | 'shift_jis') =>
    exportCsv.mutate(
      { encoding, ...auditLogFilters(state) },
      {
        onSuccess: (file) => {
          saveFile(file);
          toast({ title: 'CSV を出力しました', description: file.filename, variant: 'success' });
        },
      },
    );
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
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" loading={exportCsv.isPending}>
            <Download aria-hidden="true" />
            CSV 出力
            <ChevronDown aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>文字コードを選ぶ</DropdownMenuLabel>
          <DropdownMenuItem onSelect={() => startExport('utf-8')}>UTF-8</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => startExport('shift_jis')}>Shift_JIS（Excel）</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
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
