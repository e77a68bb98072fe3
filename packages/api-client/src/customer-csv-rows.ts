import {
  birthDateFromCsv,
  CUSTOMER_CSV_FIELDS,
  CUSTOMER_CSV_REQUIRED_FIELDS,
  CUSTOMER_CSV_TAG_SEPARATORS,
  type CustomerCsvField,
  customerCsvHeader,
  genderFromCsv,
  unguardCsvFormula,
} from './customer-csv';
import { fieldLabels } from './validation';

/**
 * One home for reading a customers CSV's rows, used by the app (the preview of a small file) and
 * by the server (the background import of any size): the header row mapped to fields, and each
 * record turned into an import row with the same conversions as the form.
 */

const HIRAGANA_START = 0x3041; // ぁ
const HIRAGANA_END = 0x3096; // ゖ
const HIRAGANA_ITERATION = 0x309d; // ゝ (and ゞ) → ヽ ヾ
const KANA_OFFSET = 0x60;
const HALF_WIDTH_KATAKANA = /[\uFF61-\uFF9F]+/gu;

/**
 * Hiragana → katakana (さとう → サトウ, ゔ → ヴ), half-width katakana → full-width (ｻﾄｳ → サトウ,
 * ｶﾞ → ガ, ｰ → ー); everything else as is. Run it on finished text only, never in the middle of an
 * IME composition.
 */
export function toFullWidthKatakana(text: string): string {
  let result = '';
  // NFC joins a voiced mark to the kana before it even when they were converted separately
  // (カ + ﾞ typed one at a time → ガ).
  for (const char of text.replace(HALF_WIDTH_KATAKANA, (run) => run.normalize('NFKC')).normalize('NFC')) {
    const code = char.codePointAt(0) as number;
    const isHiragana =
      (code >= HIRAGANA_START && code <= HIRAGANA_END) ||
      code === HIRAGANA_ITERATION ||
      code === HIRAGANA_ITERATION + 1;
    result += isHiragana ? String.fromCodePoint(code + KANA_OFFSET) : char;
  }
  return result;
}

const FULL_WIDTH_DIGIT_OR_SIGN = /[０-９＋（）]/gu;
/** Dashes people type in a phone number: full-width hyphen, minus signs, dashes, and the long vowel
 * mark ー that a Japanese IME gives for the - key. */
const DASHES = /[－‐‑‒–—―−ーｰ]/gu;

/** Full-width digits, ＋ （ ） and dash-like characters → half-width; the ideographic space → space. */
export function toHalfWidthDigits(text: string): string {
  return text
    .replace(FULL_WIDTH_DIGIT_OR_SIGN, (char) =>
      String.fromCodePoint((char.codePointAt(0) as number) - 0xfee0),
    )
    .replace(DASHES, '-')
    .replace(/\u3000/gu, ' ');
}

/** A column of a customers CSV an import reads: the fields, and 診察券番号 (read by the background import). */
export type CustomerCsvColumn = CustomerCsvField | 'patient_number';

/** Columns the export writes that an import leaves alone (担当者 is chosen in the app; dates and ids are the server's). */
export const CUSTOMER_CSV_IGNORED_HEADERS: readonly string[] = [
  'ID',
  '担当者',
  '担当者名',
  '登録日時',
  '更新日時',
  '版',
  'id',
  'assignee_user_id',
  'assignee_name',
  'created_at',
  'updated_at',
  'version',
];

export interface CustomerCsvHeaderMapping {
  /** For each column, the field it fills, or null when it is ignored or unknown. */
  columns: (CustomerCsvColumn | null)[];
  /** Headers not known (their columns are not imported). */
  unknown: string[];
  /** Known headers that are deliberately not imported (担当者, 登録日時 …). */
  ignored: string[];
  /** Required fields with no column. */
  missing: CustomerCsvField[];
  /** Fields named by more than one column. */
  duplicated: CustomerCsvColumn[];
}

const PATIENT_NUMBER_HEADER = fieldLabels.patient_number ?? '診察券番号';

/** The header of a column an import reads: the field's label (姓, 診察券番号 …). */
export function customerCsvColumnHeader(column: CustomerCsvColumn): string {
  return column === 'patient_number' ? PATIENT_NUMBER_HEADER : customerCsvHeader(column);
}

function normalizeHeader(header: string): string {
  const trimmed = header.replace(/^\uFEFF/u, '').trim();
  return /^[\x20-\x7e]+$/u.test(trimmed) ? trimmed.toLowerCase() : trimmed;
}

/** The header row's columns as fields; `withPatientNumber` reads 診察券番号 (else it is ignored). */
export function mapCustomerCsvHeader(
  header: readonly string[],
  options: { withPatientNumber?: boolean } = {},
): CustomerCsvHeaderMapping {
  const byHeader = new Map<string, CustomerCsvColumn>(
    CUSTOMER_CSV_FIELDS.flatMap((field) => [
      [customerCsvHeader(field), field] as const,
      [field, field] as const,
    ]),
  );
  const ignoredHeaders = [...CUSTOMER_CSV_IGNORED_HEADERS];
  if (options.withPatientNumber) {
    byHeader.set(PATIENT_NUMBER_HEADER, 'patient_number');
    byHeader.set('patient_number', 'patient_number');
  } else {
    ignoredHeaders.push(PATIENT_NUMBER_HEADER, 'patient_number');
  }
  const ignoredSet = new Set(ignoredHeaders.map(normalizeHeader));
  const seen = new Set<CustomerCsvColumn>();
  const mapping: CustomerCsvHeaderMapping = {
    columns: [],
    unknown: [],
    ignored: [],
    missing: [],
    duplicated: [],
  };
  for (const raw of header) {
    const name = normalizeHeader(raw);
    const field = byHeader.get(name);
    if (field && !seen.has(field)) {
      seen.add(field);
      mapping.columns.push(field);
      continue;
    }
    mapping.columns.push(null);
    if (field) mapping.duplicated.push(field);
    else if (ignoredSet.has(name)) mapping.ignored.push(raw.trim());
    else if (name !== '') mapping.unknown.push(raw.trim());
  }
  mapping.missing = CUSTOMER_CSV_REQUIRED_FIELDS.filter((field) => !seen.has(field));
  return mapping;
}

/** One record of the CSV as an import row: the same conversions as the form, empty cells left out. */
export type CustomerCsvRow = Partial<Record<Exclude<CustomerCsvColumn, 'tags'>, string>> & {
  tags?: string[];
};

export function customerCsvRecordToRow(
  record: readonly string[],
  columns: readonly (CustomerCsvColumn | null)[],
): CustomerCsvRow {
  const row: CustomerCsvRow = {};
  columns.forEach((field, index) => {
    const cell = unguardCsvFormula((record[index] ?? '').trim());
    if (!field || cell === '') return;
    switch (field) {
      case 'tags': {
        const tags = [...new Set(cell.split(CUSTOMER_CSV_TAG_SEPARATORS).map((tag) => tag.trim()))].filter(
          Boolean,
        );
        if (tags.length > 0) row.tags = tags;
        return;
      }
      case 'last_name_kana':
      case 'first_name_kana':
      case 'company_name_kana':
        row[field] = toFullWidthKatakana(cell);
        return;
      case 'phone':
      case 'postal_code':
        row[field] = toHalfWidthDigits(cell).trim();
        return;
      // 生年月日 in 西暦 or 和暦 (S55.4.1, 昭和55年4月1日, 1980/4/1) becomes ISO; 性別 by label or code.
      case 'birth_date':
        row[field] = birthDateFromCsv(cell);
        return;
      case 'gender':
        row[field] = genderFromCsv(cell);
        return;
      default:
        row[field] = cell;
    }
  });
  return row;
}
