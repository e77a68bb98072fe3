import type { Readable } from 'node:stream';
import { TextDecoder } from 'node:util';
import { parse } from 'csv-parse';
import type { CustomerImportEncoding } from './customers.import.tables';

/**
 * Reading a customers CSV of any size as a stream: the encoding decided from the first bytes
 * (a BOM → UTF-8; valid UTF-8 → UTF-8; else Shift_JIS/CP932 as Excel writes it), the text decoded
 * chunk by chunk (TextDecoder with `stream: true`: a character cut between two chunks is joined),
 * and the records parsed by csv-parse (RFC 4180: quoted fields may hold commas, line breaks and
 * doubled quotes). Memory stays flat whatever the size: one chunk and one record at a time.
 */

/** The first bytes read to decide the encoding. */
const SNIFF_BYTES = 64 * 1024;

export function detectCsvEncoding(head: Uint8Array): CustomerImportEncoding {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8-bom';
  try {
    // `stream: true`: a character cut at the end of the head is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return 'utf-8';
  } catch {
    return 'shift_jis';
  }
}

export interface CsvRecord {
  /** The row number as a spreadsheet shows it (the header is row 1). */
  rowNumber: number;
  cells: string[];
}

export class CsvReadError extends Error {
  override readonly name = 'CsvReadError';
}

export interface CsvReading {
  encoding: CustomerImportEncoding;
  /** Bytes of the file read so far (for an estimate of the rows while reading). */
  bytesRead(): number;
  /** The records in order, the header first (row 1); blank lines are skipped. */
  records: AsyncGenerator<CsvRecord, void, undefined>;
}

async function* decoded(
  source: AsyncIterable<Buffer>,
  onHead: (encoding: CustomerImportEncoding) => void,
  onBytes: (count: number) => void,
): AsyncGenerator<string> {
  const state: { decoder: TextDecoder | null; sjis: boolean } = { decoder: null, sjis: false };
  // CP932's 0x8160 reads as U+FF5E; the export writes 〜 (U+301C) there, so it reads back as 〜.
  const fix = (text: string) => (state.sjis ? text.replace(/\uFF5E/gu, '\u301C') : text);
  const start = (head: Buffer): TextDecoder => {
    const encoding = detectCsvEncoding(head);
    onHead(encoding);
    state.sjis = encoding === 'shift_jis';
    state.decoder = new TextDecoder(state.sjis ? 'shift_jis' : 'utf-8');
    return state.decoder;
  };
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of source) {
    onBytes(chunk.length);
    if (state.decoder) {
      yield fix(state.decoder.decode(chunk, { stream: true }));
      continue;
    }
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes < SNIFF_BYTES) continue;
    const head = Buffer.concat(pending);
    pending = [];
    yield fix(start(head).decode(head, { stream: true }));
  }
  if (!state.decoder) {
    const head = Buffer.concat(pending);
    if (head.length === 0) return;
    yield fix(start(head).decode(head, { stream: true }));
  }
  yield fix((state.decoder as TextDecoder).decode());
}

/** Reads a stored CSV file's records (see the module's comment); a malformed file throws CsvReadError. */
export function readCsvRecords(file: Readable): CsvReading {
  let encoding: CustomerImportEncoding = 'utf-8';
  let bytes = 0;
  const parser = parse({ relax_column_count: true, skip_empty_lines: true, bom: true });
  async function* records(): AsyncGenerator<CsvRecord, void, undefined> {
    const feeding = (async () => {
      try {
        for await (const text of decoded(
          file,
          (found) => {
            encoding = found;
          },
          (count) => {
            bytes += count;
          },
        )) {
          if (parser.destroyed) return;
          if (!parser.write(text)) {
            // A reader that stops early destroys the parser: then 'close' ends the wait.
            await new Promise((resolve) => {
              parser.once('drain', resolve);
              parser.once('close', resolve);
            });
          }
        }
        if (!parser.destroyed) parser.end();
      } catch (error) {
        parser.destroy(error as Error);
      }
    })();
    let rowNumber = 0;
    try {
      for await (const cells of parser as AsyncIterable<string[]>) {
        rowNumber += 1;
        yield { rowNumber, cells };
      }
    } catch (error) {
      const line = (error as { lines?: number }).lines;
      if ((error as { code?: string }).code?.startsWith('CSV_')) {
        throw new CsvReadError(
          `${line ?? rowNumber + 1} 行目付近の CSV の形式が正しくありません（「"」が閉じられていないなど）。`,
        );
      }
      throw error;
    } finally {
      file.destroy();
      if (!parser.destroyed) parser.destroy();
      await feeding;
    }
  }
  return {
    get encoding() {
      return encoding;
    },
    bytesRead: () => bytes,
    records: records(),
  };
}
