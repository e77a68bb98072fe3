import type { ModuleHandlers } from '../../platform/http/typed-handlers';
import type { ModuleDependencies } from '../module';
import { toTenantUser } from './tenant-users.mapper';
import {
  addTenantUser,
  listTenantUsers,
  resetTenantUserFactors,
  toggleTenantUserStatus,
  updateTenantUser,
} from './tenant-users.service';

/**
 * The tenant's users: list, add (the tenant from the path), role/permissions/name, and
 * enable/disable. The access layer has checked tenant_users.read/write in that tenant.
 */
export function tenantUsersHandlers({ passwordHashCost, sessions, events }: ModuleDependencies) {
  return {
    async listTenantUsers({ query }, { tx }) {
      const { total, users } = await listTenantUsers(tx, query);
      return { status: 200, body: { total, users: users.map(toTenantUser) } };
    },

    async addTenantUser({ body }, { tx }) {
      return { status: 201, body: toTenantUser(await addTenantUser(tx, body, passwordHashCost)) };
    },

    async updateTenantUser({ params, body }, { tx }) {
      return { status: 200, body: toTenantUser(await updateTenantUser(tx, params.id, body)) };
    },

    async toggleTenantUserStatus({ params }, { tx, principal }) {
      const user = await toggleTenantUserStatus(tx, principal, params.id, sessions.now());
      return { status: 200, body: toTenantUser(user) };
    },

    async resetTenantUserFactors({ params }, { tx, principal }) {
      await resetTenantUserFactors(tx, events, principal, params.id, sessions.now());
      return { status: 204, body: undefined };
    },
  } satisfies ModuleHandlers;
}
