import type { ModuleHandlers } from '../../platform/http/typed-handlers';
import type { ModuleDependencies } from '../module';
import { dismissDuplicate, findDraftDuplicates, findDuplicatePairs } from './customers.duplicates';
import { toCustomer } from './customers.mapper';
import { mergeCustomers, undoCustomerMerge } from './customers.merge';
import { finalizeExpiredMerges } from './customers.merge-final';
import { listRecentMerges } from './customers.merge-list';
import { CustomerNotFoundError } from './customers.service';

/**
 * 名寄せ: the registration form's duplicate check, the 重複の候補 screen's pairs and dismissals,
 * merging two customers, the recent merges and undoing one, the nightly job that makes a merge
 * final after 30 days (the access log's rows come from the contract's
 * x-access-log). Who acted is recorded when they are a member of the tenant.
 */
export function customersDuplicateHandlers({
  db,
  jobs,
  log,
  sessions,
}: Pick<ModuleDependencies, 'db' | 'jobs' | 'log' | 'sessions'>) {
  jobs.work('customers.merges-finalize', async () => {
    const finalized = await finalizeExpiredMerges(db, sessions.now());
    if (finalized > 0) log?.info(`30 日を過ぎた統合 ${finalized} 件を確定しました`);
  });
  // At night in Japan, after the trash's purge (3:17), the imports' prune (3:27) and the access
  // log's (3:37): one nightly job at a time.
  jobs.schedule('customers.merges-finalize', '47 3 * * *');

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

    async listCustomerMerges({ query }, { tx }) {
      const page = await listRecentMerges(
        tx,
        { skip: query.skip ?? 0, limit: query.limit ?? 20 },
        sessions.now(),
      );
      return { status: 200, body: page };
    },

    async undoCustomerMerge({ params }, { tx, principal, tenant }) {
      const actor = tenant.membership ? principal.userId : null;
      const customer = await undoCustomerMerge(tx, actor, params.id, sessions.now());
      return { status: 200, body: toCustomer(customer) };
    },
  } satisfies ModuleHandlers;
}
