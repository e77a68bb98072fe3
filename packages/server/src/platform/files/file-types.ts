import Encoding from 'encoding-japanese';

export type FileFormat = 'pdf' | 'docx' | 'xlsx' | 'pptx' | 'text' | 'markdown' | 'csv' | 'png' | 'jpeg';

export interface DetectedFileType {
  format: FileFormat;
  mime: string;
  extension: string;
}

const TYPES: Record<FileFormat, DetectedFileType> = {
  pdf: { format: 'pdf', mime: 'application/pdf', extension: 'pdf' },
  docx: {
    format: 'docx',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
  },
  xlsx: {
    format: 'xlsx',
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extension: 'xlsx',
  },
  pptx: {
    format: 'pptx',
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    extension: 'pptx',
  },
  text: { format: 'text', mime: 'text/plain', extension: 'txt' },
  markdown: { format: 'markdown', mime: 'text/markdown', extension: 'md' },
  csv: { format: 'csv', mime: 'text/csv', extension: 'csv' },
  png: { format: 'png', mime: 'image/png', extension: 'png' },
  jpeg: { format: 'jpeg', mime: 'image/jpeg', extension: 'jpg' },
};

/** Text files are recognised only under these names (a user's HTML or SVG is never "text"). */
/** Every Content-Type a stored file is served with (the contract's StoredFile lists the same). */
export const STORED_FILE_MEDIA_TYPES: readonly string[] = Object.values(TYPES).map((type) => type.mime);

const TEXT_EXTENSIONS: Record<string, FileFormat> = {
  txt: 'text',
  text: 'text',
  log: 'text',
  md: 'markdown',
  markdown: 'markdown',
  csv: 'csv',
  tsv: 'csv',
};
const OFFICE_EXTENSIONS: Record<string, FileFormat> = { docx: 'docx', xlsx: 'xlsx', pptx: 'pptx' };

function startsWith(head: Uint8Array, bytes: readonly number[]): boolean {
  return bytes.every((byte, index) => head[index] === byte);
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** Which Office format a ZIP is, from the entry names in its first bytes, else its extension. */
function officeFormat(head: Uint8Array, extension: string): FileFormat | null {
  const names = Buffer.from(head).toString('latin1');
  if (names.includes('word/')) return 'docx';
  if (names.includes('xl/')) return 'xlsx';
  if (names.includes('ppt/')) return 'pptx';
  if (names.includes('[Content_Types].xml')) return OFFICE_EXTENSIONS[extension] ?? null;
  return null;
}

/** Text in a Japanese or ASCII encoding: no NUL or other binary control bytes. */
function looksLikeText(head: Uint8Array): boolean {
  if (head.length === 0) return false;
  for (const byte of head) {
    if (
      byte === 0 ||
      (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d && byte !== 0x1b)
    ) {
      return false;
    }
  }
  const body = startsWith(head, [0xef, 0xbb, 0xbf]) ? head.subarray(3) : head;
  if (isJapaneseText(body)) return true;
  // A head of HEAD_BYTES may end inside a multi-byte character: judge without it.
  if (head.length < HEAD_BYTES) return false;
  let end = body.length;
  while (end > 0 && ((body[end - 1] as number) & 0xc0) === 0x80) end -= 1;
  return isJapaneseText(body.subarray(0, end - 1)) || isJapaneseText(body.subarray(0, body.length - 1));
}

/** The bytes staged for detection: a shorter head is the whole file. */
const HEAD_BYTES = 4100;

function isJapaneseText(bytes: Uint8Array): boolean {
  const detected = Encoding.detect(bytes);
  return (
    detected === 'ASCII' ||
    detected === 'UTF8' ||
    detected === 'SJIS' ||
    detected === 'EUCJP' ||
    detected === 'JIS'
  );
}

/**
 * The type of a file by its first bytes (magic bytes), never by the name or the browser's word;
 * the name only tells apart formats that share a container (Office ZIPs without their part names
 * in the first bytes) or that have no magic bytes (text, Markdown, CSV). Null: not supported.
 */
export function detectFileType(head: Uint8Array, fileName: string): DetectedFileType | null {
  const extension = extensionOf(fileName);
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return TYPES.pdf; // %PDF-
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return TYPES.png;
  if (startsWith(head, [0xff, 0xd8, 0xff])) return TYPES.jpeg;
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    const format = officeFormat(head, extension);
    return format ? TYPES[format] : null;
  }
  const textFormat = TEXT_EXTENSIONS[extension];
  if (textFormat && looksLikeText(head)) return TYPES[textFormat];
  return null;
}

/** The format of a stored file by the type detected when it was uploaded (null: unknown). */
export function formatOfContentType(contentType: string): FileFormat | null {
  const type = Object.values(TYPES).find((candidate) => candidate.mime === contentType);
  return type ? type.format : null;
}
