import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Encoding from 'encoding-japanese';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { detectFileType } from '../../src/platform/files/file-types';

const fixture = (name: string) => readFile(join(import.meta.dirname, '..', 'fixtures', name));
const head = (bytes: Uint8Array) => bytes.subarray(0, 4100);

describe('detectFileType: by the first bytes, never by the name alone', () => {
  it('recognises each supported format from its bytes', async () => {
    expect(detectFileType(head(await fixture('clinic-manual.pdf')), 'x.pdf')?.format).toBe('pdf');
    expect(detectFileType(head(await fixture('reception.docx')), 'x.docx')?.format).toBe('docx');
    expect(detectFileType(head(await fixture('supplies.xlsx')), 'x.xlsx')?.format).toBe('xlsx');
    expect(detectFileType(head(await fixture('sakura.png')), 'x.png')?.mime).toBe('image/png');
    expect(detectFileType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'a.jpg')?.format).toBe('jpeg');
  });

  it('a PDF renamed to .docx is still a PDF; a Word file renamed to .pdf is still Word', async () => {
    expect(detectFileType(head(await fixture('clinic-manual.pdf')), 'manual.docx')?.format).toBe('pdf');
    expect(detectFileType(head(await fixture('reception.docx')), 'reception.pdf')?.format).toBe('docx');
  });

  it('refuses an executable renamed as a PDF, and a plain ZIP', async () => {
    expect(detectFileType(await fixture('not-a-pdf.pdf'), 'not-a-pdf.pdf')).toBeNull();
    const zip = zipSync({ 'readme.txt': strToU8('hello') });
    expect(detectFileType(zip, 'archive.docx')).toBeNull();
  });

  it('takes text only under a text name and only when it is text (UTF-8, Shift_JIS)', async () => {
    const utf8 = new TextEncoder().encode('院内規程\n第1条 手指衛生\n');
    expect(detectFileType(utf8, 'rules.txt')?.format).toBe('text');
    expect(detectFileType(utf8, 'rules.md')?.format).toBe('markdown');
    expect(detectFileType(await fixture('patients-sjis.csv'), 'patients.csv')?.format).toBe('csv');
    const sjis = Uint8Array.from(
      Encoding.convert(Encoding.stringToCode('診療記録の保存'), { to: 'SJIS', from: 'UNICODE' }),
    );
    expect(detectFileType(sjis, 'note.txt')?.format).toBe('text');
    // A long file whose first 4,100 bytes end inside a character (3-byte kanji from byte 1 on).
    const long = new TextEncoder().encode(`a${'診療記録'.repeat(2000)}`);
    expect(detectFileType(head(long), 'long.txt')?.format).toBe('text');
    const short = new TextEncoder().encode('同じ中身のファイルです。消毒液の補充。');
    expect(detectFileType(short, 'short.txt')?.format).toBe('text');
    // HTML and SVG are never text to us (they would run in a browser), whatever they contain.
    expect(detectFileType(new TextEncoder().encode('<svg onload="alert(1)"/>'), 'x.svg')).toBeNull();
    expect(detectFileType(new TextEncoder().encode('<script>alert(1)</script>'), 'x.html')).toBeNull();
    // Binary under a text name.
    expect(detectFileType(Uint8Array.from([0x41, 0, 0x42, 1, 2]), 'data.txt')).toBeNull();
    expect(detectFileType(new Uint8Array(), 'empty.txt')).toBeNull();
  });
});
