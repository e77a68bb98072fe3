import type { Permission } from '@tsumiki/api-client';
import type { ReactNode } from 'react';
import { usePermissions } from '../access/permissions';
import { FeatureOffScreen, PermissionDeniedScreen } from '../access/screen-states';
import { type FeatureKey, isFeatureEnabled, useFeatureFlags } from '../feature-flags';

/**
 * A routed screen behind its feature flag and read permission: the screen's title with why it is
 * not shown, or the screen.
 */
export function ScreenGate({
  title,
  feature,
  permission,
  children,
}: {
  title: string;
  feature: FeatureKey;
  permission: Permission;
  children: ReactNode;
}) {
  const { can } = usePermissions();
  const { flags } = useFeatureFlags();
  if (!isFeatureEnabled(flags, feature)) return <FeatureOffScreen title={title} />;
  if (!can(permission)) return <PermissionDeniedScreen title={title} />;
  return children;
}
