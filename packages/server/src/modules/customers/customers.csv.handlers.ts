import { todayIn } from '@tsumiki/api-client';
import type { components } from '@tsumiki/api-client/schema';
import { compactLocalDate, tenantTimeZone } from '../../platform/access/time-zone';
import { contentDisposition } from '../../platform/http/downloads';
import { componentValidator } from '../../platform/http/request-validation';
import type { ModuleHandlers } from '../../platform/http/typed-handlers';
import type { ModuleDependencies } from '../module';
import { customersToCsv } from './customers.csv';
import { duplicatesOfListedRows } from './customers.csv-duplicates';
import { importCustomers } from './customers.csv-rows';
import { checkRowShape } from './customers.import-rows';
import { exportCustomers } from './customers.list.service';
import type { CustomerFields } from './customers.service';

type Schemas = components['schemas'];

/** The customers' CSV: the export (UTF-8 or Shift_JIS for Excel) and the import, checked row by row. */
export function customersCsvHandlers({ document, events }: Pick<ModuleDependencies, 'document' | 'events'>) {
  // Import rows are checked one by one with the contract's own CustomerInput.
  const validateCustomerInput = componentValidator(document, 'CustomerInput');

  return {
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
      const today = todayIn(await tenantTimeZone(tx));
      const rows = body.rows.map((row) => checkRowShape(validateCustomerInput, row, today));
      const results = await importCustomers(tx, principal.userId, rows, dryRun);
      // The check runs on a dry run only: once saved, the rows would be their own duplicates.
      const duplicates =
        dryRun && body.check_duplicates
          ? await duplicatesOfListedRows(
              tx,
              results.flatMap((result, index) =>
                result.status === 'valid'
                  ? [{ row: result.row, fields: rows[index]?.fields as CustomerFields }]
                  : [],
              ),
            )
          : null;
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
        ...(duplicates ? { duplicates: duplicates.size } : {}),
        rows: results.map((result) => ({
          row: result.row,
          status: result.status,
          errors: result.errors,
          customer_id: result.customerId,
          ...(duplicates ? { duplicate: duplicates.get(result.row) ?? null } : {}),
        })),
      };
      return { status: 200, body: summary };
    },
  } satisfies ModuleHandlers;
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
