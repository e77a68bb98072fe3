/**
 * A ZIP (Word, Excel, PowerPoint) checked before any library unpacks it: a compression bomb of a
 * few MB inflates to gigabytes in ArrayBuffers, which the extraction worker's heap limit does not
 * cover. The libraries read the same archive differently (mammoth's JSZip by the central
 * directory, read-excel-file's unzipper by walking the local headers from the start), so the
 * archive must be one that both ways read alike, every entry within the limits by what it
 * declares, and every entry inflating to exactly what it declares (inflated here as a stream,
 * counted and dropped, stopped at the declared size: a lie costs no memory).
 */
import { createInflateRaw } from 'node:zlib';

export interface ZipLimits {
  /** What one entry may inflate to. */
  entryBytes: number;
  /** What all entries together may inflate to. */
  totalBytes: number;
  /** Largest inflated/compressed ratio of an entry bigger than `ratioFromBytes`. */
  ratio: number;
  ratioFromBytes: number;
  entries: number;
}

const MB = 1024 * 1024;

/**
 * Beyond these nothing more would be searchable: the worker's 512 MB heap reads a document.xml of
 * about 18 MB at most (mammoth, measured), and a 60 MB sheet (≈ 340,000 rows) already gives the 5
 * million characters extraction keeps. A library holds an entry up to twice outside the heap
 * (inflated chunks, then joined), so the worst file within them costs a few hundred MB. The ratio
 * is Apache POI's long-standing default (1 %), past which real Office XML is rare; small parts
 * (styles) may compress better without harm.
 */
export const ZIP_LIMITS: ZipLimits = {
  entryBytes: 64 * MB,
  totalBytes: 128 * MB,
  ratio: 100,
  ratioFromBytes: MB,
  entries: 10_000,
};

/** `too-large`: over a limit; `damaged`: not a ZIP the libraries would read alike (or at all). */
export class ZipLimitError extends Error {
  constructor(readonly reason: 'too-large' | 'damaged') {
    super(reason === 'too-large' ? 'ZIP entries over the limits' : 'malformed ZIP');
    this.name = 'ZipLimitError';
  }
}

interface CentralEntry {
  name: Buffer;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const ZIP64_END = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const DESCRIPTOR = 0x08074b50;
const SATURATED = 0xffffffff;

function damaged(): never {
  throw new ZipLimitError('damaged');
}

/** Reads within `buffer` or declares the archive damaged (a field pointing outside it). */
function reader(buffer: Buffer) {
  const within = (at: number, length: number): number => {
    if (!Number.isSafeInteger(at) || at < 0 || at + length > buffer.length) damaged();
    return at;
  };
  return {
    u16: (at: number) => buffer.readUInt16LE(within(at, 2)),
    u32: (at: number) => buffer.readUInt32LE(within(at, 4)),
    u64: (at: number) => {
      const value = buffer.readBigUInt64LE(within(at, 8));
      if (value > BigInt(Number.MAX_SAFE_INTEGER)) damaged();
      return Number(value);
    },
    bytes: (at: number, length: number) => buffer.subarray(within(at, length), at + length),
  };
}

/** Where the central directory is and how many entries it has (ZIP64 records included). */
function endOfDirectory(buffer: Buffer, read: ReturnType<typeof reader>) {
  let end = buffer.length - 22;
  const first = Math.max(0, end - 0xffff);
  // Searched from the back as JSZip and fflate do; a comment must reach exactly the end.
  while (end >= first && buffer.readUInt32LE(end) !== END) end -= 1;
  if (end < first || end + 22 + read.u16(end + 20) !== buffer.length) damaged();
  if (read.u16(end + 4) !== 0 || read.u16(end + 6) !== 0) damaged(); // split archives
  let count = read.u16(end + 10);
  let size = read.u32(end + 12);
  let offset = read.u32(end + 16);
  let directoryEnd = end;
  if (end >= 20 && read.u32(end - 20) === ZIP64_LOCATOR) {
    const record = read.u64(end - 12);
    if (read.u32(record) !== ZIP64_END) damaged();
    count = read.u64(record + 32);
    size = read.u64(record + 40);
    offset = read.u64(record + 48);
    directoryEnd = record;
  }
  if (offset + size !== directoryEnd) damaged();
  return { count, offset, size };
}

/** The ZIP64 sizes of an entry (extra field 0x0001) where its 32-bit fields are saturated. */
function zip64Sizes(
  read: ReturnType<typeof reader>,
  extra: { at: number; length: number },
  fields: { size: number; compressedSize: number; offset?: number },
) {
  const result = { ...fields };
  for (let at = extra.at; at + 4 <= extra.at + extra.length; at += 4 + read.u16(at + 2)) {
    if (read.u16(at) !== 0x0001) continue;
    let next = at + 4;
    for (const key of ['size', 'compressedSize', 'offset'] as const) {
      if (result[key] === SATURATED) {
        result[key] = read.u64(next);
        next += 8;
      }
    }
  }
  return result;
}

/** The central directory's entries in the order of their data, and where the directory starts. */
function centralEntries(buffer: Buffer, limits: ZipLimits) {
  const read = reader(buffer);
  const directory = endOfDirectory(buffer, read);
  if (directory.count > limits.entries) throw new ZipLimitError('too-large');
  const entries: CentralEntry[] = [];
  let at = directory.offset;
  for (let index = 0; index < directory.count; index += 1) {
    if (read.u32(at) !== CENTRAL) damaged();
    const nameLength = read.u16(at + 28);
    const extraLength = read.u16(at + 30);
    const sizes = zip64Sizes(
      read,
      { at: at + 46 + nameLength, length: extraLength },
      { size: read.u32(at + 24), compressedSize: read.u32(at + 20), offset: read.u32(at + 42) },
    );
    entries.push({
      name: read.bytes(at + 46, nameLength),
      flags: read.u16(at + 8),
      method: read.u16(at + 10),
      crc: read.u32(at + 16),
      compressedSize: sizes.compressedSize,
      size: sizes.size,
      offset: sizes.offset ?? 0,
    });
    at += 46 + nameLength + extraLength + read.u16(at + 32);
  }
  if (at !== directory.offset + directory.size) damaged();
  return { entries: entries.sort((a, b) => a.offset - b.offset), directoryOffset: directory.offset };
}

/**
 * Walks the local headers from the start as a streaming reader does: each entry's header must sit
 * right after the previous entry (and its data descriptor), say what the directory says, and the
 * last one end where the directory starts. Returns each entry's compressed bytes.
 */
function entryData(buffer: Buffer, entries: CentralEntry[], directoryOffset: number): Buffer[] {
  const read = reader(buffer);
  const data: Buffer[] = [];
  let expected = 0;
  for (const item of entries) {
    const at = item.offset;
    if (at !== expected || read.u32(at) !== LOCAL) damaged();
    const flags = read.u16(at + 6);
    const nameLength = read.u16(at + 26);
    const extraLength = read.u16(at + 28);
    if ((flags & 0x09) !== (item.flags & 0x09) || read.u16(at + 8) !== item.method) damaged();
    if (!read.bytes(at + 30, nameLength).equals(item.name)) damaged();
    const start = at + 30 + nameLength + extraLength;
    const local = zip64Sizes(
      read,
      { at: at + 30 + nameLength, length: extraLength },
      { size: read.u32(at + 22), compressedSize: read.u32(at + 18) },
    );
    const described = (flags & 0x08) !== 0;
    const agrees = local.size === item.size && local.compressedSize === item.compressedSize;
    if (!agrees && !(described && local.size === 0 && local.compressedSize === 0)) damaged();
    data.push(read.bytes(start, item.compressedSize));
    expected = start + item.compressedSize;
    if (described) expected = afterDescriptor(buffer, expected, item.crc, directoryOffset);
  }
  if (expected !== directoryOffset) damaged();
  return data;
}

/** The end of a data descriptor (signature optional, 32- or 64-bit sizes): where the next header is. */
function afterDescriptor(buffer: Buffer, at: number, crc: number, directoryOffset: number): number {
  const read = reader(buffer);
  const signed = read.u32(at) === DESCRIPTOR ? 4 : 0;
  if (read.u32(at + signed) !== crc) damaged();
  for (const length of [12, 20]) {
    const next = at + signed + length;
    if (next === directoryOffset || (next + 4 <= buffer.length && buffer.readUInt32LE(next) === LOCAL)) {
      return next;
    }
  }
  return damaged();
}

/** Inflates as a stream, counting: more than `size` bytes, or another end, is a damaged entry. */
async function inflatesTo(compressed: Buffer, size: number): Promise<boolean> {
  const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
  let inflated = 0;
  inflate.end(compressed);
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      inflated += chunk.length;
      if (inflated > size) {
        inflate.destroy();
        return false;
      }
    }
  } catch {
    return false;
  }
  return inflated === size && inflate.bytesWritten === compressed.length;
}

/**
 * Resolves when `bytes` is a ZIP within `limits`; rejects with a ZipLimitError otherwise. Costs
 * no more memory than a chunk of inflated data at a time, whatever the archive says.
 */
export async function checkZipLimits(bytes: Uint8Array, limits: ZipLimits = ZIP_LIMITS): Promise<void> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const { entries, directoryOffset } = centralEntries(buffer, limits);
  let total = 0;
  for (const item of entries) {
    // Encrypted (bits 0 and 6) or compressed in a way the libraries do not read.
    if ((item.flags & 0x41) !== 0 || (item.method !== 0 && item.method !== 8)) damaged();
    if (item.method === 0 && (item.size !== item.compressedSize || (item.flags & 0x08) !== 0)) damaged();
    total += item.size;
    const tooDense = item.size > limits.ratioFromBytes && item.size > item.compressedSize * limits.ratio;
    if (item.size > limits.entryBytes || total > limits.totalBytes || tooDense) {
      throw new ZipLimitError('too-large');
    }
  }
  const data = entryData(buffer, entries, directoryOffset);
  for (const [index, item] of entries.entries()) {
    if (item.method === 8 && !(await inflatesTo(data[index] as Buffer, item.size))) damaged();
  }
}
