import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../client';
import { accountKeys } from './account';
import { type BodyOf, invalidates, type TenantId, tenantHeader, tenantKey } from './shared';

// Apart from account.ts, whose flags every screen loads: only the settings screen needs these.

/** GET /api/tenant-features — every feature with its state, its default and whether the tenant chose it. */
export function featureSettingsQueryOptions(api: ApiClient, tenantId: TenantId) {
  return queryOptions({
    queryKey: accountKeys.featureSettings(tenantId),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/tenant-features', { params: tenantHeader(tenantId), signal }),
        '/api/tenant-features',
      ),
  });
}

/**
 * PUT /api/tenant-features — switches features on (true), off (false) or back to the default (null).
 * Refetches the settings and the flags (both live under the tenant's 'features' key).
 */
export function updateFeatureSettingsMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...tenantKey(tenantId), 'features', 'update'],
    mutationFn: (body: BodyOf<'updateTenantFeatureSettings'>) =>
      unwrap(
        api.PUT('/api/tenant-features', { params: tenantHeader(tenantId), body }),
        '/api/tenant-features',
      ),
    onSuccess: invalidates(tenantId, 'features'),
  });
}

/** The daily mail of unread notifications: a tenant setting, beside the features on the settings screen. */
export const notificationDigestKey = (tenantId: TenantId) =>
  [...tenantKey(tenantId), 'notification-digest'] as const;

/** GET /api/notification-digest — on or off, its hour, whether the server can mail, when it last went. */
export function notificationDigestQueryOptions(api: ApiClient, tenantId: TenantId) {
  return queryOptions({
    queryKey: notificationDigestKey(tenantId),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/notification-digest', { params: tenantHeader(tenantId), signal }),
        '/api/notification-digest',
      ),
  });
}

/** PUT /api/notification-digest — switches the daily mail on or off, and sets its hour. */
export function updateNotificationDigestMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...notificationDigestKey(tenantId), 'update'],
    mutationFn: (body: BodyOf<'updateNotificationDigestSettings'>) =>
      unwrap(
        api.PUT('/api/notification-digest', { params: tenantHeader(tenantId), body }),
        '/api/notification-digest',
      ),
    onSuccess: (data, _variables, _result, context) => {
      context.client.setQueryData(notificationDigestKey(tenantId), data);
    },
  });
}

/** The tenant's security settings: every member reads them (the screen lock), admins change them. */
export const securitySettingsKey = (tenantId: TenantId) =>
  [...tenantKey(tenantId), 'security-settings'] as const;

/** GET /api/tenant-settings/security — two-factor policy, screen-lock minutes, access-log retention. */
export function securitySettingsQueryOptions(api: ApiClient, tenantId: TenantId) {
  return queryOptions({
    queryKey: securitySettingsKey(tenantId),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/tenant-settings/security', { params: tenantHeader(tenantId), signal }),
        '/api/tenant-settings/security',
      ),
  });
}

/** PUT /api/tenant-settings/security — changes the settings sent; the answer replaces the cached ones. */
export function updateSecuritySettingsMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...securitySettingsKey(tenantId), 'update'],
    mutationFn: (body: BodyOf<'updateTenantSecuritySettings'>) =>
      unwrap(
        api.PUT('/api/tenant-settings/security', { params: tenantHeader(tenantId), body }),
        '/api/tenant-settings/security',
      ),
    onSuccess: (data, _variables, _result, context) => {
      context.client.setQueryData(securitySettingsKey(tenantId), data);
    },
  });
}

/** How new customers are numbered (診察券番号): admins set it on the settings screen. */
export const patientNumberSettingsKey = (tenantId: TenantId) =>
  [...tenantKey(tenantId), 'patient-number-settings'] as const;

/** GET /api/tenant-settings/patient-numbers — prefix, width and the next number as a sample. */
export function patientNumberSettingsQueryOptions(api: ApiClient, tenantId: TenantId) {
  return queryOptions({
    queryKey: patientNumberSettingsKey(tenantId),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/tenant-settings/patient-numbers', { params: tenantHeader(tenantId), signal }),
        '/api/tenant-settings/patient-numbers',
      ),
  });
}

/** PUT /api/tenant-settings/patient-numbers — changes the settings sent; the answer replaces the cached ones. */
export function updatePatientNumberSettingsMutationOptions(api: ApiClient, tenantId: TenantId) {
  return mutationOptions({
    mutationKey: [...patientNumberSettingsKey(tenantId), 'update'],
    mutationFn: (body: BodyOf<'updatePatientNumberSettings'>) =>
      unwrap(
        api.PUT('/api/tenant-settings/patient-numbers', { params: tenantHeader(tenantId), body }),
        '/api/tenant-settings/patient-numbers',
      ),
    onSuccess: (data, _variables, _result, context) => {
      context.client.setQueryData(patientNumberSettingsKey(tenantId), data);
    },
  });
}
