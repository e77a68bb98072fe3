import {
  birthDateFromCsv,
  CUSTOMER_CSV_FIELDS,
  CUSTOMER_CSV_REQUIRED_FIELDS,
  CUSTOMER_CSV_TAG_SEPARATORS,
  type CustomerCsvField,
  customerCsvHeader,
  genderFromCsv,
  unguardCsvFormula,
} from '@tsumiki/api-client';
import { toFullWidthKatakana, toHalfWidthDigits } from '../../lib/kana';

/**
 * Reading a customer CSV in the browser: decode (UTF-8 with or without BOM, else Shift_JIS as Excel
 * writes it), parse (RFC 4180), map the header row, and turn each record into an import row with
 * the same conversions as the form. Nothing here talks to the server.
 */

/** The columns a customer CSV may have, in the order the export writes them (@tsumiki/api-client). */
export const CSV_FIELDS = CUSTOMER_CSV_FIELDS;
export type CsvField = CustomerCsvField;

const REQUIRED_FIELDS = CUSTOMER_CSV_REQUIRED_FIELDS;

/**
 * The one place the app names the CSV's columns: the Japanese header is the field's label from the
 * contract (`fieldLabels`, e.g. 姓, セイ, 会社名フリガナ, 番地・建物名), the English one its key.
 */
export function csvHeaderLabel(field: CsvField): string {
  return customerCsvHeader(field);
}

/** Columns the export writes that an import leaves alone (担当者 is chosen in the app; numbers, dates and ids
 * are the server's). */
export const IGNORED_CSV_HEADERS: readonly string[] = [
  'ID',
  '診察券番号',
  'patient_number',
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

/** At most this many rows per import (the contract's maxItems). */
export const CSV_MAX_ROWS = 2000;

const TAG_SEPARATORS = CUSTOMER_CSV_TAG_SEPARATORS;

export type CsvEncoding = 'utf-8' | 'shift_jis';

/**
 * UTF-8 (a BOM is dropped) when the bytes are valid UTF-8, otherwise Shift_JIS (CP932, what Excel
 * writes). CP932's 0x8160 decodes to U+FF5E FULLWIDTH TILDE; the server's export writes 〜 (U+301C
 * WAVE DASH) as 0x8160, so it is read back as 〜.
 */
export function decodeCsvBytes(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(hasBom ? bytes.subarray(3) : bytes);
    return { text, encoding: 'utf-8' };
  } catch {
    const text = new TextDecoder('shift_jis').decode(bytes).replace(/\uFF5E/gu, '\u301C');
    return { text, encoding: 'shift_jis' };
  }
}

export class CsvFormatError extends Error {
  override readonly name = 'CsvFormatError';
}

/**
 * RFC 4180: fields separated by commas, records by CRLF (LF or CR alone too); a quoted field may
 * hold commas, newlines and doubled quotes. Blank lines are skipped.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let wasQuoted = false;
  let quoteStartRecord = 0;
  const endField = () => {
    record.push(field);
    field = '';
    wasQuoted = false;
  };
  const endRecord = () => {
    endField();
    if (!(record.length === 1 && record[0] === '')) records.push(record);
    record = [];
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index += 1;
        } else {
          quoted = false;
        }
      } else {
        field += char;
      }
    } else if (char === '"' && field === '' && !wasQuoted) {
      quoted = true;
      wasQuoted = true;
      quoteStartRecord = records.length + 1;
    } else if (char === ',') {
      endField();
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      endRecord();
    } else {
      field += char;
    }
  }
  if (quoted) {
    throw new CsvFormatError(`${quoteStartRecord} 行目の「"」が閉じられていません。`);
  }
  if (field !== '' || record.length > 0 || wasQuoted) endRecord();
  return records;
}

export interface CsvHeaderMapping {
  /** For each column, the field it fills, or null when it is ignored or unknown. */
  columns: (CsvField | null)[];
  /** Headers the app does not know (explained to the user; their columns are not imported). */
  unknown: string[];
  /** Known headers that are deliberately not imported (担当者, 登録日時 …). */
  ignored: string[];
  /** Required fields with no column. */
  missing: CsvField[];
  /** Fields named by more than one column. */
  duplicated: CsvField[];
}

const FIELD_BY_HEADER = new Map<string, CsvField>(
  CSV_FIELDS.flatMap((field) => [[csvHeaderLabel(field), field] as const, [field, field] as const]),
);

function normalizeHeader(header: string): string {
  const trimmed = header.replace(/^\uFEFF/u, '').trim();
  return /^[\x20-\x7e]+$/u.test(trimmed) ? trimmed.toLowerCase() : trimmed;
}

export function mapCsvHeader(header: readonly string[]): CsvHeaderMapping {
  const ignoredSet = new Set(IGNORED_CSV_HEADERS.map(normalizeHeader));
  const seen = new Set<CsvField>();
  const mapping: CsvHeaderMapping = { columns: [], unknown: [], ignored: [], missing: [], duplicated: [] };
  for (const raw of header) {
    const name = normalizeHeader(raw);
    const field = FIELD_BY_HEADER.get(name);
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
  mapping.missing = REQUIRED_FIELDS.filter((field) => !seen.has(field));
  return mapping;
}

/** One record of the CSV as an import row: the same conversions as the form, empty cells left out. */
export type CsvCustomerRow = Partial<Record<Exclude<CsvField, 'tags'>, string>> & { tags?: string[] };

export function toImportRow(
  record: readonly string[],
  columns: readonly (CsvField | null)[],
): CsvCustomerRow {
  const row: CsvCustomerRow = {};
  columns.forEach((field, index) => {
    const cell = unguardFormula((record[index] ?? '').trim());
    if (!field || cell === '') return;
    switch (field) {
      case 'tags': {
        const tags = [...new Set(cell.split(TAG_SEPARATORS).map((tag) => tag.trim()))].filter(Boolean);
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

export const unguardFormula = unguardCsvFormula;

export interface CsvImportRow {
  /** The row number as a spreadsheet shows it (the header is row 1). */
  rowNumber: number;
  values: CsvCustomerRow;
}

export type CsvReadResult =
  | {
      ok: true;
      encoding: CsvEncoding;
      rows: CsvImportRow[];
      unknownHeaders: string[];
      ignoredHeaders: string[];
    }
  | { ok: false; problems: string[] };

/** The expected header row, for messages: 姓、名、セイ、… */
export function expectedHeaderList(): string {
  return CSV_FIELDS.map(csvHeaderLabel).join('、');
}

/** Decodes, parses and maps a CSV file's bytes; problems are Japanese sentences for the user. */
export function readCustomerCsv(bytes: Uint8Array): CsvReadResult {
  const { text, encoding } = decodeCsvBytes(bytes);
  let records: string[][];
  try {
    records = parseCsv(text);
  } catch (error) {
    return { ok: false, problems: [error instanceof Error ? error.message : 'CSV を読み取れませんでした。'] };
  }
  const [header, ...body] = records;
  if (!header)
    return { ok: false, problems: ['ファイルが空です。1 行目に見出し、2 行目から顧客を書いてください。'] };
  const mapping = mapCsvHeader(header);
  const problems: string[] = [];
  if (mapping.missing.length > 0) {
    problems.push(
      `必須の列がありません: ${mapping.missing.map(csvHeaderLabel).join('、')}。1 行目の見出しに ${expectedHeaderList()} のうち必要なものを書いてください。`,
    );
  }
  if (mapping.duplicated.length > 0) {
    problems.push(`同じ項目の列が複数あります: ${mapping.duplicated.map(csvHeaderLabel).join('、')}`);
  }
  const rows: CsvImportRow[] = [];
  body.forEach((record, index) => {
    if (record.every((cell) => cell.trim() === '')) return;
    rows.push({ rowNumber: index + 2, values: toImportRow(record, mapping.columns) });
  });
  if (problems.length === 0 && rows.length === 0)
    problems.push('顧客の行がありません（見出しの行だけです）。');
  if (rows.length > CSV_MAX_ROWS) {
    problems.push(
      `一度に取り込めるのは ${CSV_MAX_ROWS.toLocaleString('ja-JP')} 行までです（${rows.length.toLocaleString('ja-JP')} 行あります）。ファイルを分けてください。`,
    );
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, encoding, rows, unknownHeaders: mapping.unknown, ignoredHeaders: mapping.ignored };
}
