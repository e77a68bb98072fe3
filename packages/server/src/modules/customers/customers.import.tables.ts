import type { Generated, Selectable } from 'kysely';
import type { CreatedAt } from '../../platform/db/schema';

export type CustomerImportStatus =
  | 'scanning'
  | 'awaiting_choice'
  | 'queued'
  | 'running'
  | 'done'
  | 'failed'
  | 'cancelled';
export type CustomerImportDuplicateChoice = 'skip' | 'import';
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
  /** Rows the check before the import found may be duplicates (migration 0037); null: not checked. */
  duplicate_rows: number | null;
  duplicate_choice: CustomerImportDuplicateChoice | null;
  /** Rows not imported because they may be duplicates (the choice 'skip'). */
  skipped_rows: Generated<number>;
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

/** The keys of one valid row while the file is checked for duplicates (migration 0037). */
export interface CustomerImportKeysTable {
  tenant_id: string;
  import_id: string;
  row_number: number;
  last_name: string;
  first_name: string;
  last_name_kana: string;
  first_name_kana: string;
  birth_date: string | null;
  phone: string | null;
  email: string | null;
  reading_key: Generated<string>;
  phone_key: Generated<string | null>;
  email_key: Generated<string | null>;
}

/** One row of the file that may be a customer in use or an earlier row (migration 0037). */
export interface CustomerImportDuplicatesTable {
  tenant_id: string;
  import_id: string;
  row_number: number;
  last_name: string;
  first_name: string;
  reasons: string[];
  existing_id: string | null;
  same_as_row: number | null;
}

declare module '../../platform/db/schema' {
  interface Database {
    customer_imports: CustomerImportsTable;
    customer_import_errors: CustomerImportErrorsTable;
    customer_import_keys: CustomerImportKeysTable;
    customer_import_duplicates: CustomerImportDuplicatesTable;
  }
}

export type CustomerImportRow = Selectable<CustomerImportsTable>;
