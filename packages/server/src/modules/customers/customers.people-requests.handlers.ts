import { type Principal, permissionTest, type TenantAccess } from '../../platform/access/access';
import { compactLocalDate } from '../../platform/access/time-zone';
import { contentDisposition } from '../../platform/http/downloads';
import type { ModuleHandlers } from '../../platform/http/typed-handlers';
import type { ModuleDependencies } from '../module';
import { buildDisclosure } from './customers.disclosure';
import { toCustomer } from './customers.mapper';
import { eraseCustomer, liftCustomerUseStop, stopCustomerUse } from './customers.people-requests';
import { getCustomer } from './customers.service';

/**
 * A person's own requests (開示・利用停止・消去), for those with privacy.manage (x-permission):
 * the disclosure ZIP, stopping and lifting the use of a customer, and erasure.
 */
export function customersPeopleRequestHandlers({
  sessions,
  files,
  jobs,
  textIndex,
}: Pick<ModuleDependencies, 'sessions' | 'files' | 'jobs' | 'textIndex'>) {
  return {
    async downloadCustomerDisclosure({ params }, { tx, principal }) {
      const now = sessions.now();
      const disclosure = await buildDisclosure(
        tx,
        files,
        params.id,
        principal.fullName?.trim() || principal.email,
        now,
      );
      const date = compactLocalDate(now, disclosure.timeZone);
      return {
        status: 200,
        body: disclosure.zip,
        headers: {
          'content-type': 'application/zip',
          'content-disposition': contentDisposition(
            `開示データ_${disclosure.customerName}_${date}.zip`,
            `disclosure-${params.id}-${date}.zip`,
          ),
        },
      };
    },

    async stopCustomerUse({ params, body }, { tx, principal }) {
      await stopCustomerUse(tx, principal.userId, params.id, body.reason);
      return { status: 200, body: toCustomer(await getCustomer(tx, params.id, { withStopped: true })) };
    },

    async liftCustomerUseStop({ params }, { tx }) {
      await liftCustomerUseStop(tx, params.id);
      return { status: 200, body: toCustomer(await getCustomer(tx, params.id, { withStopped: true })) };
    },

    async eraseCustomer({ params, body }, { tx, principal }) {
      const result = await eraseCustomer(tx, { jobs, textIndex }, principal.userId, params.id, {
        confirmName: body.confirm_name,
        reason: body.reason,
      });
      return {
        status: 200,
        body: {
          customer_id: params.id,
          erased_at: result.erasedAt.toISOString(),
          reason: body.reason.trim(),
          interactions_removed: result.interactions,
          research_reports_removed: result.researchReports,
          documents_removed: result.documents,
        },
      };
    },
  } satisfies ModuleHandlers;
}

/** Whether the caller may open a stopped customer's record (those who handle people's requests). */
export function canSeeStoppedCustomers(context: { principal: Principal; tenant: TenantAccess }): boolean {
  return permissionTest(context.principal, context.tenant)('privacy.manage');
}
