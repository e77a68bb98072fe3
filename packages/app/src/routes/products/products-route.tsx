import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { deleteProductMutationOptions, productsQueryOptions } from '@tsumiki/api-client/react';
import {
  Alert,
  Button,
  Chip,
  ConfirmDialog,
  DataTable,
  type DataTableColumn,
  EmptyState,
  PageHeader,
  SearchInput,
  Select,
  TextField,
} from '@tsumiki/ui';
import { Package, Pencil, Plus, SearchX, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, type LoaderFunctionArgs } from 'react-router-dom';
import { api } from '../../app/api';
import { appRoutes } from '../../app/paths';
import { listRouteLoader, revalidateOnPathChange } from '../../app/prefetch';
import { useToast } from '../../app/toasts';
import { PERMISSION_DENIED_REASON, usePermissions } from '../../features/access/permissions';
import { FeatureOffScreen, PermissionDeniedScreen } from '../../features/access/screen-states';
import { useTenantApi } from '../../features/customers/use-tenant-api';
import { isFeatureEnabled, useFeatureFlags } from '../../features/feature-flags';
import {
  ListPagination,
  type ListSort,
  ListTotal,
  SortControls,
  type SortOptions,
  tableSort,
} from '../../features/lists/list-controls';
import { useListUrlState, usePageInRange } from '../../features/lists/list-url-state';
import {
  formatYen,
  PRODUCT_STATUS_LABELS,
  type Product,
  priceWithTax,
  TAX_RATE_LABELS,
} from '../../features/products/product-display';
import type { ProductFormMode } from '../../features/products/product-form-dialog';
import {
  DEFAULT_PRODUCT_LIST_STATE,
  defaultProductOrder,
  isProductListFiltered,
  PRODUCT_ORDER_LABELS,
  PRODUCT_PAGE_SIZE,
  PRODUCT_SORT_LABELS,
  PRODUCT_SORTS,
  PRODUCT_STATUSES,
  type ProductListState,
  type ProductSort,
  parseProductListState,
  productListQuery,
  serializeProductListState,
} from '../../features/products/product-list-state';
import { isFeatureOff } from '../../features/sessions/feature-off';
import { formatCount } from '../../lib/format';

const title = appRoutes.products.title;

const SORT_OPTIONS: SortOptions<ProductSort> = {
  sorts: PRODUCT_SORTS,
  sortLabels: PRODUCT_SORT_LABELS,
  orderLabels: PRODUCT_ORDER_LABELS,
  defaultOrder: defaultProductOrder,
  defaultSort: DEFAULT_PRODUCT_LIST_STATE.sort,
};

// The dialog loads the first time it opens: the list stays within the route budget.
const ProductFormDialog = lazy(() =>
  import('../../features/products/product-form-dialog').then((module) => ({
    default: module.ProductFormDialog,
  })),
);

const listLoader = listRouteLoader((tenantId, params) =>
  productsQueryOptions(api, tenantId, productListQuery(parseProductListState(params))),
);

/** Fetches the page the URL asks for while the chunk loads. */
export function loader(args: LoaderFunctionArgs) {
  return listLoader(args);
}

export const shouldRevalidate = revalidateOnPathChange;

/** /products: the clinic's products and services (自費診療のメニュー・物販). */
export function Component() {
  const { can } = usePermissions();
  const { flags } = useFeatureFlags();
  if (!isFeatureEnabled(flags, 'products')) return <FeatureOffScreen title={title} />;
  if (!can('products.read')) return <PermissionDeniedScreen title={title} />;
  return <ProductsScreen />;
}

function ProductsScreen() {
  const { api, tenantId } = useTenantApi();
  const { can } = usePermissions();
  const canWrite = can('products.write');
  const canDelete = can('products.delete');
  const { toast } = useToast();
  const list = useListUrlState(parseProductListState, serializeProductListState);
  const { params, state, update } = list;
  const [searchKey, setSearchKey] = useState(0);
  const [form, setForm] = useState<{ open: boolean; mode: ProductFormMode } | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const listed = useQuery({
    ...productsQueryOptions(api, tenantId, productListQuery(state)),
    placeholderData: keepPreviousData,
  });
  const query = listed;
  const remove = useMutation({
    ...deleteProductMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });

  const data = query.isError ? undefined : query.data;
  const rows = data?.products ?? [];
  const total = data?.total ?? 0;
  usePageInRange(list, PRODUCT_PAGE_SIZE, data && { total, rows }, listed.isPlaceholderData);
  const sortBy = (sort: ListSort<ProductSort>) => update({ ...sort, page: 1 });

  const openForm = (mode: ProductFormMode) => setForm({ open: true, mode });
  const detailHref = (product: Product) => `${appRoutes.products.path}/${product.id}`;

  const columns: DataTableColumn<Product>[] = [
    {
      id: 'name_kana',
      header: '商品・サービス名',
      sortable: true,
      className: 'min-w-40',
      cell: (product) => (
        <div className="grid gap-0.5">
          <Link
            to={detailHref(product)}
            state={{ listSearch: params.size > 0 ? `?${params.toString()}` : '' }}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {product.name}
          </Link>
          {product.name_kana ? (
            <span className="text-xs text-muted-foreground">{product.name_kana}</span>
          ) : null}
          {/* Below md the category and code columns are hidden: they read here instead. */}
          <span className="text-xs text-muted-foreground md:hidden">
            {[product.category, product.code].filter(Boolean).join('・')}
          </span>
          {product.status === 'discontinued' ? (
            <span className="sm:hidden">
              <Chip size="sm">{PRODUCT_STATUS_LABELS.discontinued}</Chip>
            </span>
          ) : null}
        </div>
      ),
    },
    {
      id: 'code',
      header: '商品コード',
      sortable: true,
      hideBelow: 'md',
      cell: (product) => product.code ?? <Missing />,
    },
    {
      id: 'category',
      header: 'カテゴリー',
      hideBelow: 'md',
      cell: (product) => product.category ?? <Missing />,
    },
    {
      id: 'price',
      header: '価格',
      sortable: true,
      align: 'end',
      nowrap: true,
      cell: (product) => (
        <div className="grid gap-0.5 tabular-nums">
          <span>{formatYen(product.price)}</span>
          <span className="text-xs text-muted-foreground">
            {product.tax_rate === 0
              ? '非課税'
              : `税込 ${formatYen(priceWithTax(product.price, product.tax_rate))}`}
          </span>
        </div>
      ),
    },
    {
      id: 'tax_rate',
      header: '税率',
      hideBelow: 'lg',
      nowrap: true,
      cell: (product) => TAX_RATE_LABELS[product.tax_rate],
    },
    {
      id: 'stock_quantity',
      header: '在庫',
      hideBelow: 'lg',
      align: 'end',
      nowrap: true,
      cell: (product) =>
        product.stock_quantity === null ? (
          <Missing label="在庫管理なし" />
        ) : (
          <span className="tabular-nums">
            {product.stock_quantity.toLocaleString('ja-JP')}
            {product.unit ?? ''}
          </span>
        ),
    },
    {
      id: 'status',
      header: '販売状況',
      hideBelow: 'sm',
      nowrap: true,
      cell: (product) => (
        <Chip variant={product.status === 'active' ? 'success' : 'default'}>
          {PRODUCT_STATUS_LABELS[product.status]}
        </Chip>
      ),
    },
  ];
  if (canWrite || canDelete) {
    columns.push({
      id: 'actions',
      header: '操作',
      align: 'end',
      nowrap: true,
      cell: (product) => (
        <div className="flex flex-col justify-end gap-2 sm:flex-row">
          {canWrite ? (
            <Button
              variant="outline"
              size="sm"
              aria-label={`${product.name}を編集`}
              onClick={() => openForm({ kind: 'edit', product })}
            >
              <Pencil aria-hidden="true" />
              <span className="hidden sm:inline">編集</span>
            </Button>
          ) : null}
          {canDelete ? (
            <Button
              variant="outline"
              size="sm"
              aria-label={`${product.name}を削除`}
              onClick={() => {
                setDeleteError(null);
                setDeleting(product);
              }}
            >
              <Trash2 aria-hidden="true" />
              <span className="hidden sm:inline">削除</span>
            </Button>
          ) : null}
        </div>
      ),
    });
  }

  const filtered = isProductListFiltered(state);
  const summary = query.isPlaceholderData
    ? '検索しています…'
    : data
      ? state.q
        ? `「${state.q}」に一致する商品: ${formatCount(total)} 件`
        : `${filtered ? '条件に一致する商品' : '登録されている商品'}: ${formatCount(total)} 件`
      : '';

  const onDelete = async () => {
    if (!deleting) return;
    const target = deleting;
    setDeleteError(null);
    try {
      await remove.mutateAsync(target.id);
      toast({ variant: 'success', title: '商品を削除しました', description: target.name });
    } catch (error) {
      setDeleteError(error instanceof Error ? error.message : '削除できませんでした。');
      throw error;
    }
  };

  const clearFilters = () => {
    setSearchKey((key) => key + 1);
    update({ q: '', category: '', status: '', page: 1 });
  };

  if (query.isError && isFeatureOff(query.error)) return <FeatureOffScreen title={title} />;

  const pageRows = rows;

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <PageHeader
        title={title}
        description="自費診療のメニューや物販の商品です。商品名・フリガナ・商品コード・カテゴリー・説明で探せます。"
        actions={
          <Button
            disabledReason={canWrite ? undefined : PERMISSION_DENIED_REASON}
            onClick={() => openForm({ kind: 'create' })}
          >
            <Plus aria-hidden="true" />
            新規登録
          </Button>
        }
      />

      <search
        aria-label="商品の絞り込み"
        className="grid gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)] lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto]"
      >
        <SearchInput
          key={searchKey}
          defaultValue={state.q}
          label="商品を検索"
          placeholder="商品名・フリガナ・商品コードなど"
          loading={listed.isFetching && state.q !== ''}
          onSearch={(q) => update({ q, page: 1 }, { replace: true })}
        />
        <TextField
          key={`category-${searchKey}`}
          label={<span className="sr-only">カテゴリーで絞り込み</span>}
          placeholder="カテゴリー（例 物販）"
          defaultValue={state.category}
          onBlur={(event) => {
            if (event.target.value.trim() !== state.category)
              update({ category: event.target.value, page: 1 });
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
              update({ category: event.currentTarget.value, page: 1 });
            }
          }}
        />
        <Select
          label="販売状況で絞り込み"
          hideLabel
          placeholder={false}
          options={[
            { value: '', label: 'すべての販売状況' },
            ...PRODUCT_STATUSES.map((status) => ({ value: status, label: PRODUCT_STATUS_LABELS[status] })),
          ]}
          value={state.status}
          onChange={(event) => update({ status: event.target.value as ProductListState['status'], page: 1 })}
        />
        <SortControls
          options={SORT_OPTIONS}
          value={state}
          onChange={sortBy}
          className="grid grid-cols-2 gap-3 md:col-span-3 lg:col-span-1 lg:flex lg:items-end"
          sortClassName="lg:w-48"
          orderClassName="lg:w-32"
        />
      </search>

      <ListTotal testId="products-total">{summary}</ListTotal>

      <DataTable
        caption="商品一覧"
        columns={columns}
        rows={pageRows}
        getRowId={(product) => product.id}
        getRowLabel={(product) => product.name}
        {...tableSort(SORT_OPTIONS, state, sortBy)}
        loading={query.isPending || (query.isFetching && query.isPlaceholderData)}
        loadingRowCount={6}
        error={query.isError ? query.error.message : undefined}
        onRetry={() => void query.refetch()}
        empty={
          filtered ? (
            <EmptyState
              icon={<SearchX aria-hidden="true" className="size-6" />}
              title="条件に一致する商品が見つかりません"
              description="検索語やカテゴリー・販売状況を変えてお試しください。"
              action={
                <Button variant="outline" onClick={clearFilters}>
                  条件をクリア
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={<Package aria-hidden="true" className="size-6" />}
              title="商品がまだ登録されていません"
              description={
                canWrite
                  ? '「新規登録」から、自費診療のメニューや物販の商品を登録できます。'
                  : PERMISSION_DENIED_REASON
              }
            />
          )
        }
      />

      <ListPagination
        page={state.page}
        pageSize={PRODUCT_PAGE_SIZE}
        total={total}
        disabled={query.isFetching}
        onPageChange={(page) => update({ page })}
      />

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={deleting ? `「${deleting.name}」を削除しますか？` : ''}
        description="商品一覧と検索に表示されなくなり、対応履歴の商品からも外れます。販売をやめただけなら、削除せずに販売状況を「販売終了」にすると履歴が残ります。"
        confirmLabel="削除する"
        destructive
        onConfirm={onDelete}
      >
        {deleteError ? <Alert variant="error">{deleteError}</Alert> : null}
      </ConfirmDialog>

      <Suspense fallback={null}>
        {form ? (
          <ProductFormDialog
            key={form.mode.kind === 'edit' ? form.mode.product.id : 'create'}
            open={form.open}
            onOpenChange={(open) => setForm((current) => (current ? { ...current, open } : current))}
            mode={form.mode}
          />
        ) : null}
      </Suspense>
    </div>
  );
}

function Missing({ label = '未入力' }: { label?: string }) {
  return (
    <span className="text-muted-foreground">
      <span aria-hidden="true">—</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
