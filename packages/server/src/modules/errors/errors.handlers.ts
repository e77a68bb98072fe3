import type { ModuleHandlers } from '../../platform/http/typed-handlers';
import type { ModuleDependencies } from '../module';
import { ErrorReports } from './errors.service';

/**
 * Client error reports (SPEC 3, 8 and 9): callable signed out (a crash on the login page must be
 * reportable), attributed to the user and the X-Tenant-Id tenant when signed in. The route layer
 * has checked the token and the tenant (401/403) and the body against the contract (422/413).
 */
export function errorsHandlers({ db, log }: ModuleDependencies) {
  const reports = new ErrorReports({ db, log });
  return {
    async reportClientError({ body }, context) {
      const accepted = await reports.receive([body], context, () => '');
      return { status: 202, body: { accepted } };
    },

    async reportClientErrors({ body }, context) {
      const accepted = await reports.receive(body.reports, context, (index) => `reports.${index}.`);
      return { status: 202, body: { accepted } };
    },
  } satisfies ModuleHandlers;
}
