import { ApiError, type ApiErrorBody } from '@tsumiki/api-client';
import { describe, expect, it } from 'vitest';
import {
  defaultFeatureFlags,
  enabledFeatureMap,
  isFeatureEnabled,
  resolveFeatureFlags,
} from './feature-flags';

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

describe('resolveFeatureFlags (SPEC sections 4 and 7)', () => {
  const failure = (status: number) =>
    new ApiError(status, {
      code: 'X',
      category: 'system',
      severity: 'medium',
      message: 'x',
      suggestion: null,
      timestamp: new Date().toISOString(),
      context: null,
      request_id: 'r',
      path: '/api/tenant-features/my-features',
    } as ApiErrorBody);

  it("uses the tenant's flags when they arrived", () => {
    const flags = { staff_management_enabled: true };
    expect(resolveFeatureFlags(flags, null)).toEqual({ flags, error: null });
  });
  it('falls back to the defaults silently while loading and after 404, 401 or 403', () => {
    for (const error of [null, failure(404), failure(401), failure(403)]) {
      expect(resolveFeatureFlags(undefined, error)).toEqual({ flags: defaultFeatureFlags, error: null });
    }
  });
  it('falls back to the defaults with the Japanese message after any other failure', () => {
    for (const error of [failure(500), failure(0), new Error('boom')]) {
      expect(resolveFeatureFlags(undefined, error)).toEqual({
        flags: defaultFeatureFlags,
        error: '機能設定の取得に失敗しました。',
      });
    }
  });
});
