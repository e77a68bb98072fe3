import { describeCurrentUser } from '../../platform/access/access';
import type { ModuleHandlers } from '../../platform/http/typed-handlers';
import type { ModuleDependencies } from '../module';

/** The signed-in user as the client sees it (tenant-me). */
export function authHandlers({ db }: ModuleDependencies) {
  return {
    async getTenantMe(_input, context) {
      const { user, mfa } = await describeCurrentUser(db, context.principal);
      return { status: 200, body: { success: true, user, mfa } };
    },
  } satisfies ModuleHandlers;
}
