import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { InputMismatchError } from '../../platform/errors';
import {
  CustomerNotFoundError,
  type CustomerView,
  customerName,
  getCustomer,
} from '../customers/customers.service';
import { findLiveProductRefs, linkInteractionProducts } from '../products/products.repository';
import {
  findInteraction,
  findInteractionPage,
  type InteractionView,
  insertInteraction,
} from './interactions.repository';
import type { InteractionType } from './interactions.tables';

export type { InteractionView };
export { customerName };

export interface InteractionListRequest {
  skip?: number | undefined;
  limit?: number | undefined;
  createdFrom?: Date | undefined;
  createdTo?: Date | undefined;
}

/** The tenant's interactions, newest first, optionally within [createdFrom, createdTo). */
export function listInteractions(tx: TenantTransaction, request: InteractionListRequest) {
  return findInteractionPage(tx, {
    skip: request.skip ?? 0,
    limit: request.limit ?? 20,
    createdFrom: request.createdFrom,
    createdTo: request.createdTo,
  });
}

/** One live customer's timeline, newest first; 404 for a customer that is not there. */
export async function listCustomerInteractions(
  tx: TenantTransaction,
  customerId: string,
  request: Pick<InteractionListRequest, 'skip' | 'limit'>,
) {
  const customer = await getCustomer(tx, customerId);
  if (customer.deleted_at !== null) throw new CustomerNotFoundError();
  return findInteractionPage(tx, { customerId, skip: request.skip ?? 0, limit: request.limit ?? 20 });
}

export async function recordInteraction(
  tx: TenantTransaction,
  actorId: string,
  input: {
    customer_id: string;
    type: InteractionType;
    summary?: string | null;
    content: string;
    product_ids?: string[] | undefined;
  },
): Promise<{ interaction: InteractionView; customer: CustomerView }> {
  const customer = await getCustomer(tx, input.customer_id);
  if (customer.deleted_at !== null) throw new CustomerNotFoundError();
  const productIds = input.product_ids ?? [];
  // Only live products of this tenant (the foreign key would already refuse another tenant's).
  const found = await findLiveProductRefs(tx, productIds);
  if (found.length !== productIds.length) {
    throw new InputMismatchError([{ field: 'product_ids', message: '登録されている商品から選んでください' }]);
  }
  const id = await insertInteraction(tx, {
    customer_id: input.customer_id,
    type: input.type,
    summary: input.summary?.trim() ? input.summary.trim() : null,
    content: input.content,
    created_by: actorId,
    updated_by: actorId,
  });
  await linkInteractionProducts(tx, id, productIds);
  const interaction = await findInteraction(tx, id);
  if (!interaction) throw new Error('記録した対応履歴を読み出せません');
  return { interaction, customer };
}
