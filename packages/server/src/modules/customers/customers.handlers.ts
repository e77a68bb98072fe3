import { assertPermission } from '../../platform/access/access';
import type { ModuleHandlers } from '../../platform/http/typed-handlers';
import { personName } from '../../platform/text/person-name';
import type { ModuleDependencies } from '../module';
import { customersCsvHandlers } from './customers.csv.handlers';
import { customersDuplicateHandlers } from './customers.duplicates.handlers';
import { customerImportHandlers } from './customers.import.handlers';
import { listAssignees, listCustomers } from './customers.list.service';
import { toCustomer } from './customers.mapper';
import { patientNumberSettingsHandlers } from './customers.numbering.handlers';
import { canSeeStoppedCustomers, customersPeopleRequestHandlers } from './customers.people-requests.handlers';
import {
  type CustomerView,
  createCustomer,
  deleteCustomer,
  getCustomer,
  PATIENT_NUMBER_PERMISSION,
  restoreCustomer,
  updateCustomer,
} from './customers.service';
import { listTrash, purgeAt, purgeCustomer, purgeExpiredTrash } from './customers.trash';

/**
 * Customers: list, one, create, update (optimistic), soft delete, the trash (restore, erase now,
 * erased after 30 days by a nightly job), assignees; the CSV export and import are in
 * customers.csv.handlers.ts.
 */
export function customersHandlers({
  db,
  document,
  events,
  files,
  jobs,
  log,
  sessions,
  textIndex,
}: ModuleDependencies) {
  jobs.work('customers.purge', async () => {
    const erased = await purgeExpiredTrash(db, sessions.now());
    if (erased > 0) log?.info(`ゴミ箱に 30 日を過ぎて残っていた顧客 ${erased} 人を消去しました`);
  });
  // At night in Japan, when nobody is restoring anything.
  jobs.schedule('customers.purge', '17 3 * * *');

  return {
    async listCustomers({ query }, { tx }) {
      const { total, totalCapped, customers } = await listCustomers(tx, {
        skip: query.skip,
        limit: query.limit,
        search: query.search,
        companyFilter: query.company_filter,
        kanaRow: query.kana_row,
        sortBy: query.sort_by,
        sortOrder: query.sort_order,
      });
      return {
        status: 200,
        body: { total, total_capped: totalCapped, customers: customers.map(toCustomer) },
      };
    },

    async listDeletedCustomers({ query }, { tx }) {
      const { total, customers } = await listTrash(
        tx,
        { skip: query.skip, limit: query.limit, search: query.search },
        sessions.now(),
      );
      return {
        status: 200,
        body: {
          total,
          customers: customers.map((customer) => ({
            ...customer,
            deleted_at: customer.deleted_at.toISOString(),
            purge_at: purgeAt(customer.deleted_at).toISOString(),
          })),
        },
      };
    },

    async purgeCustomer({ params }, { tx, principal }) {
      const erased = await purgeCustomer(tx, params.id);
      // Nothing of the customer is left but this: who erased whom, and when.
      await events.emit(tx, {
        type: 'customer.purged',
        actorId: principal.userId,
        subjectId: params.id,
        payload: { name: personName(erased.lastName, erased.firstName) },
      });
      return { status: 204, body: undefined };
    },

    async getCustomer({ params }, { tx, principal, tenant }) {
      // A stopped customer is open only to those who handle people's requests (to lift the stop);
      // for everybody else it does not exist, like everywhere else in the product.
      const withStopped = canSeeStoppedCustomers({ principal, tenant });
      return { status: 200, body: toCustomer(await getCustomer(tx, params.id, { withStopped })) };
    },

    async createCustomer({ body }, { tx, principal, tenant }) {
      // A number of one's own choosing is the admins' (the others get the next one).
      if (body.patient_number !== undefined) assertPermission(principal, tenant, PATIENT_NUMBER_PERMISSION);
      const customer = await createCustomer(tx, principal.userId, body);
      await events.emit(tx, customerEvent('customer.created', principal.userId, customer));
      return { status: 201, body: toCustomer(customer) };
    },

    async updateCustomer({ params, body }, { tx, principal, tenant }) {
      const { version, ...changes } = body;
      if (changes.patient_number !== undefined)
        assertPermission(principal, tenant, PATIENT_NUMBER_PERMISSION);
      // The assignee before the save matters only when the save may change it.
      const before = 'assignee_user_id' in changes ? await getCustomer(tx, params.id) : null;
      const customer = await updateCustomer(tx, principal.userId, params.id, version, changes, toCustomer);
      const event = customerEvent('customer.updated', principal.userId, customer);
      await events.emit(tx, {
        ...event,
        payload: {
          ...event.payload,
          assignee_changed: before !== null && before.assignee_user_id !== customer.assignee_user_id,
        },
      });
      return { status: 200, body: toCustomer(customer) };
    },

    async deleteCustomer({ params }, { tx, principal }) {
      const customer = await getCustomer(tx, params.id);
      await deleteCustomer(tx, principal.userId, params.id);
      await events.emit(tx, customerEvent('customer.deleted', principal.userId, customer));
      return { status: 204, body: undefined };
    },

    async restoreCustomer({ params }, { tx, principal }) {
      return { status: 200, body: toCustomer(await restoreCustomer(tx, principal.userId, params.id)) };
    },

    async listCustomerAssignees(_input, { tx }) {
      return { status: 200, body: { assignees: await listAssignees(tx) } };
    },

    ...customersCsvHandlers({ document, events }),
    ...customerImportHandlers({ db, document, events, files, jobs, log }),
    ...patientNumberSettingsHandlers({ events }),
    ...customersPeopleRequestHandlers({ sessions, files, jobs, textIndex }),
    ...customersDuplicateHandlers({ db, jobs, log, sessions }),
  } satisfies ModuleHandlers;
}

/** What listeners of customer events need: the name and the assignee at the time. */
function customerEvent(type: string, actorId: string, customer: CustomerView) {
  return {
    type,
    actorId,
    subjectId: customer.id,
    payload: {
      name: personName(customer.last_name, customer.first_name),
      assignee_user_id: customer.assignee_user_id,
    },
  };
}
