import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { customersQueryOptions } from '@tsumiki/api-client/react';
import { Button, DataTable, EmptyState, PageHeader } from '@tsumiki/ui';
import { Plus, Upload, Users } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { api } from '../../app/api';
import { listRouteLoader, revalidateOnPathChange } from '../../app/prefetch';
import { useTenantApi } from '../../app/use-tenant-api';
import { PERMISSION_DENIED_REASON, usePermissions } from '../../features/access/permissions';
import { customerName } from '../../features/customers/customer-fields';
import {
  CUSTOMER_PAGE_SIZE,
  CUSTOMER_SORT_LABELS,
  CUSTOMER_SORTS,
  type CustomerSort,
  customerListQuery,
  DEFAULT_CUSTOMER_LIST_STATE,
  defaultOrder,
  isFiltered,
  parseCustomerListState,
  serializeCustomerListState,
} from '../../features/customers/customer-list-state';
import { formatCustomerTotal } from '../../features/customers/format';
import { KanaRowTabs } from '../../features/customers/kana-row-tabs';
import {
  ListPagination,
  type ListSort,
  ListTotal,
  SortControls,
  type SortOptions,
  tableSort,
} from '../../features/lists/list-controls';
import {
  listSummary,
  listTableStatus,
  useOpenedOnce,
  useShownPage,
  useUrlSearch,
} from '../../features/lists/list-hooks';
import { EmptyIcon, NoMatches, UrlSearchInput } from '../../features/lists/list-pieces';
import { useListUrlState } from '../../features/lists/list-url-state';
import { customerColumns } from './customer-columns';
import { CustomerHeaderActions } from './customer-header-actions';

const SORT_OPTIONS: SortOptions<CustomerSort> = {
  sorts: CUSTOMER_SORTS,
  sortLabels: CUSTOMER_SORT_LABELS,
  orderLabels: {
    last_name_kana: { asc: 'ア → ン', desc: 'ン → ア' },
    patient_number: { asc: '小さい順', desc: '大きい順' },
    birth_date: { asc: '年上から', desc: '年下から' },
    created_at: { asc: '古い順', desc: '新しい順' },
    updated_at: { asc: '古い順', desc: '新しい順' },
  },
  defaultOrder,
  defaultSort: DEFAULT_CUSTOMER_LIST_STATE.sort,
};

// The dialogs are loaded the first time they open: the list itself stays within the route budget.
const CustomerFormDialog = lazy(() =>
  import('../../features/customers/customer-form-dialog').then((module) => ({
    default: module.CustomerFormDialog,
  })),
);
// Running imports' progress (polls while one runs): its own chunk, loaded beside the list.
const CustomerImportBanner = lazy(() =>
  import('../../features/customers/customer-import-banner').then((module) => ({
    default: module.CustomerImportBanner,
  })),
);
const CustomerImportDialog = lazy(() =>
  import('../../features/customers/customer-import-dialog').then((module) => ({
    default: module.CustomerImportDialog,
  })),
);

/** Fetches the page the URL asks for while the chunk loads. */
export const loader = listRouteLoader((tenantId, params) =>
  customersQueryOptions(api, tenantId, customerListQuery(parseCustomerListState(params))),
);

export const shouldRevalidate = revalidateOnPathChange;

/** /customers: search, filter, sort and page the customers; everything in the URL. */
export function Component() {
  const { api, tenantId } = useTenantApi();
  const list = useListUrlState(parseCustomerListState, serializeCustomerListState);
  const { state, update } = list;
  const navigate = useNavigate();
  const listSearch = useLocation().search;
  const [createOpen, setCreateOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const createOpened = useOpenedOnce(createOpen);
  const importOpened = useOpenedOnce(importOpen);
  const search = useUrlSearch(state.q);
  const company = useUrlSearch(state.company);
  // Registering and importing need customers.write: offered disabled with the reason without it.
  const { can } = usePermissions();
  const writeDenied = can('customers.write') ? undefined : PERMISSION_DENIED_REASON;

  const customers = useQuery({
    ...customersQueryOptions(api, tenantId, customerListQuery(state)),
    placeholderData: keepPreviousData,
  });
  const data = useShownPage(list, CUSTOMER_PAGE_SIZE, customers, (shown) => shown.customers);
  const sortBy = (sort: ListSort<CustomerSort>) => update({ ...sort, page: 1 });
  const columns = useMemo(() => customerColumns(listSearch), [listSearch]);
  const filtered = isFiltered(state);
  const summary = listSummary(customers, data, ({ total, total_capped }) => {
    const count = formatCustomerTotal(total, total_capped);
    return filtered ? `条件に一致する顧客: ${count}` : `登録されている顧客: ${count}`;
  });

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <PageHeader
        title="顧客管理"
        description="氏名・フリガナ・電話番号・診察券番号などで探せます。ひらがな・カタカナ、全角・半角は区別しません。"
        actions={
          <CustomerHeaderActions
            state={state}
            writeDenied={writeDenied}
            // The trash is for who may delete (and so restore and erase) customers.
            canOpenTrash={can('customers.delete')}
            onCreate={() => setCreateOpen(true)}
            onImport={() => setImportOpen(true)}
          />
        }
      />

      {writeDenied ? null : (
        <Suspense fallback={null}>
          <CustomerImportBanner />
        </Suspense>
      )}

      <search
        aria-label="顧客の絞り込み"
        className="grid gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1.2fr)_auto]"
      >
        <UrlSearchInput
          search={search}
          label="顧客を検索"
          placeholder="氏名・フリガナ・電話番号・診察券番号など"
          loading={customers.isFetching && state.q !== ''}
          onSearch={(query) => update({ q: query, page: 1 }, { replace: true })}
        />
        <UrlSearchInput
          search={company}
          label="会社名で絞り込み"
          placeholder="会社名で絞り込み"
          onSearch={(query) => update({ company: query, page: 1 }, { replace: true })}
        />
        <SortControls
          options={SORT_OPTIONS}
          value={state}
          onChange={sortBy}
          className="grid grid-cols-2 gap-3 md:flex md:items-end"
          sortClassName="md:w-48"
          orderClassName="md:w-32"
        />
      </search>

      <KanaRowTabs value={state.kana} onValueChange={(kana) => update({ kana, page: 1 })}>
        <ListTotal testId="customer-total">{summary}</ListTotal>

        <DataTable
          caption="顧客一覧"
          columns={columns}
          rows={data?.customers ?? []}
          getRowId={(customer) => customer.id}
          getRowLabel={customerName}
          {...tableSort(SORT_OPTIONS, state, sortBy)}
          onRowClick={(customer) => navigate(`/customers/${customer.id}`, { state: { listSearch } })}
          {...listTableStatus(customers)}
          loadingRowCount={8}
          empty={
            filtered ? (
              <NoMatches
                circled
                title="条件に一致する顧客が見つかりません"
                description="検索語や会社名、五十音の行を変えてお試しください。2 文字以上で探すと見つかりやすくなります。"
                onClear={() => update({ q: '', company: '', kana: '', page: 1 })}
              />
            ) : (
              <EmptyState
                icon={<EmptyIcon icon={Users} circled />}
                title="顧客がまだ登録されていません"
                description="新規登録するか、CSV ファイルからまとめて取り込めます。"
                action={
                  writeDenied ? null : (
                    <>
                      <Button onClick={() => setCreateOpen(true)}>
                        <Plus aria-hidden="true" />
                        新規登録
                      </Button>
                      <Button variant="outline" onClick={() => setImportOpen(true)}>
                        <Upload aria-hidden="true" />
                        CSV 取り込み
                      </Button>
                    </>
                  )
                }
              />
            )
          }
        />

        <ListPagination
          page={state.page}
          pageSize={CUSTOMER_PAGE_SIZE}
          total={data?.total}
          showRange={!data?.total_capped}
          disabled={customers.isFetching}
          onPageChange={(page) => update({ page })}
        />
      </KanaRowTabs>

      <Suspense fallback={null}>
        {createOpened ? (
          <CustomerFormDialog
            open={createOpen}
            onOpenChange={setCreateOpen}
            mode={{ kind: 'create' }}
            onSaved={(customer) => navigate(`/customers/${customer.id}`, { state: { listSearch } })}
          />
        ) : null}
        {importOpened ? <CustomerImportDialog open={importOpen} onOpenChange={setImportOpen} /> : null}
      </Suspense>
    </div>
  );
}
