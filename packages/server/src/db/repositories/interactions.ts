import type { Interaction, NewInteraction } from '../schema';
import type { TenantTransaction } from '../tenant-scope';

export interface InteractionListQuery {
  skip: number;
  limit: number;
  createdFrom?: Date | undefined;
  createdTo?: Date | undefined;
}

export type InteractionWithCustomer = Interaction & {
  customer_last_name: string;
  customer_first_name: string;
};

/** One page of the tenant's interactions, newest first, with the customer's name. */
export async function listInteractions(
  tx: TenantTransaction,
  tenantId: string,
  query: InteractionListQuery,
): Promise<{ total: number; interactions: InteractionWithCustomer[] }> {
  let filtered = tx
    .selectFrom('interactions')
    .innerJoin('customers', (join) =>
      join
        .onRef('customers.tenant_id', '=', 'interactions.tenant_id')
        .onRef('customers.id', '=', 'interactions.customer_id'),
    )
    .where('interactions.tenant_id', '=', tenantId);
  if (query.createdFrom) filtered = filtered.where('interactions.created_at', '>=', query.createdFrom);
  if (query.createdTo) filtered = filtered.where('interactions.created_at', '<', query.createdTo);

  const { total } = await filtered
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  const interactions = await filtered
    .selectAll('interactions')
    .select(['customers.last_name as customer_last_name', 'customers.first_name as customer_first_name'])
    .orderBy('interactions.created_at', 'desc')
    .orderBy('interactions.id', 'desc')
    .offset(query.skip)
    .limit(query.limit)
    .execute();
  return { total: Number(total), interactions };
}

export async function insertInteractions(
  tx: TenantTransaction,
  interactions: NewInteraction[],
): Promise<void> {
  if (interactions.length === 0) return;
  await tx.insertInto('interactions').values(interactions).execute();
}
