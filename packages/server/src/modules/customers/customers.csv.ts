/**
 * Customers CSV: writing (the app reads it back: packages/app/src/features/customers/customer-csv.ts).
 *
 * File format (what Excel in Japan opens and writes):
 * - `utf-8`: UTF-8 with a BOM (without it Excel reads the file as CP932); lossless.
 * - `shift_jis`: CP932 (Windows-31J) through encoding-japanese, which maps the characters a Mac or
 *   a browser types to the CP932 code Excel shows: 〜 U+301C and ～ U+FF5E → 0x8160, − U+2212 and
 *   － U+FF0D → 0x817C, ‖ U+2016 → 0x8161, ¬ U+00AC → 0x81CA; NEC special (①, ㈱, №) and IBM
 *   extension kanji (髙, 﨑) are kept (IBM kanji as the NEC-selected codes 0xED40–0xEEFC, which
 *   Excel, Chromium and encoding-japanese decode to the same characters as Windows' 0xFA40–0xFC4B).
 *   Read back, 0x8160 is '～' U+FF5E and 0x817C is '－' U+FF0D (CP932's own mapping), so a '〜'
 *   U+301C or '−' U+2212 comes back as its full-width twin; everything else round-trips.
 *   A character CP932 has no code for (emoji, ä, é, ß, ♡ …) is written as '〓' (U+3013, the
 *   geta mark Japanese systems use for "cannot be shown"), never as a silent '?'; pass
 *   `{ unencodable: 'error' }` to fail instead, and `onUnencodable` to log what was replaced.
 *   Before that, a few characters take their usual CP932 stand-in (¥ → ￥, — → ―, – → -,
 *   no-break space → space), a combining (semi-)voiced mark joins its kana (か + ゙ → が), and
 *   invisible joiners/variation selectors (ZWJ, VS1–16, IVS, emoji skin tones) are dropped.
 * - CRLF between rows; RFC 4180 quoting (a field with a quote, comma, CR or LF is quoted and its
 *   quotes doubled); line breaks inside a note are written as LF (what Excel writes for Alt+Enter).
 * - 生年月日 as 'YYYY/MM/DD' (read back in 西暦 or 和暦), 性別 as its label (男性 …), the 診察券番号
 *   after the fields for reference (an import gives new numbers);
 * - tags joined with ';'; dates as 'YYYY/MM/DD HH:mm' in the tenant's time zone (Asia/Tokyo unless it chose another).
 * - A cell starting with = + - @ TAB or CR gets a leading "'" (CSV-injection guard); the parser
 *   strips it again.
 */
import {
  type CustomerCsvField as ApiCsvField,
  birthDateCsvCell,
  CUSTOMER_CSV_FIELDS,
  CUSTOMER_CSV_REFERENCE_COLUMNS,
  CUSTOMER_CSV_TAG_SEPARATOR,
  customerCsvHeader,
  genderCsvCell,
} from '@tsumiki/api-client';
import { DEFAULT_TIME_ZONE, localDateTime } from '../../platform/access/time-zone';
import { type CsvEncoding, tableToCsv, UnencodableCharacter } from '../../platform/text/csv-file';
import type { CustomerView } from './customers.repository';

export type { CsvEncoding } from '../../platform/text/csv-file';

export type CustomerCsvField = ApiCsvField | (typeof CUSTOMER_CSV_REFERENCE_COLUMNS)[number]['key'];

/** Export order and header row: the format the app's import reads back (@tsumiki/api-client). */
export const CUSTOMER_CSV_COLUMNS: ReadonlyArray<{ field: CustomerCsvField; header: string }> = [
  ...CUSTOMER_CSV_FIELDS.map((field) => ({ field, header: customerCsvHeader(field) })),
  ...CUSTOMER_CSV_REFERENCE_COLUMNS.map(({ key, header }) => ({ field: key, header })),
];

/** One customer as written to the CSV: the columns' fields of a customer row. */
export type CsvCustomer = Pick<CustomerView, CustomerCsvField>;

export interface CustomersToCsvOptions {
  /** The clock the dates are written in: the tenant's (Asia/Tokyo when not given). */
  timeZone?: string;
  /** CP932 only: '〓' for a character it cannot encode (default), or throw `CsvEncodingError`. */
  unencodable?: 'replace' | 'error';
  /** CP932 only: called for every character replaced by '〓' or by a stand-in. */
  onUnencodable?: (event: {
    id: string;
    field: CustomerCsvField;
    character: string;
    replacement: string;
  }) => void;
}

export class CsvEncodingError extends Error {
  constructor(
    readonly id: string,
    readonly field: CustomerCsvField,
    readonly character: string,
  ) {
    const codePoint = character.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0');
    super(`Shift_JIS（CP932）で表せない文字「${character}」（U+${codePoint}）が含まれています`);
    this.name = 'CsvEncodingError';
  }
}

/** 'YYYY/MM/DD HH:mm' in the tenant's time zone; '' for an invalid date. */
export function formatCsvDateTime(date: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  if (Number.isNaN(date.getTime())) return '';
  const { year, month, day, hour, minute } = localDateTime(date, timeZone);
  return `${year}/${month}/${day} ${hour}:${minute}`;
}

function cellText(customer: CsvCustomer, field: CustomerCsvField, timeZone: string): string {
  switch (field) {
    case 'tags':
      return customer.tags.join(CUSTOMER_CSV_TAG_SEPARATOR);
    case 'created_at':
    case 'updated_at':
      return formatCsvDateTime(customer[field], timeZone);
    case 'notes':
      return (customer.notes ?? '').replace(/\r\n?/g, '\n');
    case 'birth_date':
      return birthDateCsvCell(customer.birth_date);
    case 'gender':
      return genderCsvCell(customer.gender);
    default:
      return customer[field] ?? '';
  }
}

/**
 * The customers as a CSV file, streamed (platform/text/csv-file.ts): the header row first, then
 * the rows. `rows` may be a plain array or an async iterable (e.g. a Kysely `.stream()`),
 * consumed once and in order. Throws `CsvEncodingError` from the iterator with
 * `{ unencodable: 'error' }`.
 */
export async function* customersToCsv(
  rows: AsyncIterable<CsvCustomer> | Iterable<CsvCustomer>,
  encoding: CsvEncoding,
  options: CustomersToCsvOptions = {},
): AsyncGenerator<Uint8Array, void, undefined> {
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const columns = CUSTOMER_CSV_COLUMNS.map(({ field, header }) => ({
    header,
    cell: (customer: CsvCustomer) => cellText(customer, field, timeZone),
  }));
  const fieldOf = (column: number) => CUSTOMER_CSV_COLUMNS[column]!.field;
  try {
    yield* tableToCsv(rows, columns, encoding, {
      ...(options.unencodable ? { unencodable: options.unencodable } : {}),
      onUnencodable: ({ row, column, character, replacement }) =>
        options.onUnencodable?.({ id: row.id, field: fieldOf(column), character, replacement }),
    });
  } catch (error) {
    if (error instanceof UnencodableCharacter && error.at) {
      throw new CsvEncodingError((error.at.row as CsvCustomer).id, fieldOf(error.at.column), error.character);
    }
    throw error;
  }
}
