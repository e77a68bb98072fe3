/**
 * `Content-Disposition` of a download: an ASCII fallback in `filename` and the real (Japanese)
 * name in `filename*` (RFC 6266 / RFC 5987), as the contract's ContentDisposition header says.
 */
export function contentDisposition(fileName: string, asciiFallback: string): string {
  const fallback = asciiFallback.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName.normalize('NFC')).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
