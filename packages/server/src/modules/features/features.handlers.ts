import type { components } from '@tsumiki/api-client/schema';
import { FEATURES, getFeatureSwitches } from '../../platform/access/features';
import { assertMayAdoptMfaPolicy } from '../../platform/access/mfa-policy';
import { getSecuritySettings, updateSecuritySettings } from '../../platform/access/security-settings';
import type { ModuleHandlers } from '../../platform/http/typed-handlers';
import type { ModuleDependencies } from '../module';
import { getFeatureSettings, updateFeatureSettings } from './features.service';

/** The tenant's feature flags, as SPEC section 3 names them, their settings screen, and its security settings. */
export function featuresHandlers({ events }: ModuleDependencies) {
  return {
    async getMyFeatures(_input, { tx }) {
      const switches = await getFeatureSwitches(tx);
      const flags: components['schemas']['FeatureFlags'] = {};
      for (const feature of FEATURES) flags[`${feature}_enabled` as const] = switches[feature];
      return { status: 200, body: flags };
    },

    async getTenantFeatureSettings(_input, { tx }) {
      return { status: 200, body: await getFeatureSettings(tx) };
    },

    async updateTenantFeatureSettings({ body }, { tx, principal, tenant }) {
      const changes = await updateFeatureSettings(tx, body);
      // The record of who switched what (null: back to the default).
      await events.emit(tx, {
        type: 'tenant.features_updated',
        // A system admin working from outside the tenant is no member to refer to.
        actorId: tenant.membership ? principal.userId : null,
        payload: { changes },
      });
      return { status: 200, body: await getFeatureSettings(tx) };
    },

    async getTenantSecuritySettings(_input, { tx }) {
      return { status: 200, body: await getSecuritySettings(tx) };
    },

    async updateTenantSecuritySettings({ body }, { tx, principal, tenant }) {
      if (body.mfa_policy !== undefined) {
        await assertMayAdoptMfaPolicy(tx, {
          policy: body.mfa_policy,
          role: tenant.membership?.role ?? null,
          userId: principal.userId,
          sessionId: principal.sessionId,
        });
      }
      const { settings, changes } = await updateSecuritySettings(tx, body);
      if (Object.keys(changes).length > 0) {
        await events.emit(tx, {
          type: 'tenant.security_updated',
          actorId: tenant.membership ? principal.userId : null,
          payload: { changes },
        });
      }
      return { status: 200, body: settings };
    },
  } satisfies ModuleHandlers;
}
