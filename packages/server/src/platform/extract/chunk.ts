import type { ExtractedText, TextChunk } from './extract';

export const CHUNK_MIN = 400;
export const CHUNK_MAX = 600;
/** Where a chunk may end: after a sentence, else after a line. */
const SENTENCE_END = /[。．！？!?]/;
const LINE_END = /\n/;

/** The last boundary in text[from, to) (the index after it), or -1. */
function lastBoundary(text: string, from: number, to: number): number {
  for (const boundary of [SENTENCE_END, LINE_END]) {
    for (let index = to - 1; index >= from; index -= 1) {
      if (boundary.test(text[index] as string)) return index + 1;
    }
  }
  return -1;
}

/**
 * Cuts extracted text into chunks of about CHUNK_MIN–CHUNK_MAX characters, at the end of a
 * sentence (。．！？) or a line where there is one, never across pages (parts). Each chunk keeps
 * its page and its offset in its part's text; leading and trailing white space is left out, and
 * chunks of only white space are dropped.
 */
export function chunkText(text: ExtractedText): TextChunk[] {
  const chunks: TextChunk[] = [];
  for (const part of text.parts) {
    const source = part.text;
    let position = 0;
    while (position < source.length) {
      let end: number;
      if (source.length - position <= CHUNK_MAX) {
        end = source.length;
      } else {
        const boundary = lastBoundary(source, position + CHUNK_MIN, position + CHUNK_MAX);
        end = boundary > position ? boundary : position + CHUNK_MAX;
        // Never split a surrogate pair.
        const code = source.charCodeAt(end - 1);
        if (code >= 0xd800 && code <= 0xdbff) end += 1;
      }
      const piece = source.slice(position, end);
      const leading = piece.length - piece.trimStart().length;
      const trimmed = piece.trim();
      if (trimmed !== '') {
        chunks.push({ index: chunks.length, page: part.page, start: position + leading, text: trimmed });
      }
      position = end;
    }
  }
  return chunks;
}
