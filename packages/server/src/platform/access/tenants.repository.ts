import { USER_ADMINISTRATION_PERMISSION } from '@tsumiki/api-client';
import { sql } from 'kysely';
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

/** The user's membership of one tenant, whatever its status, or undefined. */
export async function findMembership(
  db: DbExecutor,
  tenantId: string,
  userId: string,
): Promise<{ role: Role; status: 'active' | 'inactive' } | undefined> {
  return db
    .selectFrom('tenant_users')
    .select(['role', 'status'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Whether the account with this (normalised) email belongs to the tenant, whatever the status. */
export async function isMemberByEmail(db: DbExecutor, tenantId: string, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('tenant_users as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('m.user_id')
    .where('m.tenant_id', '=', tenantId)
    .where('u.email', '=', email)
    .executeTakeFirst();
  return row !== undefined;
}

/** What a tenant calls itself and the zone its days are in (for what it sends people). */
export async function findTenantProfile(
  db: DbExecutor,
  tenantId: string,
): Promise<{ name: string; time_zone: string } | undefined> {
  return db.selectFrom('tenants').select(['name', 'time_zone']).where('id', '=', tenantId).executeTakeFirst();
}

export async function findTenantName(db: DbExecutor, tenantId: string): Promise<string | undefined> {
  const row = await db.selectFrom('tenants').select('name').where('id', '=', tenantId).executeTakeFirst();
  return row?.name;
}

/**
 * The tenant's active administrators, oldest id first. With `userAdministrators`, only those
 * who also hold tenant_users.write: the people who can still manage the tenant's users. With
 * `lock`, their rows stay locked until the transaction ends: of two concurrent changes that would
 * each leave one, the second waits for the first and then no longer counts what it changed.
 */
export async function listActiveAdminIds(
  db: DbExecutor,
  tenantId: string,
  options: { lock?: boolean; userAdministrators?: boolean } = {},
): Promise<string[]> {
  let query = db
    .selectFrom('tenant_users')
    .select('user_id')
    .where('tenant_id', '=', tenantId)
    .where('role', '=', 'admin')
    .where('status', '=', 'active')
    .orderBy('user_id');
  if (options.userAdministrators) {
    query = query.where(sql<boolean>`${USER_ADMINISTRATION_PERMISSION} = any(permissions)`);
  }
  if (options.lock) query = query.forUpdate();
  const rows = await query.execute();
  return rows.map((row) => row.user_id);
}
