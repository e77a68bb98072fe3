import { todayIn } from '@tsumiki/api-client';
import type { ValidateFunction } from 'ajv';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { tenantTimeZone } from '../../platform/access/time-zone';
import type { Db } from '../../platform/db/database';
import { type TenantTransaction, withTenant } from '../../platform/db/tenant-scope';
import type { ValidationIssue } from '../../platform/errors';
import type { DomainEvents } from '../../platform/events/domain-events';
import type { FileStorage } from '../../platform/files/storage';
import type { JobQueue } from '../../platform/jobs/jobs';
import { findCustomerImport } from './customers.import';
import type { CustomerImportRow } from './customers.import.tables';
import { type CsvCustomerColumns, headerProblem, mapHeader, recordToRow } from './customers.import-header';
import { insertCustomerBatch } from './customers.import-insert';
import { CsvReadError, readCsvRecords } from './customers.import-read';
import { checkRowShape } from './customers.import-rows';
import { scanCustomerImport } from './customers.import-scan';
import { duplicateRowsBetween } from './customers.import-skipped';
import { type CustomerFields, normalizeFields } from './customers.service';

/** Rows per transaction: one multi-row insert, and the progress and offset written with it. */
export const IMPORT_BATCH_ROWS = 1000;

const GAVE_UP = '取り込み中に問題が起きました。時間をおいて、もう一度ファイルを取り込んでください。';

export interface ImportServices {
  db: Db;
  files: FileStorage;
  events: DomainEvents;
  validate: ValidateFunction;
  log?: FastifyBaseLogger | undefined;
}

interface PendingRow {
  rowNumber: number;
  check: { fields: CustomerFields | null; errors: ValidationIssue[] };
}

/**
 * The worker of 'customers.import': streams the stored file (customers.import-read.ts), checks each
 * row with the form's rules (customers.import-rows.ts) and commits batches of IMPORT_BATCH_ROWS
 * rows, each in one transaction with the import's new offset and counts — so a retried job (after
 * a crash) skips what was committed and imports no row twice, and a cancelled import stops before
 * its next batch with the rows so far kept.
 */
export function workCustomerImports(jobs: JobQueue, services: ImportServices): void {
  jobs.work('customers.import', async ({ tenantId, importId }, attempt) => {
    try {
      await runCustomerImport(services, tenantId, importId);
    } catch (error) {
      services.log?.error(
        { err: error, importId, retryCount: attempt.retryCount },
        '顧客の取り込みに失敗しました',
      );
      if (!attempt.lastAttempt && !(error instanceof CsvReadError)) throw error;
      await finish(services.db, tenantId, importId, {
        status: 'failed',
        error: error instanceof CsvReadError ? error.message : GAVE_UP,
      });
    }
  });
}

async function finish(
  db: Db,
  tenantId: string,
  importId: string,
  outcome: { status: 'failed' | 'done'; error?: string; totalRows?: number },
): Promise<void> {
  await withTenant(db, tenantId, (tx) =>
    tx
      .updateTable('customer_imports')
      .set({
        status: outcome.status,
        error: outcome.error ?? null,
        ...(outcome.totalRows !== undefined ? { total_rows: outcome.totalRows } : {}),
        finished_at: new Date(),
        updated_at: new Date(),
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', importId)
      .where('status', 'in', ['scanning', 'queued', 'running'])
      .execute(),
  );
}

export async function runCustomerImport(
  services: ImportServices,
  tenantId: string,
  importId: string,
): Promise<void> {
  const { db } = services;
  const checking = await withTenant(db, tenantId, async (tx) => {
    const row = await findCustomerImport(tx, importId);
    return row?.status === 'scanning' ? { row, today: todayIn(await tenantTimeZone(tx)) } : null;
  });
  // The check for duplicates first; the import goes on in this run when it found none.
  if (checking && (await scanCustomerImport(services, tenantId, checking.row, checking.today)) !== 'import')
    return;
  const start = await withTenant(db, tenantId, async (tx) => {
    const row = await findCustomerImport(tx, importId, { lock: true });
    if (!row || (row.status !== 'queued' && row.status !== 'running')) return null;
    await tx
      .updateTable('customer_imports')
      .set({ status: 'running', started_at: row.started_at ?? new Date(), updated_at: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', importId)
      .execute();
    return { row, today: todayIn(await tenantTimeZone(tx)) };
  });
  if (!start) return;
  const { row: job, today } = start;
  const reading = readCsvRecords(await services.files.open(job.storage_key));
  let columns: CsvCustomerColumns | null = null;
  let batch: PendingRow[] = [];
  let dataRows = 0;
  let offset = job.processed_rows;
  const flush = async (final: boolean) => {
    const estimate = final
      ? dataRows
      : Math.max(
          dataRows,
          Math.round((dataRows * Number(job.size_bytes)) / Math.max(1, reading.bytesRead())),
        );
    const kept = await commitBatch(services, tenantId, job, batch, offset, {
      encoding: reading.encoding,
      total: estimate,
      final,
    });
    offset += batch.length;
    batch = [];
    return kept;
  };
  for await (const record of reading.records) {
    if (!columns) {
      columns = mapHeader(record.cells, job.may_set_patient_number);
      const problem = headerProblem(columns);
      if (problem) throw new CsvReadError(problem);
      continue;
    }
    dataRows += 1;
    // Rows a crashed run already committed.
    if (dataRows <= job.processed_rows) continue;
    const fields = recordToRow(record.cells, columns);
    batch.push({ rowNumber: record.rowNumber, check: checkRowShape(services.validate, fields, today) });
    if (batch.length >= IMPORT_BATCH_ROWS && !(await flush(false))) return;
  }
  if (!columns) throw new CsvReadError('ファイルが空です。1 行目に見出し、2 行目から顧客を書いてください。');
  await flush(true);
}

/**
 * One batch in one transaction: the import row locked (a cancel or another run is seen here),
 * the valid rows inserted (insertCustomerBatch isolates a row the database refuses), the
 * problems kept, the offset and counts moved. False: the import was cancelled or taken over.
 */
async function commitBatch(
  services: ImportServices,
  tenantId: string,
  job: CustomerImportRow,
  batch: PendingRow[],
  offset: number,
  progress: { encoding: CustomerImportRow['encoding']; total: number; final: boolean },
): Promise<boolean> {
  return withTenant(services.db, tenantId, async (tx) => {
    const current = await findCustomerImport(tx, job.id, { lock: true });
    if (current?.status !== 'running' || current.processed_rows !== offset) return false;
    const problems = new Map<number, ValidationIssue[]>();
    for (const pending of batch)
      if (pending.check.errors.length) problems.set(pending.rowNumber, pending.check.errors);
    const first = batch[0]?.rowNumber ?? 0;
    const last = batch.at(-1)?.rowNumber ?? 0;
    const skipped =
      job.duplicate_choice === 'skip' && batch.length > 0
        ? await duplicateRowsBetween(tx, job.id, first, last)
        : new Map<number, ValidationIssue>();
    const valid = batch.filter((pending) => pending.check.fields !== null && !skipped.has(pending.rowNumber));
    const refused = await insertCustomerBatch(
      tx,
      valid.map((pending) => ({
        rowNumber: pending.rowNumber,
        values: {
          ...normalizeFields(pending.check.fields as CustomerFields),
          created_by: job.created_by,
          updated_by: job.created_by,
        },
      })),
    );
    for (const [rowNumber, issues] of refused) problems.set(rowNumber, issues);
    const failed = problems.size;
    for (const [rowNumber, issue] of skipped) if (!problems.has(rowNumber)) problems.set(rowNumber, [issue]);
    await recordProblems(tx, job.id, problems);
    const imported = valid.length - refused.size;
    await tx
      .updateTable('customer_imports')
      .set({
        encoding: progress.encoding,
        total_rows: progress.total,
        processed_rows: offset + batch.length,
        imported_rows: sql`imported_rows + ${imported}`,
        failed_rows: sql`failed_rows + ${failed}`,
        skipped_rows: sql`skipped_rows + ${problems.size - failed}`,
        ...(progress.final ? { status: 'done' as const, finished_at: new Date() } : {}),
        updated_at: new Date(),
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', job.id)
      .execute();
    if (progress.final) {
      const done = await findCustomerImport(tx, job.id);
      if (done && done.imported_rows > 0) {
        // One event for the whole file: nobody wants a notification per row.
        await services.events.emit(tx, {
          type: 'customer.imported',
          actorId: job.created_by,
          payload: { count: done.imported_rows },
        });
      }
    }
    return true;
  });
}

async function recordProblems(
  tx: TenantTransaction,
  importId: string,
  problems: Map<number, ValidationIssue[]>,
): Promise<void> {
  const lines = [...problems].flatMap(([rowNumber, issues]) =>
    issues.map((issue, position) => ({
      tenant_id: tx.tenantId,
      import_id: importId,
      row_number: rowNumber,
      position,
      field: issue.field.slice(0, 100),
      message: issue.message.slice(0, 500),
    })),
  );
  for (let index = 0; index < lines.length; index += 1000) {
    await tx
      .insertInto('customer_import_errors')
      .values(lines.slice(index, index + 1000))
      .execute();
  }
}
