import Encoding from 'encoding-japanese';
import mammoth from 'mammoth';
import readXlsxFile from 'read-excel-file/node';
import { getDocumentProxy } from 'unpdf';
import type { DetectedFileType } from '../files/file-types';
import { type ExtractedText, ExtractionError } from './extract';
import { joinPdfLines, type PdfTextItem } from './pdf-lines';
import { checkZipLimits, ZipLimitError } from './zip-limits';

/** Hostile input stops here: a PDF of more pages, or a text longer, is read only up to these. */
export const MAX_PAGES = 2_000;
export const MAX_CHARACTERS = 5_000_000;

export const SCANNED_PDF_MESSAGE =
  'この PDF には文字情報がありません（スキャンした画像の PDF の可能性があります）。文字を読み取るには、文字情報付きの PDF をアップロードしてください。';
const IMAGE_MESSAGE =
  '画像から文字は読み取りません（文字認識には対応していません）。ファイルは保存され、プレビューとダウンロードはできます。';
const PPTX_MESSAGE =
  'PowerPoint の本文の読み取りには対応していません。ファイルは保存され、ダウンロードはできます。';
const DAMAGED = (kind: string) =>
  `${kind}を読み取れませんでした。ファイルが壊れているか、パスワードで保護されている可能性があります。`;

const TOO_LARGE_WHEN_UNPACKED = (kind: string) =>
  `${kind}は展開すると大きすぎるため、本文を読み取りませんでした。ファイルは保存され、ダウンロードはできます。本文を検索できるようにするには、内容を分けたファイルにしてからアップロードしてください。`;

/**
 * An Office file (a ZIP) within the limits before a library unpacks it (zip-limits.ts): a
 * compression bomb is refused here with its reason, before it costs any memory.
 */
async function unpackable(bytes: Uint8Array, kind: string): Promise<void> {
  try {
    await checkZipLimits(bytes);
  } catch (error) {
    if (!(error instanceof ZipLimitError)) throw error;
    throw new ExtractionError(
      error.reason === 'too-large' ? TOO_LARGE_WHEN_UNPACKED(kind) : DAMAGED(kind),
      'failed',
    );
  }
}

/** Cuts the total text at MAX_CHARACTERS (whole parts first, then the last one's tail). */
function capped(parts: ExtractedText['parts']): ExtractedText['parts'] {
  let left = MAX_CHARACTERS;
  const kept: ExtractedText['parts'] = [];
  for (const part of parts) {
    if (left <= 0) break;
    const text = part.text.length > left ? part.text.slice(0, left) : part.text;
    left -= text.length;
    kept.push({ page: part.page, text });
  }
  return kept;
}

function hasText(parts: ExtractedText['parts']): boolean {
  return parts.some((part) => part.text.trim() !== '');
}

/**
 * PDF fonts often map kanji to their Kangxi radical look-alikes (⼿ U+2F3F for 手): they are
 * replaced by the ideographs they stand for (their NFKC form), the rest is NFC.
 */
function readableText(text: string): string {
  return text.replace(/[\u2f00-\u2fdf]/g, (radical) => radical.normalize('NFKC')).normalize('NFC');
}

async function pdfText(bytes: Uint8Array): Promise<ExtractedText> {
  let document: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // A copy: pdf.js detaches the buffer it is given.
    document = await getDocumentProxy(new Uint8Array(bytes));
  } catch (error) {
    const name = (error as { name?: string } | null)?.name;
    if (name === 'PasswordException') {
      throw new ExtractionError(
        'パスワードで保護された PDF は読み取れません。保護を外してからアップロードしてください。',
        'failed',
      );
    }
    throw new ExtractionError(DAMAGED('PDF '), 'failed');
  }
  try {
    const pageCount = document.numPages;
    const parts: ExtractedText['parts'] = [];
    let characters = 0;
    for (let page = 1; page <= Math.min(pageCount, MAX_PAGES) && characters < MAX_CHARACTERS; page += 1) {
      const content = await (await document.getPage(page)).getTextContent();
      const text = joinPdfLines(content.items.filter((item) => 'str' in item) as PdfTextItem[]);
      characters += text.length;
      parts.push({ page, text: readableText(text) });
    }
    if (!hasText(parts)) throw new ExtractionError(SCANNED_PDF_MESSAGE, 'unsupported');
    return { parts: capped(parts), pageCount };
  } catch (error) {
    if (error instanceof ExtractionError) throw error;
    throw new ExtractionError(DAMAGED('PDF '), 'failed');
  } finally {
    await (document as { destroy?: () => Promise<void> }).destroy?.().catch(() => {});
  }
}

async function docxText(bytes: Uint8Array): Promise<ExtractedText> {
  await unpackable(bytes, 'Word 文書');
  let value: string;
  try {
    ({ value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) }));
  } catch {
    throw new ExtractionError(DAMAGED('Word 文書'), 'failed');
  }
  const parts = [{ page: null, text: value.normalize('NFC') }];
  if (!hasText(parts)) throw new ExtractionError('この Word 文書には本文がありません。', 'unsupported');
  return { parts: capped(parts), pageCount: null };
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).replace(/[\t\r\n]+/g, ' ');
}

async function xlsxText(bytes: Uint8Array): Promise<ExtractedText> {
  await unpackable(bytes, 'Excel ファイル');
  let sheets: Awaited<ReturnType<typeof readXlsxFile>>;
  try {
    sheets = await readXlsxFile(Buffer.from(bytes));
  } catch {
    throw new ExtractionError(DAMAGED('Excel ファイル'), 'failed');
  }
  const parts = sheets.map(({ sheet, data }) => {
    const rows = data
      .map((row) => row.map(cellText).join('\t').replace(/\t+$/, ''))
      .filter((line) => line !== '');
    return { page: null, text: `${sheet}\n${rows.join('\n')}`.normalize('NFC') };
  });
  if (!sheets.some(({ data }) => data.some((row) => row.some((cell) => cellText(cell) !== '')))) {
    throw new ExtractionError('この Excel ファイルには値の入ったセルがありません。', 'unsupported');
  }
  return { parts: capped(parts), pageCount: null };
}

/** UTF-8 (with or without BOM), Shift_JIS, EUC-JP or ISO-2022-JP, as detected. */
export function decodeJapaneseText(bytes: Uint8Array): string {
  let body = bytes;
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) body = body.subarray(3);
  const detected = Encoding.detect(body);
  if (detected === 'SJIS' || detected === 'EUCJP' || detected === 'JIS') {
    return Encoding.convert(body, { to: 'UNICODE', from: detected, type: 'string' });
  }
  return new TextDecoder('utf-8').decode(body);
}

function plainText(bytes: Uint8Array): ExtractedText {
  const text = decodeJapaneseText(bytes).replace(/\r\n?/g, '\n').normalize('NFC');
  const parts = [{ page: null, text }];
  if (!hasText(parts)) throw new ExtractionError('このファイルには文字がありません。', 'unsupported');
  return { parts: capped(parts), pageCount: null };
}

/** The text of a file by its detected format (runs in the extraction worker thread). */
export async function extractByFormat(
  bytes: Uint8Array,
  format: DetectedFileType['format'],
): Promise<ExtractedText> {
  switch (format) {
    case 'pdf':
      return pdfText(bytes);
    case 'docx':
      return docxText(bytes);
    case 'xlsx':
      return xlsxText(bytes);
    case 'text':
    case 'markdown':
    case 'csv':
      return plainText(bytes);
    case 'png':
    case 'jpeg':
      throw new ExtractionError(IMAGE_MESSAGE, 'unsupported');
    case 'pptx':
      // Never unpacked, so a bomb costs nothing here; reading slides one day starts with unpackable().
      throw new ExtractionError(PPTX_MESSAGE, 'unsupported');
  }
}
