import type { components } from '@tsumiki/api-client/schema';
import { isPermission } from '../../platform/access/permissions';
import type { TenantUserView } from './tenant-users.repository';

type Schemas = components['schemas'];

/** A member as the contract shows it; stored permissions the catalogue no longer knows are left out. */
export function toTenantUser(user: TenantUserView): Schemas['TenantUser'] {
  return {
    id: user.user_id,
    email: user.email,
    full_name: user.full_name,
    role: user.role,
    permissions: user.permissions.filter(isPermission),
    status: user.status,
    last_sign_in_at: user.last_sign_in_at ? user.last_sign_in_at.toISOString() : null,
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
  };
}
