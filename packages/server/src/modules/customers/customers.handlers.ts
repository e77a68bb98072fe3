import type { components } from '@tsumiki/api-client/schema';
import { compactLocalDate, tenantTimeZone } from '../../platform/access/time-zone';
import { contentDisposition } from '../../platform/http/downloads';
import { componentValidator } from '../../platform/http/openapi';
import type { ModuleHandlers } from '../../platform/http/typed-handlers';
import { toValidationIssues } from '../../platform/http/validation-messages';
import { personName } from '../../platform/text/person-name';
import type { ModuleDependencies } from '../module';
import { customersToCsv } from './customers.csv';
import { toCustomer } from './customers.mapper';
import {
  type CustomerFields,
  type CustomerView,
  createCustomer,
  deleteCustomer,
  exportCustomers,
  getCustomer,
  importCustomers,
  listAssignees,
  listCustomers,
  restoreCustomer,
  updateCustomer,
} from './customers.service';
import { listTrash, purgeAt, purgeCustomer, purgeExpiredTrash } from './customers.trash';

type Schemas = components['schemas'];

/**
 * Customers: list, one, create, update (optimistic), soft delete, the trash (restore, erase now,
 * erased after 30 days by a nightly job), assignees, CSV.
 */
export function customersHandlers({ db, document, events, jobs, log, sessions }: ModuleDependencies) {
  // Import rows are checked one by one with the contract's own CustomerInput.
  const validateCustomerInput = componentValidator(document, 'CustomerInput');
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

    async getCustomer({ params }, { tx }) {
      return { status: 200, body: toCustomer(await getCustomer(tx, params.id)) };
    },

    async createCustomer({ body }, { tx, principal }) {
      const customer = await createCustomer(tx, principal.userId, body);
      await events.emit(tx, customerEvent('customer.created', principal.userId, customer));
      return { status: 201, body: toCustomer(customer) };
    },

    async updateCustomer({ params, body }, { tx, principal }) {
      const { version, ...changes } = body;
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

    async exportCustomers({ query }, { tx }) {
      const encoding = query.encoding ?? 'utf-8';
      const timeZone = await tenantTimeZone(tx);
      const batches = exportCustomers(tx, {
        search: query.search,
        companyFilter: query.company_filter,
        sortBy: query.sort_by,
        sortOrder: query.sort_order,
      });
      const chunks: Uint8Array[] = [];
      for await (const chunk of customersToCsv(flatten(batches), encoding, { timeZone })) chunks.push(chunk);
      return {
        status: 200,
        body: Buffer.concat(chunks),
        headers: {
          'content-type': `text/csv; charset=${encoding === 'shift_jis' ? 'Shift_JIS' : 'UTF-8'}`,
          'content-disposition': exportDisposition(encoding, compactLocalDate(new Date(), timeZone)),
        },
      };
    },

    async importCustomers({ body }, { tx, principal }) {
      const dryRun = body.dry_run ?? true;
      const rows = body.rows.map((row) => {
        const candidate = structuredClone(row);
        if (validateCustomerInput(candidate)) return { fields: candidate as CustomerFields, errors: [] };
        return { fields: null, errors: toValidationIssues(validateCustomerInput.errors ?? []) };
      });
      const results = await importCustomers(tx, principal.userId, rows, dryRun);
      const created = results.filter((result) => result.status === 'created').length;
      if (created > 0) {
        // One event for the whole file: nobody wants a notification per row.
        await events.emit(tx, {
          type: 'customer.imported',
          actorId: principal.userId,
          payload: { count: created },
        });
      }
      const summary: Schemas['CustomerImportResult'] = {
        dry_run: dryRun,
        total: results.length,
        valid: results.filter((result) => result.status !== 'invalid').length,
        invalid: results.filter((result) => result.status === 'invalid').length,
        created,
        rows: results.map((result) => ({
          row: result.row,
          status: result.status,
          errors: result.errors,
          customer_id: result.customerId,
        })),
      };
      return { status: 200, body: summary };
    },
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

async function* flatten<T>(batches: AsyncIterable<T[]>): AsyncGenerator<T> {
  for await (const batch of batches) yield* batch;
}

/**
 * The export's file name: 顧客一覧_20261127.csv, and 顧客一覧_20261127_ShiftJIS.csv for the one
 * Excel opens — two names, so that both can sit side by side in the downloads folder, each saying
 * which it is in the menu's own word (UTF-8 is the default and goes without).
 */
function exportDisposition(encoding: 'utf-8' | 'shift_jis', date: string): string {
  const suffix = encoding === 'shift_jis' ? '_ShiftJIS' : '';
  return contentDisposition(`顧客一覧_${date}${suffix}.csv`, `customers-${date}${suffix}.csv`);
}
