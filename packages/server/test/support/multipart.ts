/** Upload bodies for tests of the multipart operations (documents, knowledge base). */

export interface FilePart {
  field?: string;
  name: string;
  bytes: Uint8Array;
  type?: string;
}

/** A multipart/form-data body as a browser sends it. */
export function multipart(files: FilePart[], fields: Record<string, string> = {}) {
  const boundary = `----tsumiki${crypto.randomUUID().replaceAll('-', '')}`;
  const pieces: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    pieces.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    pieces.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"; filename*=UTF-8''${encodeURIComponent(file.name)}\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(pieces), contentType: `multipart/form-data; boundary=${boundary}` };
}
