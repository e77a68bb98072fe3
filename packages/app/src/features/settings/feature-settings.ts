import type { components, Feature, FeatureFlags } from '@tsumiki/api-client';
import type { NavItem } from '@tsumiki/ui';

export type FeatureSettings = components['schemas']['FeatureSettings'];
export type FeatureSettingsUpdate = components['schemas']['FeatureSettingsUpdate'];
export type FeatureSetting = FeatureSettings['features'][number];

/** What one switch sends: on, off, or back to the product's default (null). */
export function featureUpdate(feature: Feature, enabled: boolean | null): FeatureSettingsUpdate {
  return { [`${feature}_enabled`]: enabled } as FeatureSettingsUpdate;
}

/**
 * Whether a feature is tagged 変更済み (and offers 既定に戻す): only when its state differs from the
 * product's default. The server's `customized` says whether the tenant stored a choice at all, and
 * a stored choice may equal the default (the demo tenants store every switch as on; a feature
 * turned off and on again stays stored), which the screen called 変更済み although nothing differed.
 */
export function differsFromDefault(setting: FeatureSetting): boolean {
  return setting.enabled !== setting.default_enabled;
}

/**
 * The settings as they will be once the server has applied `enabled` to `feature`: shown at once
 * (optimistically) and put back if the call fails.
 */
export function applyFeatureChange(
  settings: FeatureSettings,
  feature: Feature,
  enabled: boolean | null,
): FeatureSettings {
  return {
    ...settings,
    features: settings.features.map((setting) =>
      setting.feature === feature
        ? {
            ...setting,
            enabled: enabled ?? setting.default_enabled,
            customized: enabled !== null,
          }
        : setting,
    ),
  };
}

/** The flags the sidebar reads, as they will be after the change (for the same optimistic view). */
export function applyFlagChange(flags: FeatureFlags, feature: Feature, enabled: boolean): FeatureFlags {
  return { ...flags, [`${feature}_enabled`]: enabled };
}

/** The sidebar items a feature governs, by their labels, in the sidebar's order. */
export function governedItems(items: readonly NavItem[], feature: Feature): string[] {
  return items.filter((item) => item.feature === feature).map((item) => item.label);
}

/** Beyond the sidebar: other places a feature shows up. */
const ALSO_GOVERNS: Partial<Record<Feature, string>> = {
  notifications: 'トップバーの通知ベルも表示されなくなります。',
};

/** 「サイドバーの「…」「…」を表示します。」, said for each switch. */
export function describeFeature(items: readonly NavItem[], feature: Feature): string {
  const labels = governedItems(items, feature);
  const sidebar =
    labels.length > 0 ? `サイドバーの${labels.map((label) => `「${label}」`).join('')}が対象です。` : '';
  return [sidebar, ALSO_GOVERNS[feature] ?? ''].filter(Boolean).join('');
}
