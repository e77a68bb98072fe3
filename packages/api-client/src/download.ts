import { errorFromException, errorFromResponse } from './errors';

/** A downloaded file: its content and the name to save it under. */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/** Default names when the server gives none (SPEC section 7). */
export const defaultDownloadNames = {
  customerResearch: '顧客調査レポート.pdf',
  competitorAnalysis: '競合分析レポート.pdf',
  customersCsv: '顧客一覧.csv',
  auditLogCsv: '操作ログ.csv',
} as const;

/**
 * The file name of a `Content-Disposition` header: `filename*` (RFC 5987, UTF-8) wins over
 * `filename`; null when there is neither.
 */
export function filenameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    const charset = (extended[1] || 'utf-8').toLowerCase();
    const value = extended[2].trim().replace(/^"(.*)"$/, '$1');
    try {
      if (charset === 'utf-8') return decodeURIComponent(value);
      // ISO-8859-1: percent-escapes are single bytes.
      return value.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
    } catch {
      // A malformed escape: fall back to the plain filename parameter below.
    }
  }
  const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header);
  if (!plain) return null;
  const name = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : (plain[1] ?? '').trim();
  return name || null;
}

interface BlobResult {
  data?: Blob;
  error?: unknown;
  response: Response;
}

/**
 * Awaits an openapi-fetch call made with `parseAs: 'blob'` and returns `{ blob, filename }`. A
 * non-2xx answer, or a JSON error envelope where a file was expected, throws an ApiError.
 */
export async function downloadFile(
  call: Promise<BlobResult>,
  defaultFilename: string,
  path = '',
): Promise<DownloadedFile> {
  let result: BlobResult;
  try {
    result = await call;
  } catch (cause) {
    throw errorFromException(cause, path);
  }
  const { response } = result;
  if (!response.ok) throw errorFromResponse(response, result.error);
  const blob = result.data ?? new Blob([]);
  if (isJson(response.headers.get('content-type'))) {
    // A JSON body where a file was expected is the server explaining why there is no file.
    let parsed: unknown;
    try {
      parsed = JSON.parse(await blob.text());
    } catch {
      parsed = undefined;
    }
    throw errorFromResponse(response, parsed);
  }
  return {
    blob,
    filename: filenameFromContentDisposition(response.headers.get('content-disposition')) ?? defaultFilename,
  };
}

function isJson(contentType: string | null): boolean {
  return contentType !== null && /^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType);
}
