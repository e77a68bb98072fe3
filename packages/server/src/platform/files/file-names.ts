import { basename } from 'node:path';

/**
 * Characters a file name never needs and that make it lie about itself: controls (Cc), invisible
 * format characters (Cf: the bidi overrides, embeddings and isolates that turn `‮txt.exe` into
 * what looks like `exe.txt`, the marks U+200E/U+200F, zero-width spaces and joiners, BOMs) and the
 * line and paragraph separators. Variation selectors (Mn) stay: kanji variants need them.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

const MAX_LENGTH = 255;

/**
 * A file name as the product keeps it: without directories or invisible characters, NFC, trimmed,
 * at most 255 characters (the extension kept when it is cut). '' when nothing is left.
 */
export function cleanFileName(raw: string | undefined): string {
  const name = basename((raw ?? '').replaceAll('\\', '/'))
    .normalize('NFC')
    .replace(INVISIBLE, '')
    .trim();
  if (name.length <= MAX_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
  return name.slice(0, MAX_LENGTH - extension.length) + extension;
}
