/** HTTP/1.1 by hand, for requests that `app.inject` cannot send (it skips Node's parser). */
import { connect } from 'node:net';
import type { Answer } from './response-checks';

/**
 * Sends `raw` on a connection of its own and reads until the server closes it. The request says
 * `Connection: close`; one the server is still waiting on (a body shorter than its length) is
 * ended after a second of silence, as a client giving up would — never at once, since Node
 * drops the request of a client that half-closes.
 */
export function sendRaw(port: number, raw: Buffer | string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    const giveUp = setTimeout(() => socket.destroy(new Error('no answer within 10 s')), 10_000);
    socket.setTimeout(1_000, () => socket.end());
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server may close while the rest of a refused request is still being written.
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve(Buffer.concat(chunks));
    });
    socket.write(raw);
  });
}

function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  while (offset < body.length) {
    const lineEnd = body.indexOf('\r\n', offset);
    if (lineEnd < 0) break;
    const size = Number.parseInt(body.subarray(offset, lineEnd).toString('latin1'), 16);
    if (!size) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** The first response on the wire (status, lower-cased headers, body), or null when there is none. */
export function parseAnswer(raw: Buffer): Answer | null {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine, ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '')?.[1]);
  if (!status) return null;
  // `100 Continue` (Expect: 100-continue) comes before the answer.
  if (status < 200) return parseAnswer(raw.subarray(end + 4));
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.subarray(end + 4);
  if (headers['transfer-encoding'] === 'chunked') body = dechunk(body);
  else if (headers['content-length']) body = body.subarray(0, Number(headers['content-length']));
  return { status, headers, body: body.toString('utf8') };
}
