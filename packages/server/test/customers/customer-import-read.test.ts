/**
 * Reading a customers CSV as a stream: the encoding detected from the first bytes (a character
 * cut between chunks included), quoted fields across lines, and memory that stays flat for a file
 * far larger than what the reader may hold (made on the fly, never whole in memory).
 */
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import Encoding from 'encoding-japanese';
import { describe, expect, it } from 'vitest';
import { detectCsvEncoding, readCsvRecords } from '../../src/modules/customers/customers.import-read';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const inUse = () => {
  const memory = process.memoryUsage();
  return memory.heapUsed + memory.arrayBuffers;
};

const sjis = (text: string) =>
  Buffer.from(Encoding.convert(Encoding.stringToCode(text), { to: 'SJIS', from: 'UNICODE' }));

async function all(source: Readable) {
  const reading = readCsvRecords(source);
  const records = [];
  for await (const record of reading.records) records.push(record);
  return { encoding: reading.encoding, records };
}

describe('reading a customers CSV as a stream', () => {
  it('detects UTF-8, UTF-8 with BOM and Shift_JIS', () => {
    expect(detectCsvEncoding(new TextEncoder().encode('姓,名'))).toBe('utf-8');
    expect(detectCsvEncoding(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))).toBe('utf-8-bom');
    expect(detectCsvEncoding(sjis('姓,名,セイ'))).toBe('shift_jis');
    // A head cut inside a UTF-8 character is still UTF-8.
    expect(detectCsvEncoding(new TextEncoder().encode('姓,名').subarray(0, 4))).toBe('utf-8');
  });

  it('joins characters split between chunks and reads quoted fields across lines', async () => {
    const bytes = sjis('姓,名,メモ\r\n髙橋,〜,"一行目\n二行目, ""引用"""\r\n\r\n佐藤,花子,\r\n');
    // One byte per chunk: every double-byte character is cut in two.
    const { encoding, records } = await all(Readable.from([...bytes].map((byte) => Buffer.from([byte]))));
    expect(encoding).toBe('shift_jis');
    expect(records).toEqual([
      { rowNumber: 1, cells: ['姓', '名', 'メモ'] },
      { rowNumber: 2, cells: ['髙橋', '〜', '一行目\n二行目, "引用"'] },
      { rowNumber: 3, cells: ['佐藤', '花子', ''] },
    ]);
  });

  it('drops a BOM', async () => {
    const { encoding, records } = await all(Readable.from([Buffer.from('\uFEFF姓,名\n山田,花子\n')]));
    expect(encoding).toBe('utf-8-bom');
    expect(records[0]?.cells).toEqual(['姓', '名']);
  });

  it('holds flat memory over a 200,000-row Shift_JIS file made as it is read', async () => {
    const row = sjis(
      '山田,花子,ヤマダ,ハナコ,昭和55年4月1日,女性,株式会社さくら,サクラ,hanako@example.jp,03-1234-5678\r\n',
    );
    const rows = 200_000;
    let made = 0;
    const source = new Readable({
      read() {
        if (made >= rows) return this.push(null);
        const batch = Math.min(500, rows - made);
        made += batch;
        this.push(Buffer.concat(Array.from({ length: batch }, () => row)));
      },
    });
    gc();
    const before = inUse();
    let peak = 0;
    let count = 0;
    const reading = readCsvRecords(source);
    for await (const record of reading.records) {
      count += 1;
      if (record.rowNumber % 20_000 === 0) {
        gc();
        peak = Math.max(peak, inUse() - before);
      }
    }
    expect(count).toBe(rows);
    expect(reading.encoding).toBe('shift_jis');
    // The file is about 19 MB; the reader holds a chunk and a record at a time.
    expect(row.length * rows).toBeGreaterThan(18 * 1024 * 1024);
    expect(peak).toBeLessThan(8 * 1024 * 1024);
  }, 120_000);
});
