import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  customerDuplicatesQueryOptions,
  dismissCustomerDuplicateMutationOptions,
  undoCustomerMergeMutationOptions,
} from '@tsumiki/api-client/react';
import { DataTable, type DataTableColumn, EmptyState, PageHeader } from '@tsumiki/ui';
import { ArrowLeft, GitMerge } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useDetachedMutation } from '../../app/detached-mutation';
import { appRoutes, customerPath } from '../../app/paths';
import { useToast } from '../../app/toasts';
import { useTenantApi } from '../../app/use-tenant-api';
import { usePermissions } from '../../features/access/permissions';
import { FeatureOffScreen, PermissionDeniedScreen } from '../../features/access/screen-states';
import { customerKana, customerName } from '../../features/customers/customer-fields';
import {
  type DuplicateSummary,
  duplicateFacts,
  duplicateReasonsText,
} from '../../features/customers/duplicates/duplicate-text';
import { MergeDialog } from '../../features/customers/duplicates/merge-dialog';
import { isFeatureEnabled, useFeatureFlags } from '../../features/feature-flags';
import { RecentMerges } from './recent-merges';

type Pair = {
  first: DuplicateSummary;
  second: DuplicateSummary;
  reasons: Parameters<typeof duplicateReasonsText>[0];
};

const PAGE_SIZE = 20;
const title = appRoutes.customerDuplicates.title;

/**
 * /customers/duplicates: pairs that may be one person — dismiss as two people, or merge (admins);
 * under them the recent merges that can still be undone (admins).
 */
export function Component() {
  const { can } = usePermissions();
  const { flags } = useFeatureFlags();
  if (!isFeatureEnabled(flags, 'customers')) return <FeatureOffScreen title={title} />;
  if (!can('customers.write')) return <PermissionDeniedScreen title={title} />;
  return <DuplicatesScreen canMerge={can('customers.delete')} />;
}

function Person({ customer }: { customer: DuplicateSummary }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <Link to={customerPath(customer.id)} className="font-medium text-primary break-words hover:underline">
        {customerName(customer)}
      </Link>
      <span className="text-xs text-muted-foreground">{customerKana(customer)}</span>
      <span className="text-xs">{duplicateFacts(customer)}</span>
    </div>
  );
}

function DuplicatesScreen({ canMerge }: { canMerge: boolean }) {
  const { api, tenantId } = useTenantApi();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [page, setPage] = useState(1);
  const [merging, setMerging] = useState<Pair | null>(null);
  const pairs = useQuery({
    ...customerDuplicatesQueryOptions(api, tenantId, { skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const dismiss = useMutation(dismissCustomerDuplicateMutationOptions(api, tenantId));
  // From the toast, which outlives this screen (the kept customer's page opens after a merge).
  const undo = useDetachedMutation(undoCustomerMergeMutationOptions(api, tenantId));

  const columns: DataTableColumn<Pair>[] = [
    { id: 'first', header: '顧客', cell: (pair) => <Person customer={pair.first} /> },
    {
      id: 'second',
      header: '同じ人かもしれない顧客',
      cell: (pair) => (
        <div className="grid gap-1">
          <Person customer={pair.second} />
          {/* Where the column of its own is hidden (narrow screens), the reasons go here. */}
          <span className="text-xs text-muted-foreground md:hidden">
            理由: {duplicateReasonsText(pair.reasons)}
          </span>
        </div>
      ),
    },
    { id: 'reasons', header: '理由', hideBelow: 'md', cell: (pair) => duplicateReasonsText(pair.reasons) },
  ];

  const data = pairs.data;
  return (
    <div className="flex min-w-0 flex-col gap-5">
      <PageHeader
        eyebrow={
          <Link to={appRoutes.customers.path} className="inline-flex items-center gap-1 text-sm text-primary">
            <ArrowLeft aria-hidden="true" className="size-4" />
            顧客一覧へ戻る
          </Link>
        }
        title={title}
        description="フリガナと生年月日、電話番号、メールアドレスが同じなど、同じ人かもしれない顧客の組です。別人なら除外し、同じ人なら統合してください（統合は 30 日以内なら元に戻せます）。"
      />
      <DataTable
        caption="重複の候補"
        columns={columns}
        rows={data?.pairs ?? []}
        getRowId={(pair) => `${pair.first.id}:${pair.second.id}`}
        getRowLabel={(pair) => `${customerName(pair.first)} と ${customerName(pair.second)}`}
        loading={pairs.isPending}
        error={pairs.isError ? pairs.error.message : undefined}
        onRetry={() => void pairs.refetch()}
        empty={
          <EmptyState
            icon={<GitMerge aria-hidden="true" />}
            title="重複の候補はありません"
            description="同じ人かもしれない顧客が登録されると、ここに表示されます。"
          />
        }
        rowActions={(pair) => [
          ...(canMerge ? [{ label: '統合する', onSelect: () => setMerging(pair) }] : []),
          {
            label: '別人として除外',
            onSelect: () =>
              dismiss.mutate(
                { id: pair.first.id, otherId: pair.second.id },
                {
                  onSuccess: () =>
                    toast({
                      title: `${customerName(pair.first)} さんと ${customerName(pair.second)} さんを別人として除外しました`,
                      variant: 'success',
                    }),
                },
              ),
          },
        ]}
        pagination={
          data ? { page, pageSize: PAGE_SIZE, total: data.total, onPageChange: setPage } : undefined
        }
      />
      {canMerge && <RecentMerges />}
      <MergeDialog
        pair={merging}
        onClose={() => setMerging(null)}
        onMerged={({ keptId, mergedId, keptName }) => {
          setMerging(null);
          toast({
            title: `${keptName} さんに統合しました`,
            description: '30 日以内なら元に戻せます。',
            variant: 'success',
            action: {
              label: '元に戻す',
              onClick: () =>
                void undo(mergedId).then((undone) => {
                  if (!undone) return;
                  toast({
                    title: `${customerName(undone.data)} さんと ${keptName} さんの統合を元に戻しました`,
                    variant: 'success',
                    action: { label: '開く', onClick: () => navigate(customerPath(mergedId)) },
                  });
                }),
            },
          });
          navigate(customerPath(keptId));
        }}
      />
    </div>
  );
}
