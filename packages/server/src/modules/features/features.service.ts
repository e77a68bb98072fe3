import type { components } from '@tsumiki/api-client/schema';
import { defaultFeatureSwitch, FEATURES, type Feature } from '../../platform/access/features';
import {
  deleteFeatureSwitch,
  listFeatureSwitches,
  setFeatureSwitch,
} from '../../platform/access/features.repository';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { ValidationFailedError } from '../../platform/errors';

type Schemas = components['schemas'];

/** Every feature in sidebar order: its state now, the product's default, and whether the tenant chose. */
export async function getFeatureSettings(tx: TenantTransaction): Promise<Schemas['FeatureSettings']> {
  const stored = await listFeatureSwitches(tx);
  return {
    features: FEATURES.map((feature) => {
      const own = stored.get(feature);
      const defaultEnabled = defaultFeatureSwitch(feature);
      return {
        feature,
        enabled: own ?? defaultEnabled,
        default_enabled: defaultEnabled,
        customized: own !== undefined,
      };
    }),
  };
}

/** `<feature>_enabled: true | false | null` (null: back to the default). Returns what changed. */
export async function updateFeatureSettings(
  tx: TenantTransaction,
  update: Schemas['FeatureSettingsUpdate'],
): Promise<Partial<Record<Feature, boolean | null>>> {
  const changes: Partial<Record<Feature, boolean | null>> = {};
  for (const feature of FEATURES) {
    const key = `${feature}_enabled` as const;
    if (!(key in update)) continue;
    const value = update[key];
    if (value === undefined) continue;
    if (value === null) await deleteFeatureSwitch(tx, feature);
    else await setFeatureSwitch(tx, feature, value);
    changes[feature] = value;
  }
  // Unknown keys are dropped by validation (removeAdditional): what remains must name a feature.
  if (Object.keys(changes).length === 0) {
    throw new ValidationFailedError([{ field: 'body', message: '変える機能を 1 つ以上指定してください' }]);
  }
  return changes;
}
