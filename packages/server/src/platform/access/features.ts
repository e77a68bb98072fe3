import type { TenantTransaction } from '../db/tenant-scope';
import { listFeatureSwitches } from './features.repository';

/** The features a tenant can switch, in the order of the sidebar. */
export const FEATURES = [
  'customers',
  'products',
  'documents',
  'chat',
  'staff_chat',
  'deep_research',
  'legal_check',
  'marketing_ai',
  'workflow_ai',
  'staff_management',
  'tenant_users',
  'notifications',
  'invitations',
  'session_management',
  'audit_log',
] as const;

export type Feature = (typeof FEATURES)[number];

const OFF_BY_DEFAULT: ReadonlySet<Feature> = new Set([
  'staff_management',
  'invitations',
  'session_management',
]);

export function isFeature(value: string): value is Feature {
  return (FEATURES as readonly string[]).includes(value);
}

/** The product's defaults (SPEC §4): staff management, invitations and session management off. */
export function defaultFeatureSwitch(feature: string): boolean {
  return !(isFeature(feature) && OFF_BY_DEFAULT.has(feature));
}

export type FeatureSwitches = Record<Feature, boolean>;

/** Every feature of the transaction's tenant: the stored switch where there is one, else the default. */
export async function getFeatureSwitches(tx: TenantTransaction): Promise<FeatureSwitches> {
  const stored = await listFeatureSwitches(tx);
  return Object.fromEntries(
    FEATURES.map((feature) => [feature, stored.get(feature) ?? defaultFeatureSwitch(feature)]),
  ) as FeatureSwitches;
}
