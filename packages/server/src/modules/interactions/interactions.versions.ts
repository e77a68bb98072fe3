import { sql } from 'kysely';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { userDisplayName } from '../../platform/db/user-display-name';
import type { InteractionView } from './interactions.repository';
import type { InteractionType, InteractionVersionRow } from './interactions.tables';

/** The fields an edit may change, as stored. */
export interface InteractionChanges {
  type?: InteractionType;
  summary?: string | null;
  content?: string;
}

/**
 * Keeps the interaction as it reads now as its version N (who wrote it and when: the recorder for
 * version 1, the last editor after), replaced by `editorId` now. Called in the editing transaction,
 * before the change.
 */
export async function keepVersion(
  tx: TenantTransaction,
  current: InteractionView,
  editorId: string,
): Promise<void> {
  await tx
    .insertInto('interaction_versions')
    .values({
      tenant_id: tx.tenantId,
      interaction_id: current.id,
      version: current.version,
      type: current.type,
      summary: current.summary,
      content: current.content,
      products: JSON.stringify(current.products) as unknown as Array<{ id: string; name: string }>,
      written_by: current.version === 1 ? current.created_by : current.updated_by,
      written_at: current.version === 1 ? current.created_at : current.updated_at,
      replaced_by: editorId,
    })
    .execute();
}

/**
 * Locks the interaction's row until the transaction ends and returns its version now: of two
 * edits of one version, the second waits for the first and then sees the version it made.
 */
export async function lockInteraction(tx: TenantTransaction, id: string): Promise<number | undefined> {
  const row = await tx
    .selectFrom('interactions')
    .select('version')
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row?.version;
}

/**
 * Applies `changes` to the interaction locked at `expectedVersion` (lockInteraction): its version
 * goes up by one, its editor and time are recorded.
 */
export async function updateInteractionAt(
  tx: TenantTransaction,
  id: string,
  expectedVersion: number,
  changes: InteractionChanges,
  editorId: string,
): Promise<void> {
  await tx
    .updateTable('interactions')
    .set({ ...changes, updated_by: editorId, version: sql`version + 1` })
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', id)
    .where('version', '=', expectedVersion)
    .execute();
}

/** Replaces the interaction's products (those of another tenant cannot be named: the foreign key). */
export async function replaceInteractionProducts(
  tx: TenantTransaction,
  id: string,
  productIds: readonly string[],
): Promise<void> {
  await tx
    .deleteFrom('interaction_products')
    .where('tenant_id', '=', tx.tenantId)
    .where('interaction_id', '=', id)
    .execute();
  if (productIds.length === 0) return;
  await tx
    .insertInto('interaction_products')
    .values(
      productIds.map((productId) => ({ tenant_id: tx.tenantId, interaction_id: id, product_id: productId })),
    )
    .execute();
}

export type InteractionVersionView = InteractionVersionRow & {
  written_by_name: string | null;
  replaced_by_name: string | null;
};

/** The earlier versions of an interaction, newest first. */
export async function findInteractionVersions(
  tx: TenantTransaction,
  id: string,
): Promise<InteractionVersionView[]> {
  return tx
    .selectFrom('interaction_versions as v')
    .leftJoin('users as w', 'w.id', 'v.written_by')
    .leftJoin('users as r', 'r.id', 'v.replaced_by')
    .selectAll('v')
    .select([userDisplayName('w').as('written_by_name'), userDisplayName('r').as('replaced_by_name')])
    .where('v.tenant_id', '=', tx.tenantId)
    .where('v.interaction_id', '=', id)
    .orderBy('v.version', 'desc')
    .execute();
}

/** Removes the interaction (its products and versions go with it); false when it was not there. */
export async function deleteInteractionRow(tx: TenantTransaction, id: string): Promise<boolean> {
  const result = await tx
    .deleteFrom('interactions')
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows === 1n;
}
