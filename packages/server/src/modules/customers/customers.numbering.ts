import type { components } from '@tsumiki/api-client/schema';
import { sql } from 'kysely';
import type { TenantTransaction } from '../../platform/db/tenant-scope';

export type PatientNumberSettings = components['schemas']['PatientNumberSettings'];
export type PatientNumberSettingsUpdate = components['schemas']['PatientNumberSettingsUpdate'];

/**
 * How the tenant numbers its customers (診察券番号): a prefix and a zero-padded width on the
 * tenant, and the next number of its counter as a sample. The numbers themselves are given by an
 * insert trigger (migration 0029), so every way a customer comes in gets one.
 */
export async function getPatientNumberSettings(tx: TenantTransaction): Promise<PatientNumberSettings> {
  const { rows } = await sql<PatientNumberSettings>`
    select t.patient_number_prefix as prefix, t.patient_number_width as width,
           tsumiki_format_patient_number(t.patient_number_prefix, t.patient_number_width,
             coalesce((select n.last_number from customer_number_counters n where n.tenant_id = t.id), 0) + 1
           ) as next_number
    from tenants t where t.id = ${tx.tenantId}`.execute(tx);
  const settings = rows[0];
  if (!settings) throw new Error('テナントが見つかりません');
  return settings;
}

/** Changes what the update names; returns the settings and what changed, `{ field: [before, after] }`. */
export async function updatePatientNumberSettings(
  tx: TenantTransaction,
  update: PatientNumberSettingsUpdate,
): Promise<{ settings: PatientNumberSettings; changes: Record<string, [unknown, unknown]> }> {
  const before = await getPatientNumberSettings(tx);
  await tx
    .updateTable('tenants')
    .set({
      ...(update.prefix !== undefined ? { patient_number_prefix: update.prefix } : {}),
      ...(update.width !== undefined ? { patient_number_width: update.width } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', tx.tenantId)
    .execute();
  const settings = await getPatientNumberSettings(tx);
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of ['prefix', 'width'] as const) {
    if (before[key] !== settings[key]) changes[key] = [before[key], settings[key]];
  }
  return { settings, changes };
}
