import { clientErrorMessages, type Permission } from '@tsumiki/api-client';
import { useSignedIn } from '../../session/session';
import { hasPermission } from './has-permission';

export { hasPermission };

/**
 * Why an action is not offered, next to the disabled control (SPEC §6's permission-denied message
 * plus who can change it). The server refuses the call anyway (403 AUTH_004); the screens do not
 * offer what would be refused.
 */
export const PERMISSION_DENIED_REASON = `${clientErrorMessages.PERMISSION_DENIED}権限は管理者が変更できます。`;

/** `can(permission)` for the signed-in user, for hiding or disabling actions. */
export function usePermissions(): { can: (permission: Permission) => boolean } {
  const { user } = useSignedIn();
  return { can: (permission) => hasPermission(user, permission) };
}
