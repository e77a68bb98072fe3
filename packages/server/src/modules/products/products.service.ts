import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { AppError, NotFoundError } from '../../platform/errors';
import { searchTerm } from '../../platform/search/search-term';
import {
  countProducts,
  findProduct,
  findProductPage,
  findProductWithCode,
  insertProducts,
  markProductDeleted,
  type ProductChanges,
  type ProductSortField,
  type SortOrder,
  updateProductRow,
} from './products.repository';
import type { NewProductRow, ProductRow, ProductStatus } from './products.tables';

export interface ProductListRequest {
  skip?: number | undefined;
  limit?: number | undefined;
  search?: string | undefined;
  category?: string | undefined;
  status?: ProductStatus | undefined;
  sortBy?: ProductSortField | undefined;
  sortOrder?: SortOrder | undefined;
}

/** The fields a person enters (the contract's ProductInput, validated by it). */
export type ProductFields = Omit<
  NewProductRow,
  'tenant_id' | 'id' | 'created_by' | 'updated_by' | 'created_at' | 'updated_at' | 'deleted_at' | 'deleted_by'
>;

export class ProductNotFoundError extends NotFoundError {
  constructor() {
    super('product', {
      message: '指定された商品が見つかりません。',
      suggestion: '商品一覧から選び直してください。削除された可能性があります。',
    });
  }
}

/** Another live product of the tenant already has the code. */
export class ProductCodeTakenError extends AppError {
  constructor(code: string, productId: string) {
    super('RES_002', {
      message: `商品コード「${code}」はすでにほかの商品で使われています。`,
      suggestion: '別の商品コードを入力してください。',
      context: { resource: 'product', field: 'code', product_id: productId },
    });
  }
}

/** Blank text fields are stored as null; tags are trimmed, blanks and repeats dropped. */
function normalizeFields<T extends ProductChanges>(fields: T): T {
  const normalized = { ...fields };
  for (const key of ['code', 'name_kana', 'category', 'description', 'unit'] as const) {
    const value = fields[key];
    if (typeof value === 'string') normalized[key] = value.trim() === '' ? null : value.trim();
  }
  if (typeof fields.name === 'string') normalized.name = fields.name.trim();
  if (fields.tags) normalized.tags = [...new Set(fields.tags.map((tag) => tag.trim()).filter(Boolean))];
  return normalized;
}

async function assertCodeFree(tx: TenantTransaction, code: string | null | undefined, productId?: string) {
  if (code === null || code === undefined) return;
  const holder = await findProductWithCode(tx, code, productId);
  if (holder) throw new ProductCodeTakenError(code, holder.id);
}

export async function listProducts(tx: TenantTransaction, request: ProductListRequest) {
  const filters = {
    search: searchTerm(request.search),
    category: request.category?.trim() || undefined,
    status: request.status,
  };
  const [products, total] = await Promise.all([
    findProductPage(tx, {
      ...filters,
      skip: request.skip ?? 0,
      limit: request.limit ?? 20,
      sortBy: request.sortBy ?? 'created_at',
      sortOrder: request.sortOrder ?? 'desc',
    }),
    countProducts(tx, filters),
  ]);
  return { total, products };
}

/** The best matches of a term, by フリガナ (the quick search of pickers). */
export async function searchProducts(tx: TenantTransaction, query: string, limit: number | undefined) {
  return listProducts(tx, { search: query, limit: limit ?? 20, sortBy: 'name_kana', sortOrder: 'asc' });
}

export async function getProduct(tx: TenantTransaction, id: string): Promise<ProductRow> {
  const product = await findProduct(tx, id);
  if (!product) throw new ProductNotFoundError();
  return product;
}

export async function createProduct(tx: TenantTransaction, actorId: string, fields: ProductFields) {
  const normalized = normalizeFields(fields);
  await assertCodeFree(tx, normalized.code);
  const [id] = await insertProducts(tx, [{ ...normalized, created_by: actorId, updated_by: actorId }]);
  return getProduct(tx, id as string);
}

/** Changes what the caller sent; `null` clears a field. */
export async function updateProduct(
  tx: TenantTransaction,
  actorId: string,
  id: string,
  changes: ProductChanges,
) {
  await getProduct(tx, id);
  const normalized = normalizeFields(changes);
  if ('code' in normalized) await assertCodeFree(tx, normalized.code, id);
  if (!(await updateProductRow(tx, id, normalized, actorId))) throw new ProductNotFoundError();
  return getProduct(tx, id);
}

export async function deleteProduct(tx: TenantTransaction, actorId: string, id: string): Promise<void> {
  if (!(await markProductDeleted(tx, id, actorId))) throw new ProductNotFoundError();
}
