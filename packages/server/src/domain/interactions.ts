import type { Db } from '../db/database';
import { listInteractions } from '../db/repositories/interactions';
import type { Interaction } from '../db/schema';
import { withTenant } from '../db/tenant-scope';

export interface InteractionSearch {
  skip?: number | undefined;
  limit?: number | undefined;
  createdFrom?: Date | undefined;
  createdTo?: Date | undefined;
}

export type InteractionEntry = Interaction & { customer_name: string };

/** The customer's name as shown everywhere: 姓 名 with a half-width space. */
export function customerName(lastName: string, firstName: string): string {
  return `${lastName} ${firstName}`;
}

/** The tenant's interactions, newest first, optionally within [createdFrom, createdTo). */
export async function recentInteractions(
  db: Db,
  tenantId: string,
  search: InteractionSearch,
): Promise<{ total: number; interactions: InteractionEntry[] }> {
  const { total, interactions } = await withTenant(db, tenantId, (tx) =>
    listInteractions(tx, tenantId, {
      skip: search.skip ?? 0,
      limit: search.limit ?? 20,
      createdFrom: search.createdFrom,
      createdTo: search.createdTo,
    }),
  );
  return {
    total,
    interactions: interactions.map(({ customer_last_name, customer_first_name, ...interaction }) => ({
      ...interaction,
      customer_name: customerName(customer_last_name, customer_first_name),
    })),
  };
}
