/**
 * Customers CSV: the browser-safe half (columns, decoding, parsing).
 *
 * No `node:` imports and no encoder tables here: the app can import this file to read a CSV the
 * user picked before posting its rows to `importCustomers`. The server-only writer
 * (`customersToCsv`, which needs encoding-japanese's CP932 tables) is in `customers.csv.ts`,
 * which re-exports everything below.
 *
 * Parsing uses papaparse (MIT, no dependencies, ≈ 7 KB gzip, RFC 4180 with quoted newlines,
 * tolerant of stray quotes inside unquoted fields as Excel writes them).
 */
import Papa from 'papaparse';

export type CsvEncoding = 'utf-8' | 'shift_jis';

/** The columns a file may carry back in (the `CustomerInput` fields). */
export const CUSTOMER_CSV_IMPORT_FIELDS = [
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

/** Written on export for reference, ignored on import. */
export const CUSTOMER_CSV_EXPORT_ONLY_FIELDS = ['assignee_name', 'created_at', 'updated_at', 'id'] as const;

/** Required by `CustomerInput`: an empty cell omits the key so validation reports 必須. */
export const CUSTOMER_CSV_REQUIRED_FIELDS = [
  'last_name',
  'first_name',
  'last_name_kana',
  'first_name_kana',
] as const;

export type CustomerCsvImportField = (typeof CUSTOMER_CSV_IMPORT_FIELDS)[number];
export type CustomerCsvField = CustomerCsvImportField | (typeof CUSTOMER_CSV_EXPORT_ONLY_FIELDS)[number];

/** Export order and Japanese header labels (the contract's field titles). */
export const CUSTOMER_CSV_COLUMNS: ReadonlyArray<{ field: CustomerCsvField; header: string }> = [
  { field: 'last_name', header: '姓' },
  { field: 'first_name', header: '名' },
  { field: 'last_name_kana', header: 'セイ' },
  { field: 'first_name_kana', header: 'メイ' },
  { field: 'company_name', header: '会社名' },
  { field: 'company_name_kana', header: '会社名フリガナ' },
  { field: 'email', header: 'メールアドレス' },
  { field: 'phone', header: '電話番号' },
  { field: 'postal_code', header: '郵便番号' },
  { field: 'prefecture', header: '都道府県' },
  { field: 'city', header: '市区町村' },
  { field: 'address_line', header: '番地・建物名' },
  { field: 'tags', header: 'タグ' },
  { field: 'notes', header: 'メモ' },
  { field: 'assignee_name', header: '担当者' },
  { field: 'created_at', header: '登録日時' },
  { field: 'updated_at', header: '更新日時' },
  { field: 'id', header: 'ID' },
];

/** Tags are written joined with ';' (never part of a Japanese tag, unlike '、'). */
export const CSV_TAG_SEPARATOR = ';';
/** Read back: ';', '；', '、', ',', '，' all separate tags. */
const TAG_SPLIT = /[;；、,，]/;

/**
 * Formula injection guard (OWASP "CSV injection"): the writer prefixes "'" to a cell that starts
 * with = + - @ TAB or CR (after any "'"s), so Excel shows it as text instead of running it.
 * The parser removes exactly that one "'" again, so the value round-trips.
 */
export const CSV_FORMULA_START = /^'*[=+\-@\t\r]/;

export class CsvParseError extends Error {
  constructor(
    message: string,
    /** Spreadsheet row (the header is row 1). */
    readonly row: number,
  ) {
    super(message);
    this.name = 'CsvParseError';
  }
}

/**
 * Bytes of an uploaded CSV → text. A UTF-8 BOM, or bytes that are valid UTF-8 (plain ASCII
 * included), mean UTF-8; anything else is read as Shift_JIS with the WHATWG decoder (the CP932
 * table, as Excel and Chromium read it: 0x8160 → '～' U+FF5E, 0x817C → '－' U+FF0D, both IBM
 * extension ranges decoded). Invalid bytes become U+FFFD. The BOM is not part of `text`.
 */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder('utf-8').decode(bytes), encoding: 'utf-8' };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('shift_jis').decode(bytes), encoding: 'shift_jis' };
  }
}

type HeaderTarget = { kind: 'import'; field: CustomerCsvImportField } | { kind: 'ignore' };

function headerKey(label: string): string {
  // NFKC folds half-width kana (ｾｲ) and full-width Latin (ＩＤ); case-insensitive for the keys.
  return label.normalize('NFKC').trim().toLowerCase();
}

const HEADER_TARGETS: ReadonlyMap<string, HeaderTarget> = (() => {
  const targets = new Map<string, HeaderTarget>();
  const importable = new Set<string>(CUSTOMER_CSV_IMPORT_FIELDS);
  for (const { field, header } of CUSTOMER_CSV_COLUMNS) {
    const target: HeaderTarget = importable.has(field)
      ? { kind: 'import', field: field as CustomerCsvImportField }
      : { kind: 'ignore' };
    targets.set(headerKey(header), target);
    targets.set(headerKey(field), target);
  }
  return targets;
})();

const REQUIRED: ReadonlySet<string> = new Set(CUSTOMER_CSV_REQUIRED_FIELDS);

function isBlank(record: readonly string[]): boolean {
  return record.every((cell) => cell.trim() === '');
}

function unescapeFormula(cell: string): string {
  return cell.startsWith("'") && CSV_FORMULA_START.test(cell) ? cell.slice(1) : cell;
}

function parseTags(cell: string): string[] {
  const tags: string[] = [];
  for (const part of cell.split(TAG_SPLIT)) {
    const tag = part.trim();
    if (tag && !tags.includes(tag)) tags.push(tag);
  }
  return tags;
}

/**
 * Text of a customers CSV → rows keyed by `CustomerInput` field names, ready to post to
 * `importCustomers`.
 *
 * - Header row: the Japanese labels of `CUSTOMER_CSV_COLUMNS` or the English field keys (NFKC,
 *   trimmed, case-insensitive), in any order. Export-only columns (担当者, 登録日時, 更新日時, ID)
 *   and blank header cells are ignored; any other header is listed in `unknownHeaders` (so is a
 *   repeated one: the first column of a field wins). `missingHeaders` lists the labels of the
 *   *required* columns (姓, 名, セイ, メイ) the file lacks; optional columns may be absent.
 * - Cells: trimmed (notes keep their inner text; CRLF/CR inside a note become LF); empty → null,
 *   except a required field, whose key is omitted so validation reports 必須; `tags` → string[]
 *   split on ; ； 、 , ， (trimmed, empty and repeated tags dropped; empty cell → []).
 *   A column absent from the file is absent from every row.
 * - Records whose cells are all blank (a trailing empty line, Excel's ",,,,") are skipped;
 *   `sourceRows[i]` is the spreadsheet row of `rows[i]` (header = 1) for error messages.
 * - An unterminated or malformed quoted field throws `CsvParseError` (otherwise the rest of the
 *   file would silently end up in one cell).
 */
export function parseCustomerCsv(text: string): {
  rows: Array<Record<string, string | string[] | null>>;
  unknownHeaders: string[];
  missingHeaders: string[];
  sourceRows: number[];
} {
  const parsed = Papa.parse<string[]>(text.startsWith('\uFEFF') ? text.slice(1) : text, {
    delimiter: ',',
    quoteChar: '"',
    escapeChar: '"',
    header: false,
    dynamicTyping: false,
    skipEmptyLines: false,
  });
  const quoteError = parsed.errors.find((error) => error.type === 'Quotes');
  if (quoteError) {
    const row = (quoteError.row ?? 0) + 1;
    throw new CsvParseError(`${row} 行目: 引用符（"）の対応が正しくありません`, row);
  }

  const records = parsed.data;
  let headerIndex = records.findIndex((record) => !isBlank(record));
  if (headerIndex < 0) headerIndex = records.length;
  const header = records[headerIndex] ?? [];

  const columns: Array<{ index: number; field: CustomerCsvImportField }> = [];
  const seen = new Set<CustomerCsvImportField>();
  const unknownHeaders: string[] = [];
  header.forEach((label, index) => {
    const key = headerKey(label);
    if (key === '') return;
    const target = HEADER_TARGETS.get(key);
    if (target?.kind === 'ignore') return;
    if (!target || seen.has(target.field)) {
      unknownHeaders.push(label.trim());
      return;
    }
    seen.add(target.field);
    columns.push({ index, field: target.field });
  });
  const missingHeaders = CUSTOMER_CSV_COLUMNS.filter(
    ({ field }) => REQUIRED.has(field) && !seen.has(field as CustomerCsvImportField),
  ).map(({ header: label }) => label);

  const rows: Array<Record<string, string | string[] | null>> = [];
  const sourceRows: number[] = [];
  for (let r = headerIndex + 1; r < records.length; r++) {
    const record = records[r]!;
    if (isBlank(record)) continue;
    const row: Record<string, string | string[] | null> = {};
    for (const { index, field } of columns) {
      const cell = unescapeFormula(record[index] ?? '');
      if (field === 'tags') {
        row.tags = parseTags(cell);
      } else if (field === 'notes') {
        row.notes = cell.trim() === '' ? null : cell.replace(/\r\n?/g, '\n');
      } else {
        const value = cell.trim();
        if (value !== '') row[field] = value;
        else if (!REQUIRED.has(field)) row[field] = null;
      }
    }
    rows.push(row);
    sourceRows.push(r + 1);
  }
  return { rows, unknownHeaders, missingHeaders, sourceRows };
}
