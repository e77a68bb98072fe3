import type { TenantTransaction } from '../tenant-scope';

/** Stored feature switches of the scoped tenant: feature key → enabled. */
export async function listFeatureSwitches(
  tx: TenantTransaction,
  tenantId: string,
): Promise<Map<string, boolean>> {
  const rows = await tx
    .selectFrom('tenant_features')
    .select(['feature', 'enabled'])
    .where('tenant_id', '=', tenantId)
    .execute();
  return new Map(rows.map((row) => [row.feature, row.enabled]));
}

export async function findFeatureSwitch(
  tx: TenantTransaction,
  tenantId: string,
  feature: string,
): Promise<boolean | undefined> {
  const row = await tx
    .selectFrom('tenant_features')
    .select('enabled')
    .where('tenant_id', '=', tenantId)
    .where('feature', '=', feature)
    .executeTakeFirst();
  return row?.enabled;
}

export async function setFeatureSwitch(
  tx: TenantTransaction,
  tenantId: string,
  feature: string,
  enabled: boolean,
): Promise<void> {
  await tx
    .insertInto('tenant_features')
    .values({ tenant_id: tenantId, feature, enabled })
    .onConflict((conflict) =>
      conflict.columns(['tenant_id', 'feature']).doUpdateSet({ enabled, updated_at: new Date() }),
    )
    .execute();
}
