/**
 * The disclosure ZIP as a stream: entries are written one after the other, each read chunk by
 * chunk from its source and compressed as it goes, and the ZIP's bytes are produced only as fast
 * as the response takes them (Readable.from pulls the generator). So a person's files of any size
 * pass through a bounded amount of memory: one chunk of a file and its compressed form at a time.
 */
import { Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

export interface ZipEntry {
  name: string;
  /** The entry's bytes: given whole (the small JSON, CSV and PDF files) or opened when its turn comes. */
  content: Uint8Array | (() => Promise<AsyncIterable<Uint8Array>>);
  /** Stored as is (already compressed: PDF, images, Office files), else deflated. */
  store?: boolean;
}

async function* zipChunks(entries: readonly ZipEntry[]): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  // fflate calls back synchronously from push(): what a push produced is in `out` right after it.
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else out.push(chunk);
  });
  const drain = function* () {
    if (failure) throw failure;
    while (out.length > 0) yield out.shift() as Uint8Array;
  };
  for (const entry of entries) {
    const file = entry.store ? new ZipPassThrough(entry.name) : new ZipDeflate(entry.name, { level: 6 });
    zip.add(file);
    if (entry.content instanceof Uint8Array) {
      file.push(entry.content, true);
      yield* drain();
      continue;
    }
    for await (const chunk of await entry.content()) {
      file.push(chunk instanceof Uint8Array ? chunk : Buffer.from(chunk), false);
      yield* drain();
    }
    file.push(new Uint8Array(0), true);
    yield* drain();
  }
  zip.end();
  yield* drain();
}

/** The ZIP of these entries, streamed (an entry's source failing ends the stream with its error). */
export function zipStream(entries: readonly ZipEntry[]): Readable {
  return Readable.from(zipChunks(entries), { objectMode: false });
}

/** A unique path in the ZIP for each file name: `name (2).pdf` for the second of the same name. */
export function uniqueNames(folder: string, names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names.map((name) => {
    const dot = name.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = `${folder}/${name}`;
    for (let n = 2; seen.has(candidate.toLowerCase()); n++)
      candidate = `${folder}/${stem} (${n})${extension}`;
    seen.add(candidate.toLowerCase());
    return candidate;
  });
}
