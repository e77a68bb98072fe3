import { GENDER_LABELS } from './customer-labels';
import { contractEnums } from './generated/enums';
import type { components } from './generated/schema';
import { fieldLabels } from './validation';
import { readDate } from './wareki';

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
  'birth_date',
  'gender',
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
  // Numbers are given by the server on import (see importCustomers in the contract).
  { key: 'patient_number', header: fieldLabels.patient_number ?? '診察券番号' },
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

type Gender = components['schemas']['Gender'];

/** 生年月日 in a file: 1980/04/01 (what Excel shows as a date); read back in 西暦 or 和暦. */
export function birthDateCsvCell(birthDate: string | null): string {
  return birthDate ? birthDate.replaceAll('-', '/') : '';
}

/** 性別 in a file: its label (男性, 回答しない …). */
export function genderCsvCell(gender: Gender | null): string {
  return gender ? GENDER_LABELS[gender] : '';
}

/** A 生年月日 cell as ISO, else the cell as it is (the import then names the field's error). */
export function birthDateFromCsv(cell: string): string {
  const reading = readDate(cell);
  return reading.ok ? reading.date : cell;
}

/** A 性別 cell (label or code) as its code, else the cell as it is. */
export function genderFromCsv(cell: string): string {
  const text = cell.normalize('NFKC').trim();
  const byLabel = (Object.entries(GENDER_LABELS) as [Gender, string][]).find(([, label]) => label === text);
  return byLabel ? byLabel[0] : text.toLowerCase();
}
