import { permissionTest } from '../../platform/access/access';
import { compactLocalDate, tenantTimeZone } from '../../platform/access/time-zone';
import { contentDisposition } from '../../platform/http/downloads';
import { componentValidator } from '../../platform/http/request-validation';
import type { ModuleHandlers } from '../../platform/http/typed-handlers';
import { tableToCsv } from '../../platform/text/csv-file';
import type { ModuleDependencies } from '../module';
import {
  cancelCustomerImport,
  chooseCustomerImportDuplicates,
  getCustomerImport,
  type ImportErrorLine,
  importErrorColumn,
  importErrorLines,
  listCustomerImports,
  listImportDuplicates,
  startCustomerImport,
  toCustomerImportJob,
} from './customers.import';
import { workCustomerImports } from './customers.import-job';
import { IMPORT_RETENTION_DAYS, pruneExpiredImports } from './customers.import-retention';
import { PATIENT_NUMBER_PERMISSION } from './customers.service';

/** The background import of a customers CSV: start (upload), progress, recent ones, cancel, error report. */
export function customerImportHandlers(
  dependencies: Pick<ModuleDependencies, 'db' | 'document' | 'events' | 'files' | 'jobs' | 'log'>,
) {
  const { files, jobs } = dependencies;
  workCustomerImports(jobs, {
    db: dependencies.db,
    files,
    events: dependencies.events,
    validate: componentValidator(dependencies.document, 'CustomerInput'),
    log: dependencies.log,
  });
  jobs.work('customers.imports-prune', async () => {
    const removed = await pruneExpiredImports(dependencies.db, jobs, new Date());
    if (removed > 0)
      dependencies.log?.info(
        `${IMPORT_RETENTION_DAYS} 日を過ぎた顧客の取り込み ${removed} 件（ファイルとエラーの一覧）を削除しました`,
      );
  });
  // At night in Japan, after the trash's purge.
  jobs.schedule('customers.imports-prune', '27 3 * * *');

  return {
    async startCustomerImport({ body }, { tx, principal, tenant }) {
      const row = await startCustomerImport(
        tx,
        { files, jobs },
        {
          userId: principal.userId,
          maySetPatientNumber: permissionTest(principal, tenant)(PATIENT_NUMBER_PERMISSION),
        },
        body,
      );
      return { status: 202, body: toCustomerImportJob(row) };
    },

    async listCustomerImports(_input, { tx }) {
      return { status: 200, body: { imports: (await listCustomerImports(tx)).map(toCustomerImportJob) } };
    },

    async getCustomerImport({ params }, { tx }) {
      return { status: 200, body: toCustomerImportJob(await getCustomerImport(tx, params.id)) };
    },

    async cancelCustomerImport({ params }, { tx }) {
      return { status: 200, body: toCustomerImportJob(await cancelCustomerImport(tx, params.id)) };
    },

    async listCustomerImportDuplicates({ params }, { tx }) {
      return { status: 200, body: await listImportDuplicates(tx, params.id) };
    },

    async chooseCustomerImportDuplicates({ params, body }, { tx }) {
      const row = await chooseCustomerImportDuplicates(tx, jobs, params.id, body.duplicates);
      return { status: 200, body: toCustomerImportJob(row) };
    },

    async downloadCustomerImportErrors({ params }, { tx }) {
      const row = await getCustomerImport(tx, params.id);
      const chunks: Uint8Array[] = [];
      const columns = [
        { header: '行番号', cell: (line: ImportErrorLine) => String(line.row_number) },
        { header: '項目', cell: (line: ImportErrorLine) => importErrorColumn(line.field) },
        { header: '理由', cell: (line: ImportErrorLine) => line.message },
      ];
      for await (const chunk of tableToCsv(importErrorLines(tx, row.id), columns, 'utf-8'))
        chunks.push(chunk);
      const date = compactLocalDate(new Date(), await tenantTimeZone(tx));
      return {
        status: 200,
        body: Buffer.concat(chunks),
        headers: {
          'content-type': 'text/csv; charset=UTF-8',
          'content-disposition': contentDisposition(
            `取り込みエラー_${date}.csv`,
            `customer-import-errors-${date}.csv`,
          ),
        },
      };
    },
  } satisfies ModuleHandlers;
}
