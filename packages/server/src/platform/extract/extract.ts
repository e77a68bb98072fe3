/**
 * What the extraction of one file yields: text per page where the format has pages (PDF), one
 * "page" with `page: null` otherwise (Word, text; an Excel sheet is one part each, `page: null`,
 * its text prefixed by the sheet name). Implemented in extract/ by format.
 */
export interface ExtractedText {
  parts: ExtractedPart[];
  /** Pages of a PDF; null where the format has none. */
  pageCount: number | null;
}

export interface ExtractedPart {
  /** 1-based page number, or null. */
  page: number | null;
  text: string;
}

/** Why a file could not be read, in Japanese for the user (e.g. a scanned PDF without text). */
export class ExtractionError extends Error {
  constructor(
    message: string,
    /** `unsupported`: the format is kept but not readable (images); `failed`: the file is damaged. */
    readonly kind: 'failed' | 'unsupported',
  ) {
    super(message);
    this.name = 'ExtractionError';
  }
}

/** A piece of text the index stores and cites: its place in the document and its page. */
export interface TextChunk {
  /** 0-based position of the chunk in the document. */
  index: number;
  page: number | null;
  /** Offset (UTF-16) of the chunk's start within its part's text. */
  start: number;
  text: string;
}
