import type { components } from '@tsumiki/api-client/schema';
import { FEATURES, getFeatureSwitches } from '../../platform/access/features';
import type { ModuleHandlers } from '../../platform/http/typed-handlers';
import type { ModuleDependencies } from '../module';

/** The tenant's feature flags, as SPEC section 3 names them. */
export function featuresHandlers(_dependencies: ModuleDependencies) {
  return {
    async getMyFeatures(_input, { tx }) {
      const switches = await getFeatureSwitches(tx);
      const flags: components['schemas']['FeatureFlags'] = {};
      for (const feature of FEATURES) flags[`${feature}_enabled` as const] = switches[feature];
      return { status: 200, body: flags };
    },
  } satisfies ModuleHandlers;
}
