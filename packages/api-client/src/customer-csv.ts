import { contractEnums } from './generated/enums';
import { fieldLabels } from './validation';

/**
 * The customers CSV of `exportCustomers` and `importCustomers`: one format that the server
 * writes and the app reads back. The header row is the contract's field labels (姓, セイ, …).
 */

/** The columns a file carries back in (the `CustomerInput` fields), in the order written. */
export const CUSTOMER_CSV_FIELDS = [
  'last_name',
  'first_name',
  'last_name_kana',
  'first_name_kana',
  'company_name',
  'company_name_kana',
  'email',
  'phone',
  'postal_code',
  'prefecture',
  'city',
  'address_line',
  'tags',
  'notes',
] as const;
export type CustomerCsvField = (typeof CUSTOMER_CSV_FIELDS)[number];

/** Required by `CustomerInput`. */
export const CUSTOMER_CSV_REQUIRED_FIELDS: readonly CustomerCsvField[] = [
  'last_name',
  'first_name',
  'last_name_kana',
  'first_name_kana',
];

/** Written after the fields for reference; an import ignores them (by header or key). */
export const CUSTOMER_CSV_REFERENCE_COLUMNS = [
  { key: 'assignee_name', header: fieldLabels.assignee_name ?? '担当者名' },
  { key: 'created_at', header: '登録日時' },
  { key: 'updated_at', header: '更新日時' },
  { key: 'id', header: 'ID' },
] as const;

/** The header of a field's column: its label in the contract. */
export function customerCsvHeader(field: CustomerCsvField): string {
  return fieldLabels[field] ?? field;
}

/** Tags are written joined with ';' (never part of a Japanese tag); ';', '；' and '、' read back. */
export const CUSTOMER_CSV_TAG_SEPARATOR = ';';
export const CUSTOMER_CSV_TAG_SEPARATORS = /[;；、]/u;

/**
 * Formula-injection guard (OWASP "CSV injection"): a cell that would start with = + - @ TAB or
 * CR (after any "'") is written with one more leading "'", so Excel shows it as text instead of
 * running it; reading takes exactly that one "'" off again.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/u;

export function guardCsvFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

export function unguardCsvFormula(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/** The 47 prefectures in the official order (JIS X 0401), as the contract lists them. */
export const PREFECTURES = contractEnums.Prefecture;
