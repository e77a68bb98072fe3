import type { Readable } from 'node:stream';

/**
 * `Content-Disposition` of a download: an ASCII fallback in `filename` and the real (Japanese)
 * name in `filename*` (RFC 6266 / RFC 5987), as the contract's ContentDisposition header says.
 * `inline` asks the browser to show it (a preview) instead of saving it.
 */
export function contentDisposition(
  fileName: string,
  asciiFallback: string,
  disposition: 'attachment' | 'inline' = 'attachment',
): string {
  const fallback = asciiFallback.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName.normalize('NFC')).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Types a browser may show inline: they run no script (a user's HTML or SVG never is one). */
const PREVIEWABLE = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'text/plain',
  'text/csv',
  'text/markdown',
]);

/**
 * The headers of a stored file's response: its type, length and name; never sniffed; inline only
 * for previewable types, under a CSP that lets it load nothing and run nothing (a PDF viewer's
 * own viewer excepted from the sandbox); everything else is an attachment.
 */
export function storedFileHeaders(file: {
  fileName: string;
  contentType: string;
  size: number;
  disposition: 'attachment' | 'inline';
}): Record<string, string> {
  const inline = file.disposition === 'inline' && PREVIEWABLE.has(file.contentType);
  const dot = file.fileName.lastIndexOf('.');
  const extension = dot > 0 ? file.fileName.slice(dot).replace(/[^A-Za-z0-9.]/g, '') : '';
  return {
    // No charset: a text file is kept as uploaded (UTF-8 or Shift_JIS).
    'content-type': file.contentType,
    'content-length': String(file.size),
    'content-disposition': contentDisposition(
      file.fileName,
      `download${extension}`,
      inline ? 'inline' : 'attachment',
    ),
    'x-content-type-options': 'nosniff',
    ...(inline
      ? {
          // Chrome does not open its PDF viewer in a sandboxed document; images and text get the sandbox.
          'content-security-policy':
            file.contentType === 'application/pdf'
              ? "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; object-src 'self'"
              : "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
          'cache-control': 'private, no-store',
        }
      : { 'cache-control': 'private, no-store' }),
  };
}

/**
 * The 200 of a download operation for a stored file (documents, knowledge base): the stream and
 * its headers.
 */
export function storedFileResponse(
  file: { file_name: string; content_type: string; size_bytes: string | number },
  stream: Readable,
  disposition: 'attachment' | 'inline' | undefined,
) {
  return {
    status: 200 as const,
    body: stream,
    headers: storedFileHeaders({
      fileName: file.file_name,
      contentType: file.content_type,
      size: Number(file.size_bytes),
      disposition: disposition ?? 'attachment',
    }),
  };
}
