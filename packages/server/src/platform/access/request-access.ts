import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Plan, Role } from '../db/schema';
import { NotTenantUserError, TenantNotAccessibleError } from '../errors';
import type { Principal, TenantAccess } from './access';
import type { AccessContextCache } from './access-context-cache';
import { defaultFeatureSwitch } from './features';
import type { MfaPolicy } from './mfa-policy';
import type { Membership } from './tenants.repository';

/** Everything the access checks of one tenant-scoped request need, read in one round trip. */
export interface RequestAccess {
  principal: Principal;
  memberships: Membership[];
  /** Stored feature switches, keyed `tenantId:feature`. */
  featureSwitches: ReadonlyMap<string, boolean>;
  /** Whether the requested tenant exists (for system admins from outside it). */
  requestedTenantExists: boolean;
  /** The session's assurance level (aal2: a second factor verified in it). */
  aal: 'aal1' | 'aal2';
  /** The two-factor policy of each tenant of the memberships and of the requested one. */
  mfaPolicies: ReadonlyMap<string, MfaPolicy>;
}

interface AccessRow {
  id: string;
  email: string;
  full_name: string | null;
  is_system_admin: boolean;
  is_super_admin: boolean;
  is_agency_user: boolean;
  memberships: Array<{
    tenant_id: string;
    tenant_name: string;
    plan: Plan;
    time_zone: string;
    role: Role;
    permissions: string[];
  }>;
  feature_switches: Record<string, boolean>;
  requested_tenant_exists: boolean;
  aal: 'aal1' | 'aal2';
  mfa_policies: Record<string, MfaPolicy>;
  /** When the session ends (ms since the epoch): a cached context never outlives it. */
  not_after_ms: string;
}

/**
 * The live session and its user, the user's active memberships, the stored feature switches of
 * those tenants (and of the requested one) — one query, so that authentication, tenant choice,
 * x-feature and x-permission of a request cost one round trip, or none when `cache` (the
 * process's, access-context-cache.ts) has it. Undefined when the session is revoked,
 * expired or not the token's user's.
 */
export async function loadRequestAccess(
  db: Db,
  claims: { userId: string; sessionId: string },
  requestedTenantId: string | undefined,
  cache?: AccessContextCache,
): Promise<RequestAccess | undefined> {
  if (!cache) return (await readRequestAccess(db, claims, requestedTenantId))?.access;
  return cache.load(claims.sessionId, claims.userId, requestedTenantId, () =>
    readRequestAccess(db, claims, requestedTenantId),
  );
}

async function readRequestAccess(
  db: Db,
  claims: { userId: string; sessionId: string },
  requestedTenantId: string | undefined,
): Promise<{ access: RequestAccess; sessionEndsAt: number } | undefined> {
  const requested = requestedTenantId ?? null;
  const { rows } = await sql<AccessRow>`
    select u.id, u.email, u.full_name, u.is_system_admin, u.is_super_admin, u.is_agency_user,
      coalesce((
        select json_agg(json_build_object(
          'tenant_id', m.tenant_id, 'tenant_name', t.name, 'plan', t.plan, 'time_zone', t.time_zone,
          'role', m.role, 'permissions', m.permissions
        ) order by m.created_at, m.tenant_id)
        from tenant_users m join tenants t on t.id = m.tenant_id
        where m.user_id = u.id and m.status = 'active'
      ), '[]') as memberships,
      coalesce((
        select json_object_agg(f.tenant_id || ':' || f.feature, f.enabled)
        from tenant_features f
        where f.tenant_id = ${requested}::uuid
           or f.tenant_id in (select m.tenant_id from tenant_users m where m.user_id = u.id and m.status = 'active')
      ), '{}') as feature_switches,
      (${requested}::uuid is not null and exists (select 1 from tenants where id = ${requested}::uuid))
        as requested_tenant_exists,
      s.aal,
      coalesce((
        select json_object_agg(t.id, t.mfa_policy) from tenants t
        where t.id = ${requested}::uuid
           or t.id in (select m.tenant_id from tenant_users m where m.user_id = u.id and m.status = 'active')
      ), '{}') as mfa_policies,
      floor(extract(epoch from s.not_after) * 1000)::bigint as not_after_ms
    from auth_sessions s join users u on u.id = s.user_id
    where s.id = ${claims.sessionId} and s.user_id = ${claims.userId}
      and s.revoked_at is null and s.not_after > now()
  `.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  const access: RequestAccess = {
    principal: {
      userId: row.id,
      email: row.email,
      fullName: row.full_name,
      sessionId: claims.sessionId,
      isSystemAdmin: row.is_system_admin,
      isSuperAdmin: row.is_super_admin,
      isAgencyUser: row.is_agency_user,
    },
    memberships: row.memberships,
    featureSwitches: new Map(Object.entries(row.feature_switches)),
    requestedTenantExists: row.requested_tenant_exists,
    aal: row.aal,
    mfaPolicies: new Map(Object.entries(row.mfa_policies)),
  };
  return { access, sessionEndsAt: Number(row.not_after_ms) };
}

/**
 * The tenant of a request: the requested one if the caller may access it, else the caller's
 * first tenant. System admins may work on any existing tenant.
 */
export function chooseTenant(access: RequestAccess, requestedTenantId: string | undefined): TenantAccess {
  const { principal, memberships } = access;
  if (requestedTenantId === undefined) {
    const first = memberships[0];
    if (first) return { tenantId: first.tenant_id, membership: first };
    if (principal.isSystemAdmin) {
      throw new TenantNotAccessibleError(null, '操作するテナントを X-Tenant-Id で指定してください。');
    }
    throw new NotTenantUserError();
  }
  const membership = memberships.find((candidate) => candidate.tenant_id === requestedTenantId) ?? null;
  if (membership) return { tenantId: requestedTenantId, membership };
  if (principal.isSystemAdmin && access.requestedTenantExists) {
    return { tenantId: requestedTenantId, membership: null };
  }
  if (memberships.length === 0 && !principal.isSystemAdmin) throw new NotTenantUserError();
  throw new TenantNotAccessibleError(requestedTenantId);
}

/** The tenant's two-factor policy as the request's query read it ('off' if unknown). */
export function mfaPolicyOf(access: RequestAccess, tenantId: string): MfaPolicy {
  return access.mfaPolicies.get(tenantId) ?? 'off';
}

/** The stored switch where there is one, else the product's default (SPEC §4). */
export function isFeatureOn(access: RequestAccess, tenantId: string, feature: string): boolean {
  return access.featureSwitches.get(`${tenantId}:${feature}`) ?? defaultFeatureSwitch(feature);
}
