import type { Db } from '../db/database';
import type { Plan, Role } from '../db/schema';
import { NotTenantUserError, PermissionDeniedError } from '../errors';
import { ALL_PERMISSIONS, isPermission, type Permission } from './permissions';
import { listActiveMemberships, type Membership } from './tenants.repository';

/** Who is calling: established from a verified access token and a live session. */
export interface Principal {
  userId: string;
  email: string;
  fullName: string | null;
  sessionId: string;
  isSystemAdmin: boolean;
  isSuperAdmin: boolean;
  isAgencyUser: boolean;
}

/** The tenant a request works on and the caller's membership in it (null: system admin from outside). */
export interface TenantAccess {
  tenantId: string;
  membership: Membership | null;
}

export interface TenantInfo {
  tenant_id: string;
  tenant_name: string;
  role: Role;
  plan: Plan;
  /** IANA zone name: the basis of displayed times and of "this month". */
  time_zone: string;
}

export interface CurrentUser {
  id: string;
  email: string;
  full_name: string | null;
  is_system_admin: boolean;
  is_super_admin: boolean;
  is_agency_user: boolean;
  is_tenant_user: boolean;
  permissions: Permission[];
  accessible_tenant_ids: string[];
  tenant_info: TenantInfo[];
}

/** '*' stands for every tenant (system admins). */
export function accessibleTenantIds(principal: Principal, memberships: Membership[]): string[] {
  return principal.isSystemAdmin ? ['*'] : memberships.map((membership) => membership.tenant_id);
}

/** Stored permissions the catalogue no longer knows grant nothing (and are not shown). */
function effectivePermissions(principal: Principal, membership: Membership | null): Permission[] {
  if (principal.isSuperAdmin) return [...ALL_PERMISSIONS];
  return membership ? membership.permissions.filter(isPermission) : [];
}

/** A test of one permission for this user in this tenant (for work that reads several kinds of data). */
export function permissionTest(
  principal: Principal,
  access: TenantAccess,
): (permission: Permission) => boolean {
  const held = new Set(effectivePermissions(principal, access.membership));
  return (permission) => held.has(permission);
}

/** Super admins hold every permission; everybody else exactly those listed on the membership. */
export function assertPermission(principal: Principal, access: TenantAccess, permission: string): void {
  if (!isPermission(permission)) throw new Error(`権限の一覧にない権限です: ${permission}`);
  if (!effectivePermissions(principal, access.membership).includes(permission)) {
    throw new PermissionDeniedError(permission);
  }
}

/** The signed-in user as the client sees it; 403 AUTH_003 when they belong to no tenant. */
export async function describeCurrentUser(db: Db, principal: Principal): Promise<CurrentUser> {
  const memberships = await listActiveMemberships(db, principal.userId);
  if (memberships.length === 0 && !principal.isSystemAdmin) throw new NotTenantUserError();
  return {
    id: principal.userId,
    email: principal.email,
    full_name: principal.fullName,
    is_system_admin: principal.isSystemAdmin,
    is_super_admin: principal.isSuperAdmin,
    is_agency_user: principal.isAgencyUser,
    is_tenant_user: memberships.length > 0,
    // Permissions of the default tenant, the one requests without X-Tenant-Id work on.
    permissions: effectivePermissions(principal, memberships[0] ?? null),
    accessible_tenant_ids: accessibleTenantIds(principal, memberships),
    tenant_info: memberships.map(({ tenant_id, tenant_name, role, plan, time_zone }) => ({
      tenant_id,
      tenant_name,
      role,
      plan,
      time_zone,
    })),
  };
}
