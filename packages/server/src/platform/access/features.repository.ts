import type { TenantTransaction } from '../db/tenant-scope';

/** Stored feature switches of the scoped tenant: feature key → enabled. */
export async function listFeatureSwitches(tx: TenantTransaction): Promise<Map<string, boolean>> {
  const rows = await tx
    .selectFrom('tenant_features')
    .select(['feature', 'enabled'])
    .where('tenant_id', '=', tx.tenantId)
    .execute();
  return new Map(rows.map((row) => [row.feature, row.enabled]));
}

export async function setFeatureSwitch(
  tx: TenantTransaction,
  feature: string,
  enabled: boolean,
): Promise<void> {
  await tx
    .insertInto('tenant_features')
    .values({ tenant_id: tx.tenantId, feature, enabled })
    .onConflict((conflict) =>
      conflict.columns(['tenant_id', 'feature']).doUpdateSet({ enabled, updated_at: new Date() }),
    )
    .execute();
}

/** Forgets the tenant's own switch: the product's default applies again. */
export async function deleteFeatureSwitch(tx: TenantTransaction, feature: string): Promise<void> {
  await tx
    .deleteFrom('tenant_features')
    .where('tenant_id', '=', tx.tenantId)
    .where('feature', '=', feature)
    .execute();
}
