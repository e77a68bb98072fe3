import { describe, expect, it } from 'vitest';
import { defaultFeatureFlags, enabledFeatureMap, isFeatureEnabled } from './feature-flags';

describe('feature flags', () => {
  it('defaults staff management, invitations and session management off, the rest on', () => {
    const off = Object.entries(defaultFeatureFlags)
      .filter(([, enabled]) => !enabled)
      .map(([key]) => key);
    expect(off.sort()).toEqual([
      'invitations_enabled',
      'session_management_enabled',
      'staff_management_enabled',
    ]);
  });
  it('counts a feature absent from the response as enabled', () => {
    expect(isFeatureEnabled({ customers_enabled: false }, 'products')).toBe(true);
    expect(isFeatureEnabled({ customers_enabled: false }, 'customers')).toBe(false);
  });
  it('maps flags to sidebar feature keys', () => {
    expect(enabledFeatureMap({ staff_chat_enabled: false, notifications_enabled: true })).toEqual({
      staff_chat: false,
      notifications: true,
    });
  });
});
