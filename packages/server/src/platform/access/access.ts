import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Plan, Role } from '../db/schema';
import { NotTenantUserError, PermissionDeniedError } from '../errors';
import { type MfaPolicy, mfaRequired } from './mfa-policy';
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
  /** Whether the tenant's two-factor policy asks it of this user. */
  mfa_required: boolean;
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
export async function describeCurrentUser(
  db: Db,
  principal: Principal,
): Promise<{ user: CurrentUser; mfa: MfaStatus }> {
  const [memberships, session] = await Promise.all([
    listActiveMemberships(db, principal.userId),
    readMfaSession(db, principal),
  ]);
  if (memberships.length === 0 && !principal.isSystemAdmin) throw new NotTenantUserError();
  const tenantInfo = memberships.map(({ tenant_id, tenant_name, role, plan, time_zone }) => ({
    tenant_id,
    tenant_name,
    role,
    plan,
    time_zone,
    mfa_required: mfaRequired(session.policies[tenant_id] ?? 'off', role),
  }));
  const user: CurrentUser = {
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
    tenant_info: tenantInfo,
  };
  return {
    user,
    mfa: {
      required: tenantInfo.some((tenant) => tenant.mfa_required),
      enrolled: session.enrolled,
      level: session.aal,
    },
  };
}

/** What the app needs to lead a person to two-factor sign-in (tenant-me's `mfa`). */
export interface MfaStatus {
  /** Whether the policy of one of their tenants asks it of them. */
  required: boolean;
  /** Whether they have a verified factor. */
  enrolled: boolean;
  /** The session's assurance level. */
  level: 'aal1' | 'aal2';
}

/** The session's level, whether the user has a verified factor, their tenants' policies. */
async function readMfaSession(db: Db, principal: Principal) {
  const { rows } = await sql<{
    aal: 'aal1' | 'aal2';
    enrolled: boolean;
    policies: Record<string, MfaPolicy>;
  }>`
    select s.aal, tsumiki_mfa_enrolled(s.user_id) as enrolled,
      coalesce((
        select json_object_agg(t.id, t.mfa_policy)
        from tenant_users m join tenants t on t.id = m.tenant_id
        where m.user_id = s.user_id and m.status = 'active'
      ), '{}') as policies
    from auth_sessions s where s.id = ${principal.sessionId} and s.user_id = ${principal.userId}
  `.execute(db);
  return rows[0] ?? { aal: 'aal1' as const, enrolled: false, policies: {} };
}
