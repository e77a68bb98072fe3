import type { ModuleHandlers } from '../../platform/http/typed-handlers';
import type { ModuleDependencies } from '../module';
import { dismissDuplicate, findDraftDuplicates, findDuplicatePairs } from './customers.duplicates';
import { toCustomer } from './customers.mapper';
import { mergeCustomers, undoCustomerMerge } from './customers.merge';
import { CustomerNotFoundError } from './customers.service';

/**
 * 名寄せ: the registration form's duplicate check, the 重複の候補 screen's pairs and dismissals,
 * merging two customers and undoing it (the access log's rows come from the contract's
 * x-access-log). Who acted is recorded when they are a member of the tenant.
 */
export function customersDuplicateHandlers({ sessions }: Pick<ModuleDependencies, 'sessions'>) {
  return {
    async checkCustomerDuplicates({ body }, { tx }) {
      return { status: 200, body: { candidates: await findDraftDuplicates(tx, body) } };
    },

    async listCustomerDuplicates({ query }, { tx }) {
      const page = await findDuplicatePairs(tx, { skip: query.skip ?? 0, limit: query.limit ?? 20 });
      return { status: 200, body: page };
    },

    async dismissCustomerDuplicate({ params, body }, { tx, principal, tenant }) {
      const actor = tenant.membership ? principal.userId : null;
      if (!(await dismissDuplicate(tx, actor, params.id, body.other_id))) throw new CustomerNotFoundError();
      return { status: 204, body: undefined };
    },

    async mergeCustomers({ params, body }, { tx, principal, tenant }) {
      const actor = tenant.membership ? principal.userId : null;
      const { merge, customer } = await mergeCustomers(tx, actor, params.id, body.merged_id, body.keep);
      return { status: 200, body: { merge, customer: toCustomer(customer) } };
    },

    async undoCustomerMerge({ params }, { tx, principal, tenant }) {
      const actor = tenant.membership ? principal.userId : null;
      const customer = await undoCustomerMerge(tx, actor, params.id, sessions.now());
      return { status: 200, body: toCustomer(customer) };
    },
  } satisfies ModuleHandlers;
}
