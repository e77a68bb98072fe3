import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import { describe, expect, it } from 'vitest';
import { checkZipLimits, ZIP_LIMITS, type ZipLimits } from '../../src/platform/extract/zip-limits';
import { entry, repetitiveEntry, zipArchive } from '../documents/zip-bombs';

const fixture = (name: string) => readFile(join(import.meta.dirname, '..', 'fixtures', name));

async function verdict(bytes: Uint8Array, limits?: ZipLimits): Promise<string> {
  return checkZipLimits(bytes, limits).then(
    () => 'ok',
    (error: { reason?: string }) => error.reason ?? String(error),
  );
}

/** A ZIP as a streaming writer makes it: sizes in data descriptors after each entry's data. */
function streamedZip(files: Record<string, string>): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    const zip = new Zip((error, chunk, final) => {
      if (error) return reject(error);
      chunks.push(chunk);
      if (final) resolve(Buffer.concat(chunks));
    });
    for (const [name, text] of Object.entries(files)) {
      const file = new ZipDeflate(name, { level: 6 });
      zip.add(file);
      file.push(strToU8(text), true);
    }
    zip.end();
  });
}

const small = (name: string, size: number) => entry(name, Buffer.alloc(size, 'あいう'));

describe('checkZipLimits', () => {
  it('passes real Office files, and ZIPs written with data descriptors', async () => {
    expect(await verdict(await fixture('reception.docx'))).toBe('ok');
    expect(await verdict(await fixture('supplies.xlsx'))).toBe('ok');
    const streamed = await streamedZip({
      '[Content_Types].xml': '<Types/>',
      'word/document.xml': '<w:document/>',
    });
    expect(await verdict(streamed)).toBe('ok');
  });

  it('refuses an entry or a whole over the size limits by what the directory declares', async () => {
    const limits = { ...ZIP_LIMITS, entryBytes: 10_000, totalBytes: 15_000 };
    expect(await verdict(zipArchive([small('a.xml', 9_000)]), limits)).toBe('ok');
    expect(await verdict(zipArchive([small('a.xml', 10_001)]), limits)).toBe('too-large');
    expect(await verdict(zipArchive([small('a.xml', 8_000), small('b.xml', 8_000)]), limits)).toBe(
      'too-large',
    );
    expect(await verdict(zipArchive([small('a.xml', 100)]), { ...ZIP_LIMITS, entries: 0 })).toBe('too-large');
  });

  it('refuses an entry that inflates more than 100 times once it is over 1 MB', async () => {
    const dense = await repetitiveEntry(
      'word/document.xml',
      { head: '<a>', unit: '<b/>', tail: '</a>' },
      2 << 20,
    );
    expect(dense.size / dense.compressed.length).toBeGreaterThan(100);
    expect(await verdict(zipArchive([dense]))).toBe('too-large');
    // Small parts (styles, settings) may compress that well without harm.
    const part = entry('word/styles.xml', '<b/>'.repeat(200_000));
    expect(part.size / part.compressed.length).toBeGreaterThan(100);
    expect(await verdict(zipArchive([part]))).toBe('ok');
  });

  it('stops inflating an entry that lies about its size, at the size it declared', async () => {
    const bomb = await repetitiveEntry(
      'word/document.xml',
      { head: '<a>', unit: '<b>明細</b>', tail: '</a>' },
      1 << 30,
    );
    const before = process.memoryUsage.rss();
    expect(await verdict(zipArchive([bomb], { declaredSize: () => 4096 }))).toBe('damaged');
    expect(process.memoryUsage.rss() - before).toBeLessThan(100 * 1024 * 1024);
    // Declaring more than it holds is a lie too.
    expect(await verdict(zipArchive([small('a.xml', 100)], { declaredSize: () => 200 }))).toBe('damaged');
  }, 60_000);

  it('refuses local entries the directory does not list (a streaming reader would unpack them)', async () => {
    const hidden = zipArchive([small('xl/worksheets/sheet1.xml', 100)]);
    const listed = zipArchive([small('xl/workbook.xml', 100)]);
    const localEnd = hidden.readUInt32LE(hidden.length - 6); // where its directory starts
    // The hidden entry's local header and data first, then an archive whose directory skips it.
    const smuggled = Buffer.concat([hidden.subarray(0, localEnd), listed]);
    smuggled.writeUInt32LE(smuggled.readUInt32LE(smuggled.length - 6) + localEnd, smuggled.length - 6);
    const directory = smuggled.readUInt32LE(smuggled.length - 6);
    smuggled.writeUInt32LE(smuggled.readUInt32LE(directory + 42) + localEnd, directory + 42);
    expect(await verdict(smuggled)).toBe('damaged');
  });

  it('refuses two directory entries over the same data, encryption and what is not a ZIP', async () => {
    const one = small('word/document.xml', 1000);
    const twice = zipArchive([one, one]);
    const directory = twice.readUInt32LE(twice.length - 6);
    twice.writeUInt32LE(0, directory + 46 + one.name.length + 42); // the second points at the first
    expect(await verdict(twice)).toBe('damaged');
    const encrypted = zipArchive([one]);
    encrypted.writeUInt16LE(0x0801, 6);
    encrypted.writeUInt16LE(0x0801, encrypted.readUInt32LE(encrypted.length - 6) + 8);
    expect(await verdict(encrypted)).toBe('damaged');
    expect(await verdict(Buffer.from('PK\u0003\u0004 broken'))).toBe('damaged');
    const whole = zipArchive([one]);
    expect(await verdict(whole.subarray(0, whole.length - 1))).toBe('damaged');
  });
});
