import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ACCESS_ACTION_LABELS, type AuditLogVerification, contractEnums } from '@tsumiki/api-client';
import { auditLogQueryOptions } from '@tsumiki/api-client/react';
import { DataTable, EmptyState, PageHeader } from '@tsumiki/ui';
import { ScrollText } from 'lucide-react';
import { useState } from 'react';
import { api } from '../../app/api';
import { appRoutes } from '../../app/paths';
import { listRouteLoader, revalidateOnPathChange } from '../../app/prefetch';
import { isFeatureOff } from '../../features/access/feature-off';
import { FeatureOffScreen } from '../../features/access/screen-states';
import {
  AUDIT_LOG_PAGE_SIZE,
  auditLogQuery,
  isAuditLogFiltered,
  parseAuditLogState,
  serializeAuditLogState,
} from '../../features/audit-log/audit-log-state';
import { ListPagination, ListTotal } from '../../features/lists/list-controls';
import { listSummary, listTableStatus, useShownPage } from '../../features/lists/list-hooks';
import { EmptyIcon, NoMatches, ScreenGate } from '../../features/lists/list-pieces';
import { useListUrlState } from '../../features/lists/list-url-state';
import { formatCount } from '../../lib/format';
import { useSignedIn } from '../../session/session';
import { AuditLogActions, VerificationResult } from './audit-log-actions';
import { auditLogColumns } from './audit-log-columns';
import { AuditLogFilters } from './audit-log-filters';

const title = appRoutes.auditLog.title;

/** Fetches the page the URL asks for while the chunk loads. */
export const loader = listRouteLoader((tenantId, params) =>
  auditLogQueryOptions(api, tenantId, auditLogQuery(parseAuditLogState(params))),
);

export const shouldRevalidate = revalidateOnPathChange;

/** /audit-log: who looked at or changed what, and when (administrators with audit.read). */
export function Component() {
  return (
    <ScreenGate title={title} feature="audit_log" permission="audit.read">
      <AuditLogScreen />
    </ScreenGate>
  );
}

function AuditLogScreen() {
  const { api, tenant } = useSignedIn();
  const tenantId = tenant?.tenant_id;
  const list = useListUrlState(parseAuditLogState, serializeAuditLogState);
  const { state, update } = list;
  const [verification, setVerification] = useState<AuditLogVerification | null>(null);
  const entries = useQuery({
    ...auditLogQueryOptions(api, tenantId, auditLogQuery(state)),
    placeholderData: keepPreviousData,
  });
  const data = useShownPage(list, AUDIT_LOG_PAGE_SIZE, entries, (shown) => shown.entries);
  const filtered = isAuditLogFiltered(state);
  const summary = listSummary(
    entries,
    data,
    ({ total, total_capped }) =>
      `${filtered ? '条件に一致する記録' : '記録'}: ${formatCount(total)} 件${total_capped ? '以上' : ''}`,
  );

  if (entries.isError && isFeatureOff(entries.error)) return <FeatureOffScreen title={title} />;

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <PageHeader
        title={title}
        description="顧客の情報を誰がいつ見たか・変えたか、ログインや権限・設定の変更を記録しています。記録は書き換えられず、改ざんチェックで確かめられます。"
        actions={<AuditLogActions state={state} onVerified={setVerification} />}
      />
      {verification ? <VerificationResult result={verification} /> : null}

      <AuditLogFilters
        state={state}
        update={update}
        customerName={
          data?.entries.find((entry) => entry.customer_id === state.customer)?.customer_name ?? null
        }
        actionLabels={ACCESS_ACTION_LABELS}
        actions={contractEnums.AccessAction}
      />

      <ListTotal testId="audit-log-total">{summary}</ListTotal>

      <DataTable
        caption="操作ログ"
        columns={auditLogColumns()}
        rows={data?.entries ?? []}
        getRowId={(entry) => String(entry.id)}
        getRowLabel={(entry) => `No.${entry.id}`}
        {...listTableStatus(entries)}
        loadingRowCount={8}
        empty={
          filtered ? (
            <NoMatches
              title="条件に一致する記録はありません"
              description="人・顧客・操作・期間の条件を変えてお試しください。"
              onClear={() => update({ user: '', customer: '', action: '', from: '', to: '', page: 1 })}
            />
          ) : (
            <EmptyState icon={<EmptyIcon icon={ScrollText} />} title="記録はまだありません" />
          )
        }
      />

      <ListPagination
        page={state.page}
        pageSize={AUDIT_LOG_PAGE_SIZE}
        total={data?.total}
        disabled={entries.isFetching}
        onPageChange={(page) => update({ page })}
      />
    </div>
  );
}
