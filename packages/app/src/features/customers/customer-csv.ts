import {
  CUSTOMER_CSV_FIELDS,
  CUSTOMER_CSV_IGNORED_HEADERS,
  type CustomerCsvField,
  type CustomerCsvHeaderMapping,
  type CustomerCsvRow,
  customerCsvColumnHeader,
  customerCsvHeader,
  customerCsvRecordToRow,
  mapCustomerCsvHeader,
  unguardCsvFormula,
} from '@tsumiki/api-client';

/**
 * Reading a customer CSV in the browser: decode (UTF-8 with or without BOM, else Shift_JIS as Excel
 * writes it), parse (RFC 4180), map the header row, and turn each record into an import row with
 * the same conversions as the form. Nothing here talks to the server.
 */

/** The columns a customer CSV may have, in the order the export writes them (@tsumiki/api-client). */
export const CSV_FIELDS = CUSTOMER_CSV_FIELDS;
export type CsvField = CustomerCsvField;

/**
 * The one place the app names the CSV's columns: the Japanese header is the field's label from the
 * contract (`fieldLabels`, e.g. 姓, セイ, 会社名フリガナ, 番地・建物名), the English one its key.
 */
export function csvHeaderLabel(field: CsvField): string {
  return customerCsvHeader(field);
}

/** Columns the export writes that an import leaves alone (担当者 is chosen in the app; numbers, dates and ids
 * are the server's). */
/** Columns the export writes that an import leaves alone (the preview never reads 診察券番号). */
export const IGNORED_CSV_HEADERS: readonly string[] = [
  ...CUSTOMER_CSV_IGNORED_HEADERS,
  '診察券番号',
  'patient_number',
];

/** At most this many rows are checked in the browser first (the contract's maxItems); more go to the background import. */
export const CSV_MAX_ROWS = 2000;

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

export type CsvHeaderMapping = CustomerCsvHeaderMapping;

/** The header row's columns (@tsumiki/api-client: one home with the server's import). */
export function mapCsvHeader(header: readonly string[]): CsvHeaderMapping {
  return mapCustomerCsvHeader(header);
}

/** One record of the CSV as an import row: the same conversions as the form, empty cells left out. */
export type CsvCustomerRow = CustomerCsvRow;

export const toImportRow = customerCsvRecordToRow;

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
  | { ok: false; problems: string[]; large?: true };

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
    problems.push(
      `同じ項目の列が複数あります: ${mapping.duplicated.map(customerCsvColumnHeader).join('、')}`,
    );
  }
  const rows: CsvImportRow[] = [];
  body.forEach((record, index) => {
    if (record.every((cell) => cell.trim() === '')) return;
    rows.push({ rowNumber: index + 2, values: toImportRow(record, mapping.columns) });
  });
  if (problems.length === 0 && rows.length === 0)
    problems.push('顧客の行がありません（見出しの行だけです）。');
  // More rows than the preview takes: the file goes to the server's background import instead.
  if (problems.length === 0 && rows.length > CSV_MAX_ROWS) return { ok: false, problems: [], large: true };
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, encoding, rows, unknownHeaders: mapping.unknown, ignoredHeaders: mapping.ignored };
}
