import { ApiError, createClientError } from '@tsumiki/api-client';
import { describe, expect, it } from 'vitest';
import { isFeatureOff } from './feature-off';

function serverError(status: number, code: string) {
  return new ApiError(status, {
    code,
    category: 'business_logic',
    severity: 'low',
    message: 'この機能は現在のテナントでは利用できません。',
    suggestion: null,
    timestamp: '2026-11-22T05:00:00Z',
    context: null,
    request_id: 'req-1',
    path: '/api/sessions',
  });
}

describe('isFeatureOff', () => {
  it('is the 403 with FEAT_001 only', () => {
    expect(isFeatureOff(serverError(403, 'FEAT_001'))).toBe(true);
    expect(isFeatureOff(serverError(403, 'AUTH_004'))).toBe(false);
    expect(isFeatureOff(serverError(500, 'SYS_001'))).toBe(false);
    expect(isFeatureOff(createClientError('NETWORK_ERROR'))).toBe(false);
    expect(isFeatureOff(new Error('FEAT_001'))).toBe(false);
  });
});
