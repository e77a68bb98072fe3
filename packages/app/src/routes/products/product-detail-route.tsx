import { useMutation, useQuery } from '@tanstack/react-query';
import { isApiError } from '@tsumiki/api-client';
import {
  deleteProductMutationOptions,
  productQueryOptions,
  shouldRetryQuery,
} from '@tsumiki/api-client/react';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Chip,
  ConfirmDialog,
  EmptyState,
  PageHeader,
  Skeleton,
  SkeletonGroup,
  Link as TextLink,
} from '@tsumiki/ui';
import { ArrowLeft, PackageX, Pencil, RotateCw, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, type LoaderFunctionArgs, useLocation, useNavigate, useParams } from 'react-router-dom';
import { api } from '../../app/api';
import { appRoutes } from '../../app/paths';
import { loaderTenant, prefetch } from '../../app/prefetch';
import { queryClient } from '../../app/query-client';
import { useToast } from '../../app/toasts';
import { useTenantApi } from '../../app/use-tenant-api';
import { PERMISSION_DENIED_REASON, usePermissions } from '../../features/access/permissions';
import { FeatureOffScreen, PermissionDeniedScreen } from '../../features/access/screen-states';
import { isFeatureEnabled, useFeatureFlags } from '../../features/feature-flags';
import { ProductAnalysisSection } from '../../features/products/product-analysis';
import {
  formatYen,
  PRODUCT_STATUS_LABELS,
  type Product,
  priceWithTax,
  TAX_RATE_LABELS,
} from '../../features/products/product-display';
import { ProductFormDialog } from '../../features/products/product-form-dialog';
import { formatTenantDateTime } from '../../lib/format';

const title = appRoutes.productDetail.title;

/** Back to the list as the user left it (its search, sort and page came along in the state). */
function useListHref(): string {
  const location = useLocation();
  const listSearch = (location.state as { listSearch?: unknown } | null)?.listSearch;
  return typeof listSearch === 'string' && listSearch.startsWith('?')
    ? `${appRoutes.products.path}${listSearch}`
    : appRoutes.products.path;
}

/** Fetches the product while the chunk loads. */
export async function loader({ params }: LoaderFunctionArgs) {
  await prefetch(async () => {
    const signedIn = await loaderTenant();
    if (!signedIn || !params.id) return;
    await queryClient.ensureQueryData({
      ...productQueryOptions(api, signedIn.tenantId, params.id),
      retry: false,
    });
  });
  return null;
}

/** /products/:id: the product, its actions and its analysis. */
export function Component() {
  const { can } = usePermissions();
  const { flags } = useFeatureFlags();
  if (!isFeatureEnabled(flags, 'products')) return <FeatureOffScreen title={title} />;
  if (!can('products.read')) return <PermissionDeniedScreen title={title} />;
  return <ProductDetailScreen />;
}

function ProductDetailScreen() {
  const { id = '' } = useParams();
  const { api, tenantId } = useTenantApi();
  const product = useQuery({
    ...productQueryOptions(api, tenantId, id),
    retry: (count, error) => !(isApiError(error) && error.status === 404) && shouldRetryQuery(count, error),
  });
  const listHref = useListHref();

  const back = (
    <TextLink
      asChild
      variant={null}
      className="text-muted-foreground no-underline hover:text-foreground hover:underline"
    >
      <Link to={listHref}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        商品一覧に戻る
      </Link>
    </TextLink>
  );

  if (product.isPending) {
    return (
      <SkeletonGroup label="商品を読み込んでいます" gap="lg">
        <PageHeader eyebrow={back} title={<Skeleton className="h-8 w-48" />} />
        <div className="grid gap-6 lg:grid-cols-5">
          <Skeleton className="h-80 lg:col-span-2" />
          <Skeleton className="h-80 lg:col-span-3" />
        </div>
      </SkeletonGroup>
    );
  }

  if (product.isError) {
    const notFound =
      isApiError(product.error) && (product.error.status === 404 || product.error.status === 422);
    if (notFound) {
      return (
        <div className="flex flex-col gap-6">
          <PageHeader eyebrow={back} title="商品が見つかりません" />
          <Card>
            <CardContent>
              <EmptyState
                headingLevel={2}
                icon={<PackageX aria-hidden="true" className="size-6" />}
                title="この商品は存在しないか、削除されました"
                description="URL が正しいか確かめてください。商品一覧から探すこともできます。"
                action={
                  <Button asChild>
                    <Link to={appRoutes.products.path}>商品一覧へ</Link>
                  </Button>
                }
              />
            </CardContent>
          </Card>
        </div>
      );
    }
    return (
      <div className="flex flex-col gap-6">
        <PageHeader eyebrow={back} title={title} />
        <Alert variant="error" title="商品を読み込めませんでした">
          <p>{product.error.message}</p>
          <Button variant="outline" size="sm" className="mt-2 w-fit" onClick={() => void product.refetch()}>
            <RotateCw aria-hidden="true" />
            再試行
          </Button>
        </Alert>
      </div>
    );
  }

  return <ProductDetail product={product.data} back={back} listHref={listHref} />;
}

function ProductDetail({ product, back, listHref }: { product: Product; back: ReactNode; listHref: string }) {
  const { api, tenantId } = useTenantApi();
  const navigate = useNavigate();
  const { toast } = useToast();
  const { can } = usePermissions();
  const canWrite = can('products.write');
  const canDelete = can('products.delete');
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const deleteOptions = deleteProductMutationOptions(api, tenantId);
  const remove = useMutation({
    ...deleteOptions,
    meta: { errorDisplay: 'inline' },
    onSuccess: async (...args) => {
      navigate(listHref);
      toast({ variant: 'success', title: '商品を削除しました', description: product.name });
      await deleteOptions.onSuccess?.(...args);
    },
  });

  const rows: Array<[string, ReactNode]> = [
    ['商品コード', product.code ?? '—'],
    ['カテゴリー', product.category ?? '—'],
    [
      '価格',
      <span key="price" className="tabular-nums">
        {formatYen(product.price)}（税抜）
        {product.tax_rate === 0 ? null : (
          <span className="block text-sm text-muted-foreground">
            税込 {formatYen(priceWithTax(product.price, product.tax_rate))}
          </span>
        )}
      </span>,
    ],
    ['税率', TAX_RATE_LABELS[product.tax_rate]],
    ['単位', product.unit ?? '—'],
    [
      '在庫数',
      product.stock_quantity === null
        ? '在庫管理なし'
        : `${product.stock_quantity.toLocaleString('ja-JP')}${product.unit ?? ''}`,
    ],
    [
      'タグ',
      product.tags.length > 0 ? (
        <span key="tags" className="flex flex-wrap gap-1">
          {product.tags.map((tag) => (
            <Chip key={tag} size="sm">
              {tag}
            </Chip>
          ))}
        </span>
      ) : (
        '—'
      ),
    ],
    ['更新日時', formatTenantDateTime(product.updated_at)],
  ];

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <PageHeader
        eyebrow={back}
        title={product.name}
        description={product.name_kana ?? undefined}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              disabledReason={canWrite ? undefined : PERMISSION_DENIED_REASON}
              onClick={() => setEditing(true)}
            >
              <Pencil aria-hidden="true" />
              編集
            </Button>
            {canDelete ? (
              <Button variant="outline" onClick={() => setConfirmDelete(true)}>
                <Trash2 aria-hidden="true" />
                削除
              </Button>
            ) : null}
          </div>
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-5">
        <Card className="lg:col-span-2">
          <CardHeader layout="row">
            <CardTitle>
              <h2>基本情報</h2>
            </CardTitle>
            <Chip variant={product.status === 'active' ? 'success' : 'default'}>
              {PRODUCT_STATUS_LABELS[product.status]}
            </Chip>
          </CardHeader>
          <CardContent className="grid gap-4">
            <dl className="grid grid-cols-[7rem_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm">
              {rows.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="break-words">{value}</dd>
                </div>
              ))}
            </dl>
            {product.description ? (
              <p className="text-sm leading-[1.7] break-words whitespace-pre-wrap">{product.description}</p>
            ) : null}
          </CardContent>
        </Card>
        <div className="min-w-0 lg:col-span-3">
          <ProductAnalysisSection product={product} />
        </div>
      </div>

      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={`「${product.name}」を削除しますか？`}
        description="商品一覧と検索に表示されなくなり、対応履歴の商品からも外れます。販売をやめただけなら、削除せずに販売状況を「販売終了」にすると履歴が残ります。"
        confirmLabel="削除する"
        destructive
        onConfirm={() => remove.mutateAsync(product.id).then(() => undefined)}
      >
        {remove.isError ? <Alert variant="error">{remove.error.message}</Alert> : null}
      </ConfirmDialog>
      {editing ? (
        <ProductFormDialog open={editing} onOpenChange={setEditing} mode={{ kind: 'edit', product }} />
      ) : null}
    </div>
  );
}
