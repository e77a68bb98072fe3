import type { Readable, Writable } from 'node:stream';
import type { UploadDigest } from './storage-keys';

/**
 * Streams an upload into where it is stored (a file, an S3 part upload), taking its size, digest
 * and first bytes on the way, with backpressure. Past `maxBytes` the rest is drained, not stored
 * (`truncated`); a request closed before its body ended fails, and so does the sink. `waitForSink`:
 * resolve once the sink has flushed (a file), or as soon as it has been ended (a part upload that
 * its caller awaits itself).
 */
export function feedUpload(
  source: Readable,
  sink: Writable,
  maxBytes: number,
  digest: UploadDigest,
  { waitForSink }: { waitForSink: boolean },
): Promise<{ truncated: boolean }> {
  return new Promise((resolve, reject) => {
    let truncated = false;
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      resolve({ truncated });
    };
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      source.unpipe?.();
      sink.destroy(error instanceof Error ? error : new Error(String(error)));
      reject(error);
    };
    source.on('error', fail);
    sink.on('error', fail);
    // A request closed before its body ended: the stream never ends, so say so here.
    source.on('close', () => {
      if (!source.readableEnded) fail(new Error('アップロードが途中で切れました'));
    });
    source.on('data', (chunk: Buffer) => {
      if (truncated) return; // drained, not stored
      if (digest.size + chunk.length > maxBytes) {
        truncated = true;
        return;
      }
      digest.add(chunk);
      if (!sink.write(chunk)) {
        source.pause();
        sink.once('drain', () => source.resume());
      }
    });
    source.on('end', () => {
      if (settled) return;
      if (waitForSink) {
        sink.end(settle);
      } else {
        sink.end();
        settle();
      }
    });
  });
}
