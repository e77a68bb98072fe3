import { sql } from 'kysely';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { matchesSearchTerms, type SortOrder } from '../../platform/search/search-term';
import type { NewProductRow, ProductRow, ProductStatus } from './products.tables';

export type ProductSortField = 'created_at' | 'updated_at' | 'name_kana' | 'price' | 'code';
export type { SortOrder };

export interface ProductFilters {
  /** Folded by the customers' rules (searchTerm): no '|', trimmed, non-empty. */
  search?: string | undefined;
  category?: string | undefined;
  status?: ProductStatus | undefined;
}

export interface ProductPageQuery extends ProductFilters {
  skip: number;
  limit: number;
  sortBy: ProductSortField;
  sortOrder: SortOrder;
}

export type ProductChanges = Partial<
  Pick<
    NewProductRow,
    | 'code'
    | 'name'
    | 'name_kana'
    | 'category'
    | 'description'
    | 'price'
    | 'tax_rate'
    | 'unit'
    | 'stock_quantity'
    | 'status'
    | 'tags'
  >
>;

const COLUMNS = [
  'p.id',
  'p.tenant_id',
  'p.code',
  'p.name',
  'p.name_kana',
  'p.category',
  'p.description',
  'p.price',
  'p.tax_rate',
  'p.unit',
  'p.stock_quantity',
  'p.status',
  'p.tags',
  'p.created_by',
  'p.updated_by',
  'p.created_at',
  'p.updated_at',
  'p.deleted_at',
  'p.deleted_by',
] as const;

const SEARCH_TERMS = { alias: 'p', terms: 'product_search_terms', key: 'product_id' } as const;

function liveProducts(tx: TenantTransaction, filters: ProductFilters) {
  let filtered = tx
    .selectFrom('products as p')
    .where('p.tenant_id', '=', tx.tenantId)
    .where('p.deleted_at', 'is', null);
  if (filters.search !== undefined)
    filtered = filtered.where(matchesSearchTerms(tx, filters.search, SEARCH_TERMS));
  if (filters.category !== undefined) filtered = filtered.where('p.category', '=', filters.category);
  if (filters.status !== undefined) filtered = filtered.where('p.status', '=', filters.status);
  return filtered;
}

/** ORDER BY of each sort, matching its index (migration 0013); empty values last either way. */
function orderBy(sortBy: ProductSortField, order: SortOrder) {
  const direction = sql.raw(order);
  switch (sortBy) {
    case 'name_kana':
      return sql`p.name_kana collate "C" ${direction} nulls last, p.id ${direction}`;
    case 'code':
      return sql`p.code collate "C" ${direction} nulls last, p.id ${direction}`;
    case 'price':
      return sql`p.price ${direction}, p.id ${direction}`;
    case 'updated_at':
      return sql`p.updated_at ${direction}, p.id ${direction}`;
    default:
      return sql`p.created_at ${direction}, p.id ${direction}`;
  }
}

function products(tx: TenantTransaction) {
  return tx.selectFrom('products as p').select(COLUMNS).where('p.tenant_id', '=', tx.tenantId);
}

/** One page of live products: the page's ids first, then only those rows. */
export async function findProductPage(tx: TenantTransaction, query: ProductPageQuery): Promise<ProductRow[]> {
  const order = orderBy(query.sortBy, query.sortOrder);
  const page = liveProducts(tx, query).select('p.id').orderBy(order).offset(query.skip).limit(query.limit);
  return products(tx).where('p.id', 'in', page).orderBy(order).execute();
}

/** Live products matching the filters: the kept count when unfiltered. */
export async function countProducts(tx: TenantTransaction, filters: ProductFilters): Promise<number> {
  if (filters.search === undefined && filters.category === undefined && filters.status === undefined) {
    const row = await tx
      .selectFrom('tenant_row_counts')
      .select('live_rows')
      .where('tenant_id', '=', tx.tenantId)
      .where('table_name', '=', 'products')
      .executeTakeFirst();
    return Number(row?.live_rows ?? 0);
  }
  const { total } = await liveProducts(tx, filters)
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** A live product of the tenant. */
export async function findProduct(tx: TenantTransaction, id: string): Promise<ProductRow | undefined> {
  return products(tx).where('p.id', '=', id).where('p.deleted_at', 'is', null).executeTakeFirst();
}

/** Which of `ids` are live products of the tenant, with their names. */
export async function findLiveProductRefs(
  tx: TenantTransaction,
  ids: readonly string[],
): Promise<Array<{ id: string; name: string }>> {
  if (ids.length === 0) return [];
  return tx
    .selectFrom('products')
    .select(['id', 'name'])
    .where('tenant_id', '=', tx.tenantId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
}

/** The live product holding `code`, other than `exceptId`. */
export async function findProductWithCode(
  tx: TenantTransaction,
  code: string,
  exceptId?: string,
): Promise<{ id: string } | undefined> {
  let query = tx
    .selectFrom('products')
    .select('id')
    .where('tenant_id', '=', tx.tenantId)
    .where('code', '=', code)
    .where('deleted_at', 'is', null);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
}

export async function insertProducts(
  tx: TenantTransaction,
  rows: Array<Omit<NewProductRow, 'tenant_id'>>,
): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await tx
    .insertInto('products')
    .values(rows.map((row) => ({ ...row, tenant_id: tx.tenantId })))
    .returning('id')
    .execute();
  return inserted.map((row) => row.id);
}

/** False when there is no live product with that id. */
export async function updateProductRow(
  tx: TenantTransaction,
  id: string,
  changes: ProductChanges,
  actorId: string,
): Promise<boolean> {
  const result = await tx
    .updateTable('products')
    .set({ ...changes, updated_by: actorId })
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Soft delete (its code is free again: the unique index holds live rows); false when none. */
export async function markProductDeleted(
  tx: TenantTransaction,
  id: string,
  actorId: string,
): Promise<boolean> {
  const result = await tx
    .updateTable('products')
    .set({ deleted_at: sql`now()`, deleted_by: actorId, updated_by: actorId })
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Links an interaction to products (already checked to be live products of the tenant). */
export async function linkInteractionProducts(
  tx: TenantTransaction,
  interactionId: string,
  productIds: readonly string[],
): Promise<void> {
  if (productIds.length === 0) return;
  await tx
    .insertInto('interaction_products')
    .values(
      productIds.map((productId) => ({
        tenant_id: tx.tenantId,
        interaction_id: interactionId,
        product_id: productId,
      })),
    )
    .execute();
}

/** The live products of each interaction, by name. */
/**
 * An interaction's live products by name, [{ id, name }], as a column of a query over interactions
 * aliased `interaction` (the same rows as findInteractionProducts, in the page's own statement).
 */
export function interactionProductsColumn(interaction: string) {
  return sql<Array<{ id: string; name: string }>>`coalesce((
    select json_agg(json_build_object('id', p.id, 'name', p.name) order by p.name)
    from interaction_products ip
    join products p on p.tenant_id = ip.tenant_id and p.id = ip.product_id
    where ip.tenant_id = ${sql.ref(`${interaction}.tenant_id`)}
      and ip.interaction_id = ${sql.ref(`${interaction}.id`)} and p.deleted_at is null
  ), '[]'::json)`;
}

export async function findInteractionProducts(
  tx: TenantTransaction,
  interactionIds: readonly string[],
): Promise<Map<string, Array<{ id: string; name: string }>>> {
  const byInteraction = new Map<string, Array<{ id: string; name: string }>>();
  if (interactionIds.length === 0) return byInteraction;
  const rows = await tx
    .selectFrom('interaction_products as ip')
    .innerJoin('products as p', (join) =>
      join.onRef('p.tenant_id', '=', 'ip.tenant_id').onRef('p.id', '=', 'ip.product_id'),
    )
    .select(['ip.interaction_id', 'p.id', 'p.name'])
    .where('ip.tenant_id', '=', tx.tenantId)
    .where('ip.interaction_id', 'in', interactionIds)
    .where('p.deleted_at', 'is', null)
    .orderBy('p.name')
    .execute();
  for (const row of rows) {
    const list = byInteraction.get(row.interaction_id) ?? [];
    list.push({ id: row.id, name: row.name });
    byInteraction.set(row.interaction_id, list);
  }
  return byInteraction;
}
