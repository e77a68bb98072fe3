/**
 * CSV files as Excel in Japan opens and writes them, for every export of the product (customers,
 * the access log):
 * - `utf-8`: UTF-8 with a BOM (without it Excel reads the file as CP932); lossless.
 * - `shift_jis`: CP932 (Windows-31J) through encoding-japanese, which maps the characters a Mac or
 *   a browser types to the CP932 code Excel shows: 〜 U+301C and ～ U+FF5E → 0x8160, − U+2212 and
 *   － U+FF0D → 0x817C, ‖ U+2016 → 0x8161, ¬ U+00AC → 0x81CA; NEC special (①, ㈱, №) and IBM
 *   extension kanji (髙, 﨑) are kept (IBM kanji as the NEC-selected codes 0xED40–0xEEFC, which
 *   Excel, Chromium and encoding-japanese decode to the same characters as Windows' 0xFA40–0xFC4B).
 *   A character CP932 has no code for (emoji, ä, é, ß, ♡ …) is written as '〓' (U+3013, the
 *   geta mark Japanese systems use for "cannot be shown"), never as a silent '?'; pass
 *   `{ unencodable: 'error' }` to fail instead, and `onUnencodable` to log what was replaced.
 *   Before that, a few characters take their usual CP932 stand-in (¥ → ￥, — → ―, – → -,
 *   no-break space → space), a combining (semi-)voiced mark joins its kana (か + ゙ → が), and
 *   invisible joiners/variation selectors (ZWJ, VS1–16, IVS, emoji skin tones) are dropped.
 * - CRLF between rows; RFC 4180 quoting (a field with a quote, comma, CR or LF is quoted and its
 *   quotes doubled).
 * - A cell starting with = + - @ TAB or CR gets a leading "'" (CSV-injection guard).
 */
import { guardCsvFormula } from '@tsumiki/api-client';
import Encoding from 'encoding-japanese';

export type CsvEncoding = 'utf-8' | 'shift_jis';

const UTF8_BOM = Uint8Array.of(0xef, 0xbb, 0xbf);
const CRLF = '\r\n';
/** Characters buffered before a chunk is encoded and yielded. */
const CHUNK_CHARS = 64 * 1024;
const GETA = '〓';

/** RFC 4180 field, with the formula guard. */
function csvField(value: string): string {
  const text = guardCsvFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

// ---- CP932 -------------------------------------------------------------------------------------

const STAND_INS: ReadonlyMap<string, string> = new Map([
  ['\u00A5', '\uFFE5'], // ¥ (a Mac's ¥ key) → ￥
  ['\u2014', '\u2015'], // — EM DASH → ― (0x815C)
  ['\u2013', '-'], // – EN DASH
  ['\u00A0', ' '], // no-break space
]);

/** Zero-width (non-)joiners, variation selectors, ideographic variation selectors, skin tones. */
function isIgnorable(char: string): boolean {
  const c = char.codePointAt(0)!;
  return (
    (c >= 0x200b && c <= 0x200d) ||
    c === 0x2060 ||
    (c >= 0xfe00 && c <= 0xfe0f) ||
    (c >= 0xe0100 && c <= 0xe01ef) ||
    (c >= 0x1f3fb && c <= 0x1f3ff)
  );
}
const COMBINING = /^\p{M}$/u;

const encodableCache = new Map<number, boolean>();

function isCp932Encodable(char: string): boolean {
  const codePoint = char.codePointAt(0)!;
  if (codePoint < 0x80) return true;
  let encodable = encodableCache.get(codePoint);
  if (encodable === undefined) {
    try {
      Encoding.convert(char, { to: 'SJIS', from: 'UNICODE', type: 'array', fallback: 'error' });
      encodable = true;
    } catch {
      encodable = false;
    }
    encodableCache.set(codePoint, encodable);
  }
  return encodable;
}

/** `value` with every character CP932 cannot hold replaced as documented at the top. */
function toCp932Text(
  value: string,
  report: (character: string, replacement: string) => void,
  strict: boolean,
): string {
  // Fast path: ASCII, or every character encodable.
  let clean = true;
  for (const char of value) {
    if (!isCp932Encodable(char)) {
      clean = false;
      break;
    }
  }
  if (clean) return value;

  const out: string[] = [];
  for (const char of value) {
    if (isCp932Encodable(char)) {
      out.push(char);
      continue;
    }
    if (isIgnorable(char)) continue;
    if (COMBINING.test(char) && out.length > 0) {
      const composed = `${out[out.length - 1]}${char}`.normalize('NFC');
      if ([...composed].length === 1 && isCp932Encodable(composed)) {
        out[out.length - 1] = composed;
        continue;
      }
    }
    const standIn = STAND_INS.get(char);
    if (standIn !== undefined) {
      report(char, standIn);
      out.push(standIn);
      continue;
    }
    if (strict) throw new UnencodableCharacter(char);
    report(char, GETA);
    out.push(GETA);
  }
  return out.join('');
}

/** A character CP932 cannot hold, met with `{ unencodable: 'error' }`; `at` names the row and column. */
export class UnencodableCharacter extends Error {
  at: { row: unknown; column: number } | null = null;
  constructor(readonly character: string) {
    super(character);
  }
}

function encodeCp932(text: string): Uint8Array {
  // Every character was checked by toCp932Text: 'error' here only guards against a bug.
  return Uint8Array.from(
    Encoding.convert(text, { to: 'SJIS', from: 'UNICODE', type: 'array', fallback: 'error' }),
  );
}

/** One column of a CSV file: its header and how a row's cell is written. */
export interface CsvColumn<Row> {
  header: string;
  cell(row: Row): string;
}

export interface TableToCsvOptions<Row> {
  /** CP932 only: '〓' for a character it cannot encode (default), or throw `UnencodableCharacter`. */
  unencodable?: 'replace' | 'error';
  /** CP932 only: called for every character replaced by '〓' or by a stand-in. */
  onUnencodable?: (event: { row: Row; column: number; character: string; replacement: string }) => void;
}

/**
 * Rows as a CSV file, streamed: the header row first, then the rows in chunks of about 64K
 * characters. `rows` may be a plain array or an async iterable, consumed once and in order.
 * Throws `UnencodableCharacter` (with the row and column) with `{ unencodable: 'error' }`.
 */
export async function* tableToCsv<Row>(
  rows: AsyncIterable<Row> | Iterable<Row>,
  columns: ReadonlyArray<CsvColumn<Row>>,
  encoding: CsvEncoding,
  options: TableToCsvOptions<Row> = {},
): AsyncGenerator<Uint8Array, void, undefined> {
  const utf8 = new TextEncoder();
  const encode = (text: string) => (encoding === 'utf-8' ? utf8.encode(text) : encodeCp932(text));
  const strict = options.unencodable === 'error';

  const header = columns.map(({ header: label }) => csvField(label)).join(',') + CRLF;
  if (encoding === 'utf-8') {
    const body = utf8.encode(header);
    const first = new Uint8Array(UTF8_BOM.length + body.length);
    first.set(UTF8_BOM);
    first.set(body, UTF8_BOM.length);
    yield first;
  } else {
    yield encode(header);
  }

  let buffer: string[] = [];
  let buffered = 0;
  for await (const row of rows) {
    const cells: string[] = [];
    for (const [column, { cell }] of columns.entries()) {
      let text = cell(row);
      if (encoding === 'shift_jis') {
        try {
          text = toCp932Text(
            text,
            (character, replacement) => options.onUnencodable?.({ row, column, character, replacement }),
            strict,
          );
        } catch (error) {
          if (error instanceof UnencodableCharacter) error.at = { row, column };
          throw error;
        }
      }
      cells.push(csvField(text));
    }
    const line = cells.join(',') + CRLF;
    buffer.push(line);
    buffered += line.length;
    if (buffered >= CHUNK_CHARS) {
      yield encode(buffer.join(''));
      buffer = [];
      buffered = 0;
    }
  }
  if (buffered > 0) yield encode(buffer.join(''));
}
