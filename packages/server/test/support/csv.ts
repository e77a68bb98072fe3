import { CUSTOMER_CSV_FIELDS, CUSTOMER_CSV_TAG_SEPARATOR, unguardCsvFormula } from '@tsumiki/api-client';
import Papa from 'papaparse';
import { expect } from 'vitest';
import { CUSTOMER_CSV_COLUMNS } from '../../src/modules/customers/customers.csv';

/**
 * A test oracle reading a file back the way Excel (and the app's import) does: a BOM means
 * UTF-8, else CP932; empty cells are null, tags split on ';', the formula guard's "'" removed.
 * The product's reader is the app's (features/customers/customer-csv.ts).
 */
export function readBack(bytes: Uint8Array): {
  encoding: 'utf-8' | 'shift_jis';
  rows: Array<Record<string, unknown>>;
} {
  const utf8 = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const text = new TextDecoder(utf8 ? 'utf-8' : 'shift_jis').decode(utf8 ? bytes.subarray(3) : bytes);
  const [header, ...records] = Papa.parse<string[]>(text.replace(/\r\n$/, ''), { newline: '\r\n' }).data;
  expect(header).toEqual(CUSTOMER_CSV_COLUMNS.map((column) => column.header));
  const importable = CUSTOMER_CSV_COLUMNS.slice(0, CUSTOMER_CSV_FIELDS.length);
  return {
    encoding: utf8 ? 'utf-8' : 'shift_jis',
    rows: records.map((record) =>
      Object.fromEntries(
        importable.map(({ field }, index) => {
          let cell = record[index] ?? '';
          cell = unguardCsvFormula(cell);
          if (field === 'tags') return [field, cell === '' ? [] : cell.split(CUSTOMER_CSV_TAG_SEPARATOR)];
          return [field, cell === '' ? null : cell];
        }),
      ),
    ),
  };
}
