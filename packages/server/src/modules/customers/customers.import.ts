import { fieldLabels } from '@tsumiki/api-client';
import type { components } from '@tsumiki/api-client/schema';
import { sql } from 'kysely';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { AppError, NotFoundError, ValidationFailedError, type ValidationIssue } from '../../platform/errors';
import { acceptUpload } from '../../platform/files/accept-upload';
import { lockStoredFile } from '../../platform/files/file-removal';
import type { FileStorage } from '../../platform/files/storage';
import { formField, type MultipartBody, type UploadedFile } from '../../platform/files/uploads';
import type { JobQueue } from '../../platform/jobs/jobs';
import type { DuplicateReason } from './customers.duplicates';
import type { CustomerImportDuplicateChoice, CustomerImportRow } from './customers.import.tables';

/**
 * The customers CSV import's records (customer_imports, migration 0031): started by an upload
 * (the file kept in the files platform, the job queued in the same transaction), read for the
 * progress bar, cancelled, and its error report. The job itself is customers.import-job.ts.
 */

export type CustomerImportJob = components['schemas']['CustomerImportJob'];

const RECENT = 20;

export function toCustomerImportJob(row: CustomerImportRow): CustomerImportJob {
  return {
    id: row.id,
    file_name: row.file_name,
    status: row.status,
    encoding: row.encoding,
    total_rows: row.total_rows,
    processed_rows: row.processed_rows,
    imported_rows: row.imported_rows,
    failed_rows: row.failed_rows,
    duplicate_rows: row.duplicate_rows,
    duplicate_choice: row.duplicate_choice,
    skipped_rows: row.skipped_rows,
    error: row.error,
    created_at: row.created_at.toISOString(),
    started_at: row.started_at?.toISOString() ?? null,
    finished_at: row.finished_at?.toISOString() ?? null,
  };
}

function notFound(): NotFoundError {
  return new NotFoundError('customer_import', { message: '取り込みが見つかりません。' });
}

export async function findCustomerImport(
  tx: TenantTransaction,
  id: string,
  options: { lock?: boolean } = {},
): Promise<CustomerImportRow | undefined> {
  const query = tx
    .selectFrom('customer_imports')
    .selectAll()
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', id);
  return (options.lock ? query.forUpdate() : query).executeTakeFirst();
}

export async function getCustomerImport(tx: TenantTransaction, id: string): Promise<CustomerImportRow> {
  const row = await findCustomerImport(tx, id);
  if (!row) throw notFound();
  return row;
}

export async function listCustomerImports(tx: TenantTransaction): Promise<CustomerImportRow[]> {
  return tx
    .selectFrom('customer_imports')
    .selectAll()
    .where('tenant_id', '=', tx.tenantId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(RECENT)
    .execute();
}

/** Keeps the uploaded CSV and queues its import (one transaction: no job without its record). */
export async function startCustomerImport(
  tx: TenantTransaction,
  services: { files: FileStorage; jobs: JobQueue },
  actor: { userId: string; maySetPatientNumber: boolean },
  body: MultipartBody,
): Promise<CustomerImportRow> {
  const files = body.files.filter((file) => file.field === 'file');
  if (files.length !== 1 || body.files.length !== 1) {
    throw new ValidationFailedError([{ field: 'file', message: 'CSV ファイルを 1 つ選んでください' }]);
  }
  const issues: ValidationIssue[] = [];
  const check = formField(body, 'check_duplicates', '重複の確認', issues);
  if (check !== undefined && check !== 'true' && check !== 'false') {
    issues.push({ field: 'check_duplicates', message: 'true か false を指定してください' });
  }
  if (issues.length > 0) throw new ValidationFailedError(issues);
  const upload = files[0] as UploadedFile;
  await lockStoredFile(tx, upload.staged.sha256);
  const accepted = await acceptUpload(services.files, tx.tenantId, upload, new Set(['csv', 'text']));
  if (!accepted.ok) {
    throw new AppError(accepted.code, {
      message: accepted.code === 'FILE_002' ? 'CSV ファイル（.csv）を選んでください。' : accepted.message,
      context: { file_name: upload.fileName },
    });
  }
  const row = await tx
    .insertInto('customer_imports')
    .values({
      tenant_id: tx.tenantId,
      file_name: upload.fileName === '' ? '顧客.csv' : upload.fileName,
      storage_key: accepted.key,
      size_bytes: accepted.size,
      may_set_patient_number: actor.maySetPatientNumber,
      ...(check === 'true' ? { status: 'scanning' as const } : {}),
      created_by: actor.userId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await services.jobs.sendInTransaction(tx, 'customers.import', { tenantId: tx.tenantId, importId: row.id });
  return row;
}

/** Stops a queued or running import (the job stops before its next batch); a finished one is returned as is. */
export async function cancelCustomerImport(tx: TenantTransaction, id: string): Promise<CustomerImportRow> {
  await tx
    .updateTable('customer_imports')
    .set({ status: 'cancelled', finished_at: new Date(), updated_at: new Date() })
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', id)
    .where('status', 'in', ['scanning', 'awaiting_choice', 'queued', 'running'])
    .execute();
  return getCustomerImport(tx, id);
}

/**
 * Applies the choice for the rows that may be duplicates and queues the import (the job skips
 * them or not); an import that is not waiting for the choice is returned as is.
 */
export async function chooseCustomerImportDuplicates(
  tx: TenantTransaction,
  jobs: JobQueue,
  id: string,
  choice: CustomerImportDuplicateChoice,
): Promise<CustomerImportRow> {
  const updated = await tx
    .updateTable('customer_imports')
    .set({ status: 'queued', duplicate_choice: choice, updated_at: new Date() })
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', id)
    .where('status', '=', 'awaiting_choice')
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) {
    await jobs.sendInTransaction(tx, 'customers.import', { tenantId: tx.tenantId, importId: id });
  }
  return getCustomerImport(tx, id);
}

/** The most rows of the check the screen is sent (the contract's maxItems). */
const DUPLICATES_SHOWN = 200;

/** The rows the check found, in row order, with the customer each may be. */
export async function listImportDuplicates(
  tx: TenantTransaction,
  id: string,
): Promise<components['schemas']['CustomerImportDuplicateList']> {
  const row = await getCustomerImport(tx, id);
  const found = await tx
    .selectFrom('customer_import_duplicates as d')
    .leftJoin('customers as c', (join) =>
      join.onRef('c.tenant_id', '=', 'd.tenant_id').onRef('c.id', '=', 'd.existing_id'),
    )
    .select([
      'd.row_number',
      'd.last_name',
      'd.first_name',
      'd.reasons',
      'd.same_as_row',
      'c.id',
      'c.last_name as c_last_name',
      'c.first_name as c_first_name',
      'c.last_name_kana',
      'c.first_name_kana',
      'c.patient_number',
      sql<string | null>`to_char(c.birth_date, 'YYYY-MM-DD')`.as('birth_date'),
      'c.phone',
      'c.email',
    ])
    .where('d.tenant_id', '=', tx.tenantId)
    .where('d.import_id', '=', row.id)
    .orderBy('d.row_number')
    .limit(DUPLICATES_SHOWN)
    .execute();
  return {
    total: row.duplicate_rows ?? found.length,
    rows: found.map((line) => ({
      row_number: line.row_number,
      last_name: line.last_name,
      first_name: line.first_name,
      reasons: line.reasons as DuplicateReason[],
      same_as_row: line.same_as_row,
      existing:
        line.id === null
          ? null
          : {
              id: line.id,
              last_name: line.c_last_name as string,
              first_name: line.c_first_name as string,
              last_name_kana: line.last_name_kana as string,
              first_name_kana: line.first_name_kana as string,
              patient_number: line.patient_number as string,
              birth_date: line.birth_date,
              phone: line.phone,
              email: line.email,
            },
    })),
  };
}

const ERROR_PAGE = 5000;

/** The label of a field in the error report: the contract's (姓, 生年月日 …); 行全体 for the whole row. */
export function importErrorColumn(field: string): string {
  if (field === '') return '行全体';
  return fieldLabels[field] ?? field;
}

export interface ImportErrorLine {
  row_number: number;
  field: string;
  message: string;
}

/** The error report's lines in row order, read in pages (a file with many bad rows stays in bounds). */
export async function* importErrorLines(tx: TenantTransaction, id: string): AsyncGenerator<ImportErrorLine> {
  await getCustomerImport(tx, id);
  let after: { row: number; position: number } = { row: 0, position: -1 };
  for (;;) {
    const page = await tx
      .selectFrom('customer_import_errors')
      .select(['row_number', 'position', 'field', 'message'])
      .where('tenant_id', '=', tx.tenantId)
      .where('import_id', '=', id)
      .where((eb) =>
        eb.or([
          eb('row_number', '>', after.row),
          eb.and([eb('row_number', '=', after.row), eb('position', '>', after.position)]),
        ]),
      )
      .orderBy('row_number')
      .orderBy('position')
      .limit(ERROR_PAGE)
      .execute();
    yield* page;
    const last = page.at(-1);
    if (!last || page.length < ERROR_PAGE) return;
    after = { row: last.row_number, position: last.position };
  }
}
