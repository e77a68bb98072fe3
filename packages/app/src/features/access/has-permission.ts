import type { CurrentUser, Permission } from '@tsumiki/api-client';

// Apart from permissions.ts: the sidebar (first paint) needs only this.

/**
 * Whether the user holds `permission` in the tenant the app works on (the first tenant, whose
 * permissions tenant-me returns): super admins hold every permission (SPEC §6).
 */
export function hasPermission(user: CurrentUser, permission: Permission): boolean {
  return user.is_super_admin || user.permissions.includes(permission);
}
