import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { userDisplayName } from '../../platform/db/user-display-name';
import { customerInUse } from '../customers';
import { findInteractionProducts, interactionProductsColumn } from '../products';
import type { InteractionRow, NewInteractionRow } from './interactions.tables';

export interface InteractionPageQuery {
  skip: number;
  limit: number;
  customerId?: string | undefined;
  createdFrom?: Date | undefined;
  createdTo?: Date | undefined;
}

/** An interaction with the names the timeline shows and its live products. */
export type InteractionView = InteractionRow & {
  customer_last_name: string;
  customer_first_name: string;
  created_by_name: string | null;
  updated_by_name: string | null;
  products: Array<{ id: string; name: string }>;
};

/** Adds each interaction's live products (one query for the page). */
async function withProducts<T extends { id: string }>(
  tx: TenantTransaction,
  rows: T[],
): Promise<Array<T & { products: Array<{ id: string; name: string }> }>> {
  const products = await findInteractionProducts(
    tx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, products: products.get(row.id) ?? [] }));
}

/** Interactions of live customers (a deleted customer's history leaves the lists with it). */
function liveInteractions(tx: TenantTransaction, query: Omit<InteractionPageQuery, 'skip' | 'limit'>) {
  let filtered = tx
    .selectFrom('interactions as i')
    .innerJoin('customers as c', (join) =>
      join.onRef('c.tenant_id', '=', 'i.tenant_id').onRef('c.id', '=', 'i.customer_id'),
    )
    .where('i.tenant_id', '=', tx.tenantId)
    .where(customerInUse('c'));
  if (query.customerId !== undefined) filtered = filtered.where('i.customer_id', '=', query.customerId);
  if (query.createdFrom) filtered = filtered.where('i.created_at', '>=', query.createdFrom);
  if (query.createdTo) filtered = filtered.where('i.created_at', '<', query.createdTo);
  return filtered;
}

/**
 * One page, newest first, and the number of interactions matching: two queries started together,
 * so that a read sends them in one round trip (platform/db/read-scope.ts), each row carrying its
 * products.
 */
export async function findInteractionPage(
  tx: TenantTransaction,
  query: InteractionPageQuery,
): Promise<{ total: number; interactions: InteractionView[] }> {
  const filtered = liveInteractions(tx, query);
  const [{ total }, rows] = await Promise.all([
    filtered.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    filtered
      .leftJoin('users as u', 'u.id', 'i.created_by')
      .leftJoin('users as e', 'e.id', 'i.updated_by')
      .selectAll('i')
      .select([
        'c.last_name as customer_last_name',
        'c.first_name as customer_first_name',
        userDisplayName('u').as('created_by_name'),
        userDisplayName('e').as('updated_by_name'),
        interactionProductsColumn('i').as('products'),
      ])
      .orderBy('i.created_at', 'desc')
      .orderBy('i.id', 'desc')
      .offset(query.skip)
      .limit(query.limit)
      .execute(),
  ]);
  return { total: Number(total), interactions: rows };
}

export async function findInteraction(
  tx: TenantTransaction,
  id: string,
): Promise<InteractionView | undefined> {
  const row = await tx
    .selectFrom('interactions as i')
    .innerJoin('customers as c', (join) =>
      join.onRef('c.tenant_id', '=', 'i.tenant_id').onRef('c.id', '=', 'i.customer_id'),
    )
    .leftJoin('users as u', 'u.id', 'i.created_by')
    .leftJoin('users as e', 'e.id', 'i.updated_by')
    .selectAll('i')
    .select([
      'c.last_name as customer_last_name',
      'c.first_name as customer_first_name',
      userDisplayName('u').as('created_by_name'),
      userDisplayName('e').as('updated_by_name'),
    ])
    .where('i.tenant_id', '=', tx.tenantId)
    .where('i.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const [view] = await withProducts(tx, [row]);
  return view;
}

export async function insertInteraction(
  tx: TenantTransaction,
  interaction: Omit<NewInteractionRow, 'tenant_id'>,
): Promise<string> {
  const { id } = await tx
    .insertInto('interactions')
    .values({ ...interaction, tenant_id: tx.tenantId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertInteractions(
  tx: TenantTransaction,
  interactions: Array<Omit<NewInteractionRow, 'tenant_id'>>,
): Promise<void> {
  if (interactions.length === 0) return;
  await tx
    .insertInto('interactions')
    .values(interactions.map((interaction) => ({ ...interaction, tenant_id: tx.tenantId })))
    .execute();
}
