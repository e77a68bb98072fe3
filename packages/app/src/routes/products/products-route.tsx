import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { deleteProductMutationOptions, productsQueryOptions } from '@tsumiki/api-client/react';
import { Alert, Button, ConfirmDialog, DataTable, EmptyState, PageHeader } from '@tsumiki/ui';
import { Package, Plus } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { api } from '../../app/api';
import { appRoutes } from '../../app/paths';
import { listRouteLoader, revalidateOnPathChange } from '../../app/prefetch';
import { useToast } from '../../app/toasts';
import { useTenantApi } from '../../app/use-tenant-api';
import { isFeatureOff } from '../../features/access/feature-off';
import { PERMISSION_DENIED_REASON, usePermissions } from '../../features/access/permissions';
import { FeatureOffScreen } from '../../features/access/screen-states';
import { ListPagination, ListTotal, tableSort } from '../../features/lists/list-controls';
import {
  errorMessageOr,
  listSummary,
  listTableStatus,
  useConfirmTarget,
  useFormDialog,
  useShownPage,
  useUrlSearch,
} from '../../features/lists/list-hooks';
import { EmptyIcon, NoMatches, ScreenGate } from '../../features/lists/list-pieces';
import { useListUrlState } from '../../features/lists/list-url-state';
import type { Product } from '../../features/products/product-display';
import type { ProductFormMode } from '../../features/products/product-form-dialog';
import {
  isProductListFiltered,
  PRODUCT_PAGE_SIZE,
  parseProductListState,
  productListQuery,
  serializeProductListState,
} from '../../features/products/product-list-state';
import { formatCount } from '../../lib/format';
import { productColumns } from './product-columns';
import { PRODUCT_SORT_OPTIONS, ProductFilters } from './product-filters';

const title = appRoutes.products.title;

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
  return (
    <ScreenGate title={title} feature="products" permission="products.read">
      <ProductsScreen />
    </ScreenGate>
  );
}

function ProductsScreen() {
  const { api, tenantId } = useTenantApi();
  const { can } = usePermissions();
  const canWrite = can('products.write');
  const canDelete = can('products.delete');
  const { toast } = useToast();
  const list = useListUrlState(parseProductListState, serializeProductListState);
  const { params, state, update } = list;
  const search = useUrlSearch(state.q);
  const category = useUrlSearch(state.category);
  const formDialog = useFormDialog<ProductFormMode>();
  const { form } = formDialog;

  const query = useQuery({
    ...productsQueryOptions(api, tenantId, productListQuery(state)),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    ...deleteProductMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });
  const deletion = useConfirmTarget<Product>(async (product) => {
    await remove.mutateAsync(product.id);
    toast({ variant: 'success', title: '商品を削除しました', description: product.name });
  }, errorMessageOr('削除できませんでした。'));

  const data = useShownPage(list, PRODUCT_PAGE_SIZE, query, (shown) => shown.products);
  const filtered = isProductListFiltered(state);
  const summary = listSummary(query, data, ({ total }) =>
    state.q
      ? `「${state.q}」に一致する商品: ${formatCount(total)} 件`
      : `${filtered ? '条件に一致する商品' : '登録されている商品'}: ${formatCount(total)} 件`,
  );
  const columns = productColumns({
    listSearch: params.size > 0 ? `?${params.toString()}` : '',
    onEdit: canWrite ? (product) => formDialog.show({ kind: 'edit', product }) : undefined,
    onDelete: canDelete ? deletion.ask : undefined,
  });

  const clearFilters = () => {
    search.reset();
    category.reset();
    update({ q: '', category: '', status: '', page: 1 });
  };

  if (query.isError && isFeatureOff(query.error)) return <FeatureOffScreen title={title} />;

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <PageHeader
        title={title}
        description="自費診療のメニューや物販の商品です。商品名・フリガナ・商品コード・カテゴリー・説明で探せます。"
        actions={
          <Button
            disabledReason={canWrite ? undefined : PERMISSION_DENIED_REASON}
            onClick={() => formDialog.show({ kind: 'create' })}
          >
            <Plus aria-hidden="true" />
            新規登録
          </Button>
        }
      />

      <ProductFilters
        state={state}
        update={update}
        search={search}
        category={category}
        searching={query.isFetching && state.q !== ''}
      />

      <ListTotal testId="products-total">{summary}</ListTotal>

      <DataTable
        caption="商品一覧"
        columns={columns}
        rows={data?.products ?? []}
        getRowId={(product) => product.id}
        getRowLabel={(product) => product.name}
        {...tableSort(PRODUCT_SORT_OPTIONS, state, (sort) => update({ ...sort, page: 1 }))}
        {...listTableStatus(query)}
        loadingRowCount={6}
        empty={
          filtered ? (
            <NoMatches
              title="条件に一致する商品が見つかりません"
              description="検索語やカテゴリー・販売状況を変えてお試しください。"
              onClear={clearFilters}
            />
          ) : (
            <EmptyState
              icon={<EmptyIcon icon={Package} />}
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
        total={data?.total}
        disabled={query.isFetching}
        onPageChange={(page) => update({ page })}
      />

      <ConfirmDialog
        {...deletion.dialogProps}
        title={deletion.target ? `「${deletion.target.name}」を削除しますか？` : ''}
        description="商品一覧と検索に表示されなくなり、対応履歴の商品からも外れます。販売をやめただけなら、削除せずに販売状況を「販売終了」にすると履歴が残ります。"
        confirmLabel="削除する"
        destructive
      >
        {deletion.error ? <Alert variant="error">{deletion.error}</Alert> : null}
      </ConfirmDialog>

      <Suspense fallback={null}>
        {form ? (
          <ProductFormDialog
            key={form.mode.kind === 'edit' ? form.mode.product.id : 'create'}
            open={form.open}
            onOpenChange={formDialog.onOpenChange}
            mode={form.mode}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
