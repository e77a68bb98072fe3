import type { Generated, Selectable } from 'kysely';
import type { CreatedAt } from '../../platform/db/schema';

export type CustomerImportStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
export type CustomerImportEncoding = 'utf-8' | 'utf-8-bom' | 'shift_jis';

/** One customers CSV import run in the background (migration 0031). */
export interface CustomerImportsTable {
  tenant_id: string;
  id: Generated<string>;
  file_name: string;
  storage_key: string;
  size_bytes: number | string;
  status: Generated<CustomerImportStatus>;
  encoding: CustomerImportEncoding | null;
  total_rows: number | null;
  /** Data rows of the file done (imported or reported): a retried job skips them. */
  processed_rows: Generated<number>;
  imported_rows: Generated<number>;
  failed_rows: Generated<number>;
  may_set_patient_number: Generated<boolean>;
  error: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  started_at: Date | null;
  finished_at: Date | null;
  updated_at: CreatedAt;
}

/** One problem of a row that was not imported (the error report). */
export interface CustomerImportErrorsTable {
  tenant_id: string;
  import_id: string;
  row_number: number;
  position: number;
  field: string;
  message: string;
}

declare module '../../platform/db/schema' {
  interface Database {
    customer_imports: CustomerImportsTable;
    customer_import_errors: CustomerImportErrorsTable;
  }
}

export type CustomerImportRow = Selectable<CustomerImportsTable>;
