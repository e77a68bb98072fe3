import type { components } from '@tsumiki/api-client/schema';
import type { TenantTransaction } from '../db/tenant-scope';

export type SecuritySettings = components['schemas']['TenantSecuritySettings'];
export type SecuritySettingsUpdate = components['schemas']['TenantSecuritySettingsUpdate'];

/**
 * The transaction's tenant's security settings: who must use two-factor sign-in, how soon an idle
 * screen locks, how long the access log keeps its rows. Read by the auth checks, the screen lock
 * and the log's retention job; one row of `tenants`.
 */
export async function getSecuritySettings(tx: TenantTransaction): Promise<SecuritySettings> {
  return tx
    .selectFrom('tenants')
    .select(['mfa_policy', 'screen_lock_minutes', 'audit_log_retention_years'])
    .where('id', '=', tx.tenantId)
    .executeTakeFirstOrThrow();
}

/**
 * Changes the settings the update names (validation has checked the values and that there is at
 * least one) and returns what changed, as `{ field: [before, after] }`, for the record of who
 * changed what.
 */
export async function updateSecuritySettings(
  tx: TenantTransaction,
  update: SecuritySettingsUpdate,
): Promise<{ settings: SecuritySettings; changes: Record<string, [unknown, unknown]> }> {
  const before = await getSecuritySettings(tx);
  const settings = await tx
    .updateTable('tenants')
    .set({ ...update, updated_at: new Date() })
    .where('id', '=', tx.tenantId)
    .returning(['mfa_policy', 'screen_lock_minutes', 'audit_log_retention_years'])
    .executeTakeFirstOrThrow();
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of Object.keys(update) as (keyof SecuritySettings)[]) {
    if (before[key] !== settings[key]) changes[key] = [before[key], settings[key]];
  }
  return { settings, changes };
}
