import { Chip, type DataTableColumn, EmptyValue } from '@tsumiki/ui';
import { Link } from 'react-router-dom';
import { appRoutes } from '../../app/paths';
import { orEmpty, RowEditDeleteActions } from '../../features/lists/list-pieces';
import {
  formatYen,
  PRODUCT_STATUS_LABELS,
  type Product,
  priceWithTax,
  TAX_RATE_LABELS,
} from '../../features/products/product-display';

/** The products table's columns; the 操作 column only for who may edit or delete. */
export function productColumns({
  listSearch,
  onEdit,
  onDelete,
}: {
  /** The list's query string, for the detail page's way back. */
  listSearch: string;
  onEdit: ((product: Product) => void) | undefined;
  onDelete: ((product: Product) => void) | undefined;
}): DataTableColumn<Product>[] {
  const columns: DataTableColumn<Product>[] = [
    {
      id: 'name_kana',
      header: '商品・サービス名',
      sortable: true,
      className: 'min-w-40',
      cell: (product) => (
        <div className="grid gap-0.5">
          <Link
            to={`${appRoutes.products.path}/${product.id}`}
            state={{ listSearch }}
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
      cell: (product) => orEmpty(product.code),
    },
    {
      id: 'category',
      header: 'カテゴリー',
      hideBelow: 'md',
      cell: (product) => orEmpty(product.category),
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
          <EmptyValue label="在庫管理なし" />
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
  if (onEdit || onDelete) {
    columns.push({
      id: 'actions',
      header: '操作',
      align: 'end',
      nowrap: true,
      cell: (product) => (
        <RowEditDeleteActions
          name={product.name}
          onEdit={onEdit && (() => onEdit(product))}
          onDelete={onDelete && (() => onDelete(product))}
        />
      ),
    });
  }
  return columns;
}
