import { useQuery } from '@tanstack/react-query';
import { type FeatureFlags, isApiError } from '@tsumiki/api-client';
import { myFeaturesQueryOptions, shouldRetryQuery } from '@tsumiki/api-client/react';
import { useSession } from '../session/session';

/** Defaults when there is no user or the fetch fails: these three off, the rest on (SPEC section 4). */
export const defaultFeatureFlags: Required<FeatureFlags> = {
  customers_enabled: true,
  products_enabled: true,
  documents_enabled: true,
  chat_enabled: true,
  staff_chat_enabled: true,
  deep_research_enabled: true,
  legal_check_enabled: true,
  marketing_ai_enabled: true,
  workflow_ai_enabled: true,
  staff_management_enabled: false,
  tenant_users_enabled: true,
  notifications_enabled: true,
  invitations_enabled: false,
  session_management_enabled: false,
  audit_log_enabled: true,
};

/** A feature's name, as the sidebar and isFeatureEnabled take it: `customers` for customers_enabled. */
export type FeatureKey = {
  [Flag in keyof FeatureFlags]-?: Flag extends `${infer Feature}_enabled` ? Feature : never;
}[keyof FeatureFlags];

export const FEATURE_FETCH_FAILED = '機能設定の取得に失敗しました。';

/** Statuses after which the defaults apply silently. */
const SILENT_STATUSES = new Set([401, 403, 404]);

/** A feature absent from the flags counts as enabled. */
export function isFeatureEnabled(flags: FeatureFlags, feature: FeatureKey): boolean {
  return (flags as Record<string, boolean | undefined>)[`${feature}_enabled`] !== false;
}

/** `enabledFeatures` for the sidebar: keyed by feature, false only where a flag is off. */
export function enabledFeatureMap(flags: FeatureFlags): Record<string, boolean> {
  const map: Record<string, boolean> = {};
  for (const [key, value] of Object.entries(flags)) {
    if (key.endsWith('_enabled') && typeof value === 'boolean') map[key.slice(0, -'_enabled'.length)] = value;
  }
  return map;
}

/**
 * The flags to use (SPEC sections 4 and 7): the tenant's when they arrived; else the defaults,
 * silently after 404, 401 or 403 (or while loading), with 機能設定の取得に失敗しました after any
 * other failure.
 */
export function resolveFeatureFlags(
  data: FeatureFlags | undefined,
  error: unknown,
): { flags: FeatureFlags; error: string | null } {
  if (data) return { flags: data, error: null };
  const silent = !error || (isApiError(error) && SILENT_STATUSES.has(error.status));
  return { flags: defaultFeatureFlags, error: silent ? null : FEATURE_FETCH_FAILED };
}

export function useFeatureFlags(): { flags: FeatureFlags; error: string | null } {
  const { state, api } = useSession();
  const tenantId = state.status === 'signedIn' ? state.tenant?.tenant_id : undefined;
  const query = useQuery({
    ...myFeaturesQueryOptions(api, tenantId),
    enabled: state.status === 'signedIn',
    // The silent statuses will not change on a retry: the defaults apply at once.
    retry: (failureCount, error) =>
      !(isApiError(error) && SILENT_STATUSES.has(error.status)) && shouldRetryQuery(failureCount, error),
  });
  return resolveFeatureFlags(query.data, query.error);
}
