import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { extractText } from '../../src/platform/extract';
import { joinPdfLines, type PdfTextItem } from '../../src/platform/extract/pdf-lines';

/** One line of text at x = 50, 10 pt, as pdf.js reports it (a full line ends at x = 350). */
function line(str: string, width: number): PdfTextItem {
  return { str, hasEOL: true, transform: [10, 0, 0, 10, 50, 0], width, height: 10 };
}

describe('joinPdfLines', () => {
  it('joins a line that runs to the margin into the next, without a space between Japanese characters', () => {
    const text = joinPdfLines([
      line('第5条（解約）', 70),
      line('甲又は乙は、30日前までに書面で相手方に通知することにより、本契約を解約するこ', 300),
      line('とができる。', 60),
      line('第6条（損害賠償）', 90),
    ]);
    expect(text).toBe(
      '第5条（解約）\n甲又は乙は、30日前までに書面で相手方に通知することにより、本契約を解約することができる。\n第6条（損害賠償）',
    );
  });

  it('keeps the break after a sentence, a short line, and puts a space between Latin words', () => {
    expect(joinPdfLines([line('保存します。', 300), line('次の段落', 40)])).toBe('保存します。\n次の段落');
    expect(joinPdfLines([line('見出し', 30), line('本文', 300)])).toBe('見出し\n本文');
    expect(joinPdfLines([line('personal', 300), line('data', 40)])).toBe('personal data');
  });

  it('reads a wrapped sentence of the fixture PDF whole', async () => {
    const pdf = await readFile(new URL('../fixtures/clinic-manual.pdf', import.meta.url));
    const text = await extractText(pdf, 'pdf');
    // The HTML's paragraph wraps in the PDF; extracted, the sentence is one.
    expect(text.parts[0]?.text).toContain(
      'アルコール製剤を用いた手指消毒を基本とし、目に見える汚れがあるときは流水と石けんで手を洗います。',
    );
  });
});
