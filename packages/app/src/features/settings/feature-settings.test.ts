import { describe, expect, it } from 'vitest';
import { appNavItems } from '../../shell/nav-items';
import {
  applyFeatureChange,
  applyFlagChange,
  describeFeature,
  differsFromDefault,
  type FeatureSetting,
  type FeatureSettings,
  featureUpdate,
  governedItems,
} from './feature-settings';

const settings: FeatureSettings = {
  features: [
    { feature: 'customers', enabled: true, default_enabled: true, customized: false },
    { feature: 'staff_management', enabled: true, default_enabled: false, customized: true },
  ],
};

describe('featureUpdate', () => {
  it('sends only the one flag, null for back to default', () => {
    expect(featureUpdate('customers', false)).toEqual({ customers_enabled: false });
    expect(featureUpdate('staff_management', null)).toEqual({ staff_management_enabled: null });
  });
});

describe('differsFromDefault (変更済み)', () => {
  it('tags only a feature whose state is not the default, whether or not the tenant stored it', () => {
    // The demo tenants store every switch as on: stored, yet the same as the default.
    const stored: FeatureSetting = {
      feature: 'customers',
      enabled: true,
      default_enabled: true,
      customized: true,
    };
    expect(differsFromDefault(stored)).toBe(false);
    expect(differsFromDefault(settings.features[0]!)).toBe(false);
    expect(differsFromDefault(settings.features[1]!)).toBe(true);
    expect(differsFromDefault({ ...stored, feature: 'products', enabled: false })).toBe(true);
  });
});

describe('applyFeatureChange', () => {
  it('marks a chosen state as customized', () => {
    const next = applyFeatureChange(settings, 'customers', false);
    expect(next.features[0]).toEqual({
      feature: 'customers',
      enabled: false,
      default_enabled: true,
      customized: true,
    });
    expect(next.features[1]).toBe(settings.features[1]);
  });

  it('goes back to the default on null', () => {
    const next = applyFeatureChange(settings, 'staff_management', null);
    expect(next.features[1]).toEqual({
      feature: 'staff_management',
      enabled: false,
      default_enabled: false,
      customized: false,
    });
  });
});

describe('applyFlagChange', () => {
  it('switches the flag the sidebar reads', () => {
    expect(applyFlagChange({ customers_enabled: true, chat_enabled: true }, 'customers', false)).toEqual({
      customers_enabled: false,
      chat_enabled: true,
    });
  });
});

describe('governedItems and describeFeature', () => {
  it('names both sidebar items legal_check governs and documents for AI文書管理', () => {
    expect(governedItems(appNavItems, 'legal_check')).toEqual(['AI法務チェック', 'ナレッジベースAI']);
    expect(governedItems(appNavItems, 'documents')).toEqual(['AI文書管理']);
    expect(describeFeature(appNavItems, 'legal_check')).toBe(
      'サイドバーの「AI法務チェック」「ナレッジベースAI」が対象です。',
    );
  });

  it('says where else a feature shows up', () => {
    expect(governedItems(appNavItems, 'chat')).toEqual(['AIチャット']);
    expect(describeFeature(appNavItems, 'chat')).toBe('サイドバーの「AIチャット」が対象です。');
    expect(describeFeature(appNavItems, 'notifications')).toContain('通知ベル');
  });
});
