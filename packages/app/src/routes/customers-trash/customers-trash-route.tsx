import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { components } from '@tsumiki/api-client';
import {
  deletedCustomersQueryOptions,
  purgeCustomerMutationOptions,
  restoreCustomerMutationOptions,
} from '@tsumiki/api-client/react';
import {
  ConfirmDialog,
  DataTable,
  type DataTableColumn,
  EmptyState,
  PageHeader,
  SearchInput,
} from '@tsumiki/ui';
import { ArrowLeft, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { appRoutes, customerPath } from '../../app/paths';
import { useToast } from '../../app/toasts';
import { useTenantApi } from '../../app/use-tenant-api';
import { usePermissions } from '../../features/access/permissions';
import { FeatureOffScreen, PermissionDeniedScreen } from '../../features/access/screen-states';
import { customerKana, customerName } from '../../features/customers/customer-fields';
import { isFeatureEnabled, useFeatureFlags } from '../../features/feature-flags';
import { formatTenantDate, formatTenantDateTime } from '../../lib/format';

type DeletedCustomer = components['schemas']['DeletedCustomer'];

const PAGE_SIZE = 20;
const title = appRoutes.customersTrash.title;

/** /customers/trash: deleted customers for 30 days — restore one, or erase it now (customers.delete). */
export function Component() {
  const { can } = usePermissions();
  const { flags } = useFeatureFlags();
  if (!isFeatureEnabled(flags, 'customers')) return <FeatureOffScreen title={title} />;
  if (!can('customers.delete')) return <PermissionDeniedScreen title={title} />;
  return <TrashScreen />;
}

function TrashScreen() {
  const { api, tenantId } = useTenantApi();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [erasing, setErasing] = useState<DeletedCustomer | null>(null);
  const trash = useQuery({
    ...deletedCustomersQueryOptions(api, tenantId, {
      skip: (page - 1) * PAGE_SIZE,
      limit: PAGE_SIZE,
      ...(search ? { search } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const restore = useMutation(restoreCustomerMutationOptions(api, tenantId));
  const purge = useMutation(purgeCustomerMutationOptions(api, tenantId));

  const columns: DataTableColumn<DeletedCustomer>[] = [
    {
      id: 'name',
      header: '氏名',
      cell: (customer) => (
        <div className="grid">
          <span className="font-medium break-words">{customerName(customer)}</span>
          <span className="text-xs text-muted-foreground">{customerKana(customer)}</span>
        </div>
      ),
    },
    { id: 'company', header: '会社名', hideBelow: 'md', cell: (customer) => customer.company_name ?? '' },
    {
      id: 'deleted',
      header: '削除',
      cell: (customer) => (
        <div className="grid text-sm">
          <span className="tabular-nums">{formatTenantDateTime(customer.deleted_at)}</span>
          {customer.deleted_by_name ? (
            <span className="text-muted-foreground">{customer.deleted_by_name}</span>
          ) : null}
          {/* Where the column of its own is hidden (narrow screens), the date goes here. */}
          <span className="text-muted-foreground md:hidden">
            {formatTenantDate(customer.purge_at)} に消去
          </span>
        </div>
      ),
    },
    {
      id: 'purge',
      header: '完全に消去される日',
      nowrap: true,
      hideBelow: 'md',
      cell: (customer) => formatTenantDate(customer.purge_at),
    },
    {
      id: 'interactions',
      header: '対応履歴',
      align: 'end',
      hideBelow: 'sm',
      cell: (customer) => `${customer.interaction_count.toLocaleString('ja-JP')} 件`,
    },
  ];

  const data = trash.data;
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
        description="削除した顧客は 30 日間ここにあり、元に戻せます。30 日を過ぎると、対応履歴と調査レポートとともに完全に消去されます。"
      />
      <SearchInput
        label="ゴミ箱を検索"
        placeholder="氏名・フリガナなど"
        onSearch={(query) => {
          setSearch(query);
          setPage(1);
        }}
      />
      <DataTable
        caption="ゴミ箱の顧客"
        columns={columns}
        rows={data?.customers ?? []}
        getRowId={(customer) => customer.id}
        getRowLabel={(customer) => customerName(customer)}
        loading={trash.isPending}
        error={trash.isError ? trash.error.message : undefined}
        onRetry={() => void trash.refetch()}
        empty={
          <EmptyState
            icon={<Trash2 aria-hidden="true" />}
            title={search ? '条件に合う顧客はゴミ箱にありません' : 'ゴミ箱は空です'}
            description="削除した顧客は、ここに 30 日間残ります。"
          />
        }
        rowActions={(customer) => [
          {
            label: '元に戻す',
            onSelect: () =>
              restore.mutate(customer.id, {
                onSuccess: () =>
                  toast({
                    title: `${customerName(customer)} さんを元に戻しました`,
                    variant: 'success',
                    action: { label: '開く', onClick: () => navigate(customerPath(customer.id)) },
                  }),
              }),
          },
          { label: '完全に消去', destructive: true, onSelect: () => setErasing(customer) },
        ]}
        pagination={
          data ? { page, pageSize: PAGE_SIZE, total: data.total, onPageChange: setPage } : undefined
        }
      />
      <ConfirmDialog
        open={erasing !== null}
        onOpenChange={(open) => !open && setErasing(null)}
        title={erasing ? `${customerName(erasing)} さんを完全に消去しますか？` : ''}
        description={
          erasing
            ? `顧客の情報と、対応履歴 ${erasing.interaction_count.toLocaleString('ja-JP')} 件・調査レポートを完全に消去します。元に戻せません。`
            : undefined
        }
        confirmLabel="完全に消去する"
        destructive
        onConfirm={async () => {
          if (!erasing) return;
          await purge.mutateAsync(erasing.id);
          toast({ title: `${customerName(erasing)} さんを完全に消去しました`, variant: 'success' });
          setErasing(null);
        }}
      />
    </div>
  );
}
