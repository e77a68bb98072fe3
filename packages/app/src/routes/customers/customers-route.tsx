import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { customersQueryOptions, exportCustomersMutationOptions } from '@tsumiki/api-client/react';
import {
  Button,
  DataTable,
  type DataTableColumn,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
  EmptyState,
  PageHeader,
  SearchInput,
} from '@tsumiki/ui';
import { ChevronDown, Download, Plus, SearchX, Trash2, Upload, Users } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { api } from '../../app/api';
import { appRoutes } from '../../app/paths';
import { listRouteLoader, revalidateOnPathChange } from '../../app/prefetch';
import { useToast } from '../../app/toasts';
import { PERMISSION_DENIED_REASON, usePermissions } from '../../features/access/permissions';
import {
  type Customer,
  customerKana,
  customerName,
  NO_ASSIGNEE,
} from '../../features/customers/customer-fields';
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
import { saveFile } from '../../features/customers/save-file';
import { useTenantApi } from '../../features/customers/use-tenant-api';
import {
  ListPagination,
  type ListSort,
  ListTotal,
  SortControls,
  type SortOptions,
  tableSort,
} from '../../features/lists/list-controls';
import { useListUrlState, usePageInRange } from '../../features/lists/list-url-state';
import { formatTenantDate } from '../../lib/format';

const SORT_OPTIONS: SortOptions<CustomerSort> = {
  sorts: CUSTOMER_SORTS,
  sortLabels: CUSTOMER_SORT_LABELS,
  orderLabels: {
    last_name_kana: { asc: 'ア → ン', desc: 'ン → ア' },
    created_at: { asc: '古い順', desc: '新しい順' },
    updated_at: { asc: '古い順', desc: '新しい順' },
  },
  defaultOrder,
  defaultSort: DEFAULT_CUSTOMER_LIST_STATE.sort,
};

/**
 * Keeps a search box in step with its URL parameter: what the user types stays while it is being
 * searched; a change the box did not make (back/forward, 条件をクリア) replaces the text and remounts
 * the box (`key`) so that it starts again from the URL's value.
 */
function useUrlText(value: string) {
  const [text, setText] = useState(value);
  const [key, setKey] = useState(0);
  const emitted = useRef(value);
  useEffect(() => {
    if (value !== emitted.current) {
      emitted.current = value;
      setText(value);
      setKey((current) => current + 1);
    }
  }, [value]);
  return {
    text,
    setText,
    key,
    markEmitted: (next: string) => {
      emitted.current = next;
    },
  };
}

/** Fetches the page the URL asks for while the chunk loads. */

// The dialogs are loaded the first time they open: the list itself stays within the route budget.
const CustomerFormDialog = lazy(() =>
  import('../../features/customers/customer-form-dialog').then((module) => ({
    default: module.CustomerFormDialog,
  })),
);
const CustomerImportDialog = lazy(() =>
  import('../../features/customers/customer-import-dialog').then((module) => ({
    default: module.CustomerImportDialog,
  })),
);

/** True from the first time `open` is true: a lazy dialog stays mounted so it can animate and return focus. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened;
}

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
  const location = useLocation();
  const { toast } = useToast();
  const [createOpen, setCreateOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const createOpened = useOpenedOnce(createOpen);
  const importOpened = useOpenedOnce(importOpen);
  const search = useUrlText(state.q);
  // Registering and importing need customers.write: offered disabled with the reason without it.
  const { can } = usePermissions();
  const writeDenied = can('customers.write') ? undefined : PERMISSION_DENIED_REASON;
  // The trash is for who may delete (and so restore and erase) customers.
  const canOpenTrash = can('customers.delete');
  const company = useUrlText(state.company);

  const customers = useQuery({
    ...customersQueryOptions(api, tenantId, customerListQuery(state)),
    placeholderData: keepPreviousData,
  });
  const exportCsv = useMutation(exportCustomersMutationOptions(api, tenantId));

  const data = customers.isError ? undefined : customers.data;
  usePageInRange(
    list,
    CUSTOMER_PAGE_SIZE,
    data && { total: data.total, rows: data.customers },
    customers.isPlaceholderData,
  );
  const sortBy = (sort: ListSort<CustomerSort>) => update({ ...sort, page: 1 });

  const listSearch = location.search;
  const columns = useMemo<DataTableColumn<Customer>[]>(
    () => [
      {
        id: 'last_name_kana',
        header: '氏名',
        sortable: true,
        className: 'min-w-40',
        cell: (customer) => (
          <div className="grid gap-0.5">
            <Link
              to={`/customers/${customer.id}`}
              state={{ listSearch }}
              onClick={(event) => event.stopPropagation()}
              className="w-fit rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            >
              {customerName(customer)}
            </Link>
            <span className="text-xs text-muted-foreground">{customerKana(customer)}</span>
          </div>
        ),
      },
      {
        id: 'company',
        header: '会社名',
        hideBelow: 'md',
        cell: (customer) => customer.company_name ?? <Missing />,
      },
      {
        id: 'phone',
        header: '電話番号',
        nowrap: true,
        cell: (customer) => customer.phone ?? <Missing />,
      },
      {
        id: 'address',
        header: '住所',
        hideBelow: 'lg',
        cell: (customer) =>
          customer.prefecture || customer.city ? (
            `${customer.prefecture ?? ''} ${customer.city ?? ''}`.trim()
          ) : (
            <Missing />
          ),
      },
      {
        id: 'assignee',
        header: '担当者',
        hideBelow: 'lg',
        cell: (customer) =>
          customer.assignee_name ?? <span className="text-muted-foreground">{NO_ASSIGNEE}</span>,
      },
      {
        id: 'updated_at',
        header: '更新日',
        sortable: true,
        nowrap: true,
        hideBelow: 'sm',
        cell: (customer) => (
          <time dateTime={customer.updated_at} className="tabular-nums">
            {formatTenantDate(customer.updated_at)}
          </time>
        ),
      },
    ],
    [listSearch],
  );

  const filtered = isFiltered(state);
  const startExport = (encoding: 'utf-8' | 'shift_jis') => {
    const { search: q, company_filter, sort_by, sort_order } = customerListQuery(state);
    exportCsv.mutate(
      { encoding, search: q, company_filter, sort_by, sort_order },
      {
        onSuccess: (file) => {
          saveFile(file);
          toast({ title: 'CSV を出力しました', description: file.filename, variant: 'success' });
        },
      },
    );
  };

  const clearFilters = () => update({ q: '', company: '', page: 1 });

  let summary = '';
  if (customers.isPlaceholderData) {
    // The rows on screen still answer the previous conditions: say so rather than pair the new
    // label with the old count.
    summary = '検索しています…';
  } else if (data) {
    const total = formatCustomerTotal(data.total, data.total_capped);
    summary = filtered ? `条件に一致する顧客: ${total}` : `登録されている顧客: ${total}`;
  }

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <PageHeader
        title="顧客管理"
        description="氏名・フリガナ・電話番号などで探せます。ひらがな・カタカナ、全角・半角は区別しません。"
        actions={
          <>
            <Button disabledReason={writeDenied} onClick={() => setCreateOpen(true)}>
              <Plus aria-hidden="true" />
              新規登録
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
                <DropdownMenuItem onSelect={() => startExport('shift_jis')}>
                  Shift_JIS（Excel）
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
            <Button variant="outline" disabledReason={writeDenied} onClick={() => setImportOpen(true)}>
              <Upload aria-hidden="true" />
              CSV 取り込み
            </Button>
            {canOpenTrash ? (
              <Button variant="ghost" asChild>
                <Link to={appRoutes.customersTrash.path}>
                  <Trash2 aria-hidden="true" />
                  ゴミ箱
                </Link>
              </Button>
            ) : null}
          </>
        }
      />

      <search
        aria-label="顧客の絞り込み"
        className="grid gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1.2fr)_auto]"
      >
        <SearchInput
          key={`q-${search.key}`}
          defaultValue={state.q}
          label="顧客を検索"
          placeholder="氏名・フリガナ・電話番号など"
          value={search.text}
          onValueChange={search.setText}
          loading={customers.isFetching && state.q !== ''}
          onSearch={(query) => {
            search.markEmitted(query);
            update({ q: query, page: 1 }, { replace: true });
          }}
        />
        <SearchInput
          key={`company-${company.key}`}
          defaultValue={state.company}
          label="会社名で絞り込み"
          placeholder="会社名で絞り込み"
          value={company.text}
          onValueChange={company.setText}
          onSearch={(query) => {
            company.markEmitted(query);
            update({ company: query, page: 1 }, { replace: true });
          }}
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

      <ListTotal testId="customer-total">{summary}</ListTotal>

      <DataTable
        caption="顧客一覧"
        columns={columns}
        rows={data?.customers ?? []}
        getRowId={(customer) => customer.id}
        getRowLabel={customerName}
        {...tableSort(SORT_OPTIONS, state, sortBy)}
        onRowClick={(customer) => navigate(`/customers/${customer.id}`, { state: { listSearch } })}
        loading={customers.isPending || (customers.isFetching && customers.isPlaceholderData)}
        loadingRowCount={8}
        error={customers.isError ? customers.error.message : undefined}
        onRetry={() => void customers.refetch()}
        empty={
          filtered ? (
            <EmptyState
              icon={
                <span className="mb-1 grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
                  <SearchX aria-hidden="true" className="size-6" />
                </span>
              }
              title="条件に一致する顧客が見つかりません"
              description="検索語や会社名を変えてお試しください。2 文字以上で探すと見つかりやすくなります。"
              action={
                <Button variant="outline" onClick={clearFilters}>
                  条件をクリア
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={
                <span className="mb-1 grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
                  <Users aria-hidden="true" className="size-6" />
                </span>
              }
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

function Missing() {
  return (
    <span className="text-muted-foreground">
      <span aria-hidden="true">—</span>
      <span className="sr-only">未入力</span>
    </span>
  );
}
