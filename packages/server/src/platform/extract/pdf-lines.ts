/** A text item of pdf.js's getTextContent (the fields the line joining reads). */
export interface PdfTextItem {
  str: string;
  hasEOL: boolean;
  /** [a, b, c, d, x, y]. */
  transform: number[];
  width: number;
  height: number;
}

interface Line {
  text: string;
  /** Where the line's last item ends (x + width). */
  right: number;
  /** Font size of the line (item height), a character's width in Japanese text. */
  size: number;
}

const SENTENCE_END = /[。．！？!?」』）)：:]$/;
const ASCII_WORD = /[\x21-\x7e]/;

/**
 * The text of one PDF page with the line breaks that only come from the layout removed: a line
 * that runs to the right margin and does not end a sentence continues on the next one, so
 * 「解約するこ」+「とができる」 is read as 「解約することができる」 (a search for こと or a
 * passage quoted in an answer must not break there). Between Japanese characters the join adds
 * nothing; between Latin words it adds a space. Every other line break stays.
 */
export function joinPdfLines(items: readonly PdfTextItem[]): string {
  const lines: Line[] = [];
  let current: Line = { text: '', right: 0, size: 0 };
  for (const item of items) {
    current.text += item.str;
    if (item.str !== '') {
      current.right = Math.max(current.right, (item.transform[4] ?? 0) + item.width);
      current.size = Math.max(current.size, Math.abs(item.height));
    }
    if (item.hasEOL) {
      lines.push(current);
      current = { text: '', right: 0, size: 0 };
    }
  }
  if (current.text !== '') lines.push(current);

  const margin = Math.max(0, ...lines.map((line) => line.right));
  let text = '';
  for (const [index, line] of lines.entries()) {
    text += line.text;
    const next = lines[index + 1];
    if (!next) break;
    const trimmed = line.text.trimEnd();
    const wrapped =
      trimmed !== '' &&
      next.text.trim() !== '' &&
      line.right >= margin - 1.5 * line.size &&
      !SENTENCE_END.test(trimmed);
    if (!wrapped) {
      text += '\n';
      continue;
    }
    const before = trimmed.at(-1) ?? '';
    const after = next.text.trimStart()[0] ?? '';
    if (ASCII_WORD.test(before) && ASCII_WORD.test(after)) text += ' ';
  }
  return text;
}
