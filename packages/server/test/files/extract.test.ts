import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExtractionError } from '../../src/platform/extract/extract';
import { SCANNED_PDF_MESSAGE } from '../../src/platform/extract/formats';
import { extractionWorkersStarted, extractText } from '../../src/platform/extract/index';

const fixture = (name: string) => readFile(join(import.meta.dirname, '..', 'fixtures', name));

async function failure(promise: Promise<unknown>): Promise<ExtractionError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ExtractionError);
  return error as ExtractionError;
}

describe('extractText (in a worker thread)', () => {
  it('reads a PDF page by page, kanji as kanji (not the font’s radical look-alikes)', async () => {
    const text = await extractText(await fixture('clinic-manual.pdf'), 'pdf');
    expect(text.pageCount).toBe(3);
    expect(text.parts.map((part) => part.page)).toEqual([1, 2, 3]);
    expect(text.parts[0]?.text).toContain('手指衛生');
    expect(text.parts[1]?.text).toContain('５年間保存します');
    expect(text.parts[2]?.text).toContain('停電');
    expect(text.parts[0]?.text).not.toContain('停電');
  });

  it('reads Word, Excel (a sheet a part, cells by tabs) and a Shift_JIS CSV', async () => {
    const word = await extractText(await fixture('reception.docx'), 'docx');
    expect(word.parts[0]?.text).toContain('予約の変更は、前日の午後５時までに');
    const excel = await extractText(await fixture('supplies.xlsx'), 'xlsx');
    expect(excel.parts).toEqual([
      { page: null, text: '備品\n項目\t数量\n使い捨て手袋\t200\nサージカルマスク\t150' },
    ]);
    const csv = await extractText(await fixture('patients-sjis.csv'), 'csv');
    expect(csv.parts[0]?.text).toContain('山田 太郎,ヤマダ タロウ');
  });

  it('strips a UTF-8 BOM', async () => {
    const text = await extractText(
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('院内規程')]),
      'text',
    );
    expect(text.parts[0]?.text).toBe('院内規程');
  });

  it('says why it cannot read: scanned PDF, image, damaged file', async () => {
    const scanned = await failure(extractText(await fixture('no-text.pdf'), 'pdf'));
    expect(scanned.kind).toBe('unsupported');
    expect(scanned.message).toBe(SCANNED_PDF_MESSAGE);
    const image = await failure(extractText(await fixture('sakura.png'), 'png'));
    expect(image.kind).toBe('unsupported');
    expect(image.message).toMatch(/画像から文字は読み取りません/);
    const pdf = await fixture('clinic-manual.pdf');
    const damaged = await failure(extractText(pdf.subarray(0, 2000), 'pdf'));
    expect(damaged.kind).toBe('failed');
    expect(damaged.message).toMatch(/PDF を読み取れませんでした/);
    const word = await failure(extractText(Buffer.from('PK\u0003\u0004 broken'), 'docx'));
    expect(word.kind).toBe('failed');
  });

  it('stops an extraction that takes too long', async () => {
    const slow = await failure(extractText(await fixture('clinic-manual.pdf'), 'pdf', { timeoutMs: 1 }));
    expect(slow.kind).toBe('failed');
    expect(slow.message).toMatch(/時間がかかりすぎた/);
  });

  it('keeps one worker warm between files, and replaces it after one took too long', async () => {
    await extractText(Buffer.from('一件目'), 'text');
    const started = extractionWorkersStarted();
    await extractText(Buffer.from('二件目'), 'text');
    const third = await extractText(await fixture('reception.docx'), 'docx');
    expect(third.parts[0]?.text).toContain('予約の変更');
    expect(extractionWorkersStarted()).toBe(started);
    await failure(extractText(await fixture('clinic-manual.pdf'), 'pdf', { timeoutMs: 1 }));
    const after = await extractText(Buffer.from('四件目'), 'text');
    expect(after.parts[0]?.text).toBe('四件目');
    expect(extractionWorkersStarted()).toBe(started + 1);
  });
});
