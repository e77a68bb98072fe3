import type { Insertable } from 'kysely';
import { withTenant } from '../../platform/db/tenant-scope';
import { fileRowFields, recordImportDuplicates } from './customers.duplicates-import';
import type { CustomerImportKeysTable, CustomerImportRow } from './customers.import.tables';
import { headerProblem, mapHeader, recordToRow } from './customers.import-header';
import type { ImportServices } from './customers.import-job';
import { CsvReadError, readCsvRecords } from './customers.import-read';
import { checkRowShape } from './customers.import-rows';

/** Keys written per insert while the file is read. */
const KEY_BATCH = 1000;

export type ScanOutcome = 'import' | 'wait' | 'stop';

/**
 * The check before an import (status 'scanning'): reads the file as the import does (a stream,
 * one record at a time), keeps the keys of each row the import would accept in
 * customer_import_keys (KEY_BATCH rows per insert), finds the duplicates with one set-based query
 * (customers.duplicates-import.ts), and drops the keys — all in one transaction, so a crash
 * leaves nothing half done and a retried job checks again. Memory is one batch of keys.
 * 'import': nothing found, the import goes on; 'wait': found, a person chooses; 'stop': cancelled.
 */
export async function scanCustomerImport(
  services: ImportServices,
  tenantId: string,
  job: CustomerImportRow,
  today: string,
): Promise<ScanOutcome> {
  return withTenant(services.db, tenantId, async (tx) => {
    const reading = readCsvRecords(await services.files.open(job.storage_key));
    let columns: ReturnType<typeof mapHeader> | null = null;
    let batch: Array<Insertable<CustomerImportKeysTable>> = [];
    let dataRows = 0;
    const flush = async () => {
      if (batch.length > 0) await tx.insertInto('customer_import_keys').values(batch).execute();
      batch = [];
    };
    for await (const record of reading.records) {
      if (!columns) {
        columns = mapHeader(record.cells, job.may_set_patient_number);
        const problem = headerProblem(columns);
        if (problem) throw new CsvReadError(problem);
        continue;
      }
      dataRows += 1;
      const check = checkRowShape(services.validate, recordToRow(record.cells, columns), today);
      if (!check.fields) continue;
      batch.push({
        tenant_id: tenantId,
        import_id: job.id,
        ...fileRowFields(record.rowNumber, check.fields),
      });
      if (batch.length >= KEY_BATCH) await flush();
    }
    if (!columns)
      throw new CsvReadError('ファイルが空です。1 行目に見出し、2 行目から顧客を書いてください。');
    await flush();
    const found = await recordImportDuplicates(tx, job.id);
    await tx
      .deleteFrom('customer_import_keys')
      .where('tenant_id', '=', tenantId)
      .where('import_id', '=', job.id)
      .execute();
    const updated = await tx
      .updateTable('customer_imports')
      .set({
        status: found > 0 ? 'awaiting_choice' : 'queued',
        duplicate_rows: found,
        duplicate_choice: found > 0 ? null : 'import',
        encoding: reading.encoding,
        total_rows: dataRows,
        updated_at: new Date(),
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', job.id)
      .where('status', '=', 'scanning')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return 'stop';
    return found > 0 ? 'wait' : 'import';
  });
}
