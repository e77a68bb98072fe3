import { describe, expect, it } from 'vitest';
import { cleanFileName } from '../../src/platform/files/file-names';

describe('cleanFileName', () => {
  it('keeps the visible name only: no directories, controls or bidi characters, NFC', () => {
    expect(cleanFileName('C:\\Users\\山田\\\u202etxt.exe\u202c.txt')).toBe('txt.exe.txt');
    expect(cleanFileName('../../\u0000請求書\u001f.pdf')).toBe('請求書.pdf');
    expect(cleanFileName('\u30ab\u3099イド.pdf')).toBe('ガイド.pdf');
    expect(cleanFileName(' \u200e\u3000受付\u3000.pdf\u200f ')).toBe('受付\u3000.pdf');
  });

  it('leaves nothing of a name of invisible characters, and none of no name', () => {
    expect(cleanFileName('\u202e\u2066\u200b\ufeff')).toBe('');
    expect(cleanFileName(undefined)).toBe('');
  });

  it('cuts a long name at 255 characters, keeping its extension', () => {
    const name = cleanFileName(`${'あ'.repeat(300)}\u202e.docx`);
    expect(name).toHaveLength(255);
    expect(name.endsWith('あ.docx')).toBe(true);
  });
});
