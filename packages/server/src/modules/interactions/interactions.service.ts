import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { AppError, InputMismatchError, NotFoundError } from '../../platform/errors';
import { CustomerNotFoundError, type CustomerView, getCustomer } from '../customers';
import { findLiveProductRefs, linkInteractionProducts } from '../products';
import {
  findInteraction,
  findInteractionPage,
  type InteractionView,
  insertInteraction,
} from './interactions.repository';
import type { InteractionType } from './interactions.tables';
import {
  deleteInteractionRow,
  findInteractionVersions,
  type InteractionChanges,
  keepVersion,
  lockInteraction,
  replaceInteractionProducts,
  updateInteractionAt,
} from './interactions.versions';

export type { InteractionView };

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

export class InteractionNotFoundError extends NotFoundError {
  constructor() {
    super('interaction', {
      message: '指定された対応履歴が見つかりません。',
      suggestion: '画面を読み込み直してください。ほかの人が削除した可能性があります。',
    });
  }
}

/** Someone saved the interaction since the caller read it: nothing changed, here is the latest. */
export class InteractionEditConflictError extends AppError {
  constructor(current: unknown) {
    super('RES_003', { context: { resource: 'interaction', current } });
  }
}

/** Products must be live products of this tenant (VAL_003 otherwise). */
async function assertLiveProducts(tx: TenantTransaction, productIds: readonly string[]): Promise<void> {
  const found = await findLiveProductRefs(tx, productIds);
  if (found.length !== productIds.length) {
    throw new InputMismatchError([{ field: 'product_ids', message: '登録されている商品から選んでください' }]);
  }
}

/** The interaction, if it is the live customer's own: the URL names both (404 otherwise). */
async function interactionOf(
  tx: TenantTransaction,
  customerId: string,
  interactionId: string,
): Promise<{ interaction: InteractionView; customer: CustomerView }> {
  const customer = await getCustomer(tx, customerId);
  if (customer.deleted_at !== null) throw new CustomerNotFoundError();
  const interaction = await findInteraction(tx, interactionId);
  if (!interaction || interaction.customer_id !== customerId) throw new InteractionNotFoundError();
  return { interaction, customer };
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
  await assertLiveProducts(tx, productIds);
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

/**
 * Corrects an interaction, only if nobody changed it since the caller read `version`: the
 * version it replaces is kept (who wrote it, when; who replaced it, when), then the fields sent
 * are changed. RES_003 with the interaction as it is now otherwise, and nothing changes.
 */
export async function correctInteraction(
  tx: TenantTransaction,
  editorId: string,
  target: { customerId: string; interactionId: string },
  input: {
    version: number;
    type?: InteractionType | undefined;
    summary?: string | null | undefined;
    content?: string | undefined;
    product_ids?: string[] | undefined;
  },
  present: (interaction: InteractionView) => unknown,
): Promise<{ interaction: InteractionView; customer: CustomerView }> {
  const { customer } = await interactionOf(tx, target.customerId, target.interactionId);
  const lockedVersion = await lockInteraction(tx, target.interactionId);
  const current = await findInteraction(tx, target.interactionId);
  if (lockedVersion === undefined || !current) throw new InteractionNotFoundError();
  if (current.version !== input.version) throw new InteractionEditConflictError(present(current));
  if (input.product_ids) await assertLiveProducts(tx, input.product_ids);
  const changes: InteractionChanges = {};
  if (input.type !== undefined) changes.type = input.type;
  if (input.summary !== undefined) changes.summary = input.summary?.trim() ? input.summary.trim() : null;
  if (input.content !== undefined) changes.content = input.content;
  await keepVersion(tx, current, editorId);
  await updateInteractionAt(tx, current.id, input.version, changes, editorId);
  if (input.product_ids) await replaceInteractionProducts(tx, current.id, input.product_ids);
  const interaction = await findInteraction(tx, current.id);
  if (!interaction) throw new InteractionNotFoundError();
  return { interaction, customer };
}

/** Removes an interaction of the customer; returns what it said, for the record of who deleted what. */
export async function removeInteraction(
  tx: TenantTransaction,
  target: { customerId: string; interactionId: string },
): Promise<{ interaction: InteractionView; customer: CustomerView }> {
  const found = await interactionOf(tx, target.customerId, target.interactionId);
  if (!(await deleteInteractionRow(tx, found.interaction.id))) throw new InteractionNotFoundError();
  return found;
}

/** The earlier versions of the customer's interaction, newest first. */
export async function interactionVersions(
  tx: TenantTransaction,
  target: { customerId: string; interactionId: string },
) {
  const { interaction } = await interactionOf(tx, target.customerId, target.interactionId);
  return findInteractionVersions(tx, interaction.id);
}
