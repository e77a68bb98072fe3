import type { DbExecutor } from '../db/database';
import type { Plan, Role, Tenant } from '../db/schema';
import { assertTimeZone } from './time-zone';

export interface Membership {
  tenant_id: string;
  tenant_name: string;
  plan: Plan;
  /** The tenant's IANA time zone. */
  time_zone: string;
  role: Role;
  permissions: string[];
}

/** A new tenant; its time zone (an IANA name, checked here) defaults to Asia/Tokyo. */
export async function insertTenant(
  db: DbExecutor,
  tenant: { id?: string; name: string; plan: Plan; time_zone?: string },
): Promise<Tenant> {
  const values = {
    ...tenant,
    ...(tenant.time_zone === undefined ? {} : { time_zone: assertTimeZone(tenant.time_zone) }),
  };
  return db.insertInto('tenants').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function tenantExists(db: DbExecutor, tenantId: string): Promise<boolean> {
  const row = await db.selectFrom('tenants').select('id').where('id', '=', tenantId).executeTakeFirst();
  return row !== undefined;
}

/** The user's active memberships, oldest first: the first one is the default tenant. */
export async function listActiveMemberships(db: DbExecutor, userId: string): Promise<Membership[]> {
  return db
    .selectFrom('tenant_users')
    .innerJoin('tenants', 'tenants.id', 'tenant_users.tenant_id')
    .select([
      'tenant_users.tenant_id',
      'tenants.name as tenant_name',
      'tenants.plan',
      'tenants.time_zone',
      'tenant_users.role',
      'tenant_users.permissions',
    ])
    .where('tenant_users.user_id', '=', userId)
    .where('tenant_users.status', '=', 'active')
    .orderBy('tenant_users.created_at')
    .orderBy('tenant_users.tenant_id')
    .execute();
}

export async function insertMembership(
  db: DbExecutor,
  membership: {
    tenant_id: string;
    user_id: string;
    role: Role;
    permissions: string[];
    status?: 'active' | 'inactive';
    created_at?: Date;
  },
): Promise<void> {
  await db.insertInto('tenant_users').values(membership).execute();
}
