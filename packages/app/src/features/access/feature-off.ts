import { isApiError } from '@tsumiki/api-client';

/** The server's answer to a call of a feature the tenant has switched off (ERRORS.md FEAT_001). */
export function isFeatureOff(error: unknown): boolean {
  return isApiError(error) && error.status === 403 && error.code === 'FEAT_001';
}
