import type { ModuleHandlers } from '../../platform/http/typed-handlers';
import type { ModuleDependencies } from '../module';
import { toStaffMember } from './staff.mapper';
import { createStaff, deleteStaff, getStaff, listStaff, searchStaff, updateStaff } from './staff.service';

/** The staff roster: list and search, one, create, update (null clears), soft delete. */
export function staffHandlers(_dependencies: ModuleDependencies) {
  return {
    async listStaff({ query }, { tx }) {
      const { total, staff } = await listStaff(tx, {
        skip: query.skip,
        limit: query.limit,
        search: query.search,
        department: query.department,
        status: query.status,
        sortBy: query.sort_by,
        sortOrder: query.sort_order,
      });
      return { status: 200, body: { total, staff: staff.map(toStaffMember) } };
    },

    async searchStaff({ query }, { tx }) {
      const { total, staff } = await searchStaff(tx, query.query, query.limit);
      return { status: 200, body: { total, staff: staff.map(toStaffMember) } };
    },

    async getStaff({ params }, { tx }) {
      return { status: 200, body: toStaffMember(await getStaff(tx, params.id)) };
    },

    async createStaff({ body }, { tx, principal }) {
      return { status: 201, body: toStaffMember(await createStaff(tx, principal.userId, body)) };
    },

    async updateStaff({ params, body }, { tx, principal }) {
      return { status: 200, body: toStaffMember(await updateStaff(tx, principal.userId, params.id, body)) };
    },

    async deleteStaff({ params }, { tx, principal }) {
      await deleteStaff(tx, principal.userId, params.id);
      return { status: 204, body: undefined };
    },
  } satisfies ModuleHandlers;
}
