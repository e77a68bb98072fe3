/**
 * Compression bombs given straight to the extraction worker: refused with their reason before a
 * library unpacks them, at a cost in memory that stays small; a worker that failed is replaced so
 * that whatever it held goes with it; and a bomb no check foresees (a PDF stream) is stopped by
 * the watch on the process's growth.
 */
import { createDeflate } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ExtractionError } from '../../src/platform/extract/extract';
import { extractionWorkersStarted, extractText } from '../../src/platform/extract/index';
import { bombEntries, zipArchive } from '../documents/zip-bombs';

const MB = 1024 * 1024;

/** The failure of an extraction, and how far the process's resident memory rose meanwhile. */
async function failureAndGrowth(
  run: () => Promise<unknown>,
): Promise<{ error: ExtractionError; growth: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  const error = await run().then(
    () => null,
    (caught: unknown) => caught,
  );
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage.rss());
  expect(error).toBeInstanceOf(ExtractionError);
  return { error: error as ExtractionError, growth: peak - before };
}

/** A one-page PDF whose content stream inflates to `bytes` of comment lines. */
async function pdfBomb(bytes: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 6 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const block = Buffer.from(`%${'x'.repeat(1022)}\n`.repeat(1024));
  for (let written = 0; written < bytes; written += block.length) {
    if (!deflate.write(block)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  await new Promise((resolve) => deflate.end(resolve));
  const content = Buffer.concat(out);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
  ].map((object, index) => Buffer.from(`${index + 1} 0 obj\n${object}\nendobj\n`));
  const stream = Buffer.concat([
    Buffer.from(`4 0 obj\n<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`),
    content,
    Buffer.from('\nendstream\nendobj\n'),
  ]);
  const parts = [Buffer.from('%PDF-1.4\n'), ...objects, stream];
  const offsets = parts
    .slice(1)
    .map((_, index) => parts.slice(0, index + 1).reduce((sum, part) => sum + part.length, 0));
  const xref = parts.reduce((sum, part) => sum + part.length, 0);
  const table = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  const trailer = `xref\n0 5\n0000000000 65535 f \n${table}trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.concat([...parts, Buffer.from(trailer)]);
}

describe('compression bombs in the extraction worker', () => {
  it('refuses Word and Excel bombs before unpacking them, with the reason', async () => {
    for (const [format, kind] of [
      ['docx', 'Word 文書'],
      ['xlsx', 'Excel ファイル'],
    ] as const) {
      const bomb = zipArchive(await bombEntries(format, 1 << 30));
      const { error, growth } = await failureAndGrowth(() => extractText(bomb, format));
      expect(error.kind).toBe('failed');
      expect(error.message).toBe(
        `${kind}は展開すると大きすぎるため、本文を読み取りませんでした。ファイルは保存され、ダウンロードはできます。本文を検索できるようにするには、内容を分けたファイルにしてからアップロードしてください。`,
      );
      expect(growth, format).toBeLessThan(300 * MB);
    }
  }, 60_000);

  it('replaces the worker after a failed file, keeps it after an unsupported one', async () => {
    await extractText(Buffer.from('一件目'), 'text');
    const started = extractionWorkersStarted();
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    await expect(extractText(png, 'png')).rejects.toMatchObject({ kind: 'unsupported' });
    expect(extractionWorkersStarted()).toBe(started);
    await expect(extractText(Buffer.from('PK\u0003\u0004 broken'), 'docx')).rejects.toMatchObject({
      kind: 'failed',
    });
    expect((await extractText(Buffer.from('三件目'), 'text')).parts[0]?.text).toBe('三件目');
    expect(extractionWorkersStarted()).toBe(started + 1);
  });

  it('stops a PDF whose stream inflates to a gigabyte once the process has grown by 640 MB', async () => {
    const bomb = await pdfBomb(1 << 30);
    expect(bomb.length).toBeLessThan(20 * MB);
    const { error, growth } = await failureAndGrowth(() => extractText(bomb, 'pdf'));
    expect(error.kind).toBe('failed');
    expect(error.message).toBe('ファイルが大きすぎて読み取れませんでした。');
    // The watch samples every 50 ms: a last doubling of pdf.js's buffer may land before it acts.
    expect(growth).toBeLessThan(1200 * MB);
  }, 60_000);
});
