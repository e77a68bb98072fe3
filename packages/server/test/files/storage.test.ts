/**
 * The storage contract (platform/files/storage.ts), the same tests for the local directory and
 * for an S3-compatible bucket (s3rver, started here).
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalFileStorage, sweepStagingFiles } from '../../src/platform/files/local-storage';
import { createS3Client, createS3FileStorage, sweepS3Staging } from '../../src/platform/files/s3-storage';
import { FileNotFoundError, type FileStorage } from '../../src/platform/files/storage';
import { type LocalS3, startLocalS3 } from '../support/s3';

const TENANT = '11111111-2222-4333-8444-555555555555';
const OTHER_TENANT = '66666666-7777-4888-8999-aaaaaaaaaaaa';

interface Backend {
  files: FileStorage;
  /** Staged uploads not committed nor discarded. */
  stagedCount(): Promise<number>;
  /** Removes staged uploads older than the given age. */
  sweep(olderThanMs: number): Promise<number>;
  /** What a 128 MiB upload and download may hold at most, whatever the machine's load. */
  memoryBound: number;
}

const MiB = 1024 * 1024;

// The collector, without --expose-gc on the test process.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function streamToBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** A stream of `total` pseudo-random bytes in 64 KiB chunks, generated as it is read. */
function generated(total: number, seed = 1): Readable {
  let sent = 0;
  let state = seed;
  return new Readable({
    read() {
      if (sent >= total) return void this.push(null);
      const chunk = Buffer.alloc(Math.min(64 * 1024, total - sent));
      for (let index = 0; index < chunk.length; index += 4) {
        state = (state * 1_103_515_245 + 12_345) >>> 0;
        chunk.writeUInt32LE(state, index);
      }
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

const backends: [string, () => Promise<Backend & { close(): Promise<void> }>][] = [
  [
    'a local directory',
    async () => {
      const root = await mkdtemp(join(tmpdir(), 'tsumiki-storage-'));
      return {
        files: createLocalFileStorage(root),
        stagedCount: async () => (await readdir(join(root, '.staging')).catch(() => [])).length,
        sweep: (olderThanMs) => sweepStagingFiles(root, olderThanMs),
        // One 64 KiB chunk at a time: measured 0.5–2 MiB on a quiet machine and 19.5 MiB once
        // on a loaded CI one (the collector running late). A quarter of the file: an upload
        // held whole would need all 128.
        memoryBound: 32 * MiB,
        close: () => rm(root, { recursive: true, force: true }),
      };
    },
  ],
  [
    'an S3-compatible bucket',
    async () => {
      const s3: LocalS3 = await startLocalS3();
      const client = createS3Client(s3.config);
      return {
        files: createS3FileStorage(s3.config, client),
        stagedCount: async () => {
          const page = await client.send(
            new ListObjectsV2Command({ Bucket: s3.config.bucket, Prefix: '.staging/' }),
          );
          return page.KeyCount ?? 0;
        },
        sweep: (olderThanMs) => sweepS3Staging(s3.config, olderThanMs, client),
        // Parts of 5 MiB, two in flight and one being gathered (with its copy while joined):
        // measured 16–38 MiB on a quiet machine and 48 MiB once on a loaded CI one, whatever
        // the size. Half the file: an upload held whole would need all 128.
        memoryBound: 64 * MiB,
        close: async () => {
          client.destroy();
          await s3.close();
        },
      };
    },
  ],
];

describe.each(backends)('file storage in %s', (_name, open) => {
  let backend: Backend & { close(): Promise<void> };

  beforeAll(async () => {
    backend = await open();
  });

  afterAll(async () => {
    await backend.close();
  });

  it('stages, commits under <tenant>/<sha256>, and reads back the same bytes', async () => {
    const bytes = Buffer.from('%PDF-1.7\n見積書 さくら内科クリニック\n'.repeat(500));
    const staged = await backend.files.stage(Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), {
      maxBytes: 1_000_000,
    });
    expect(staged).toMatchObject({ size: bytes.length, sha256: sha256(bytes), truncated: false });
    expect(Buffer.from(staged.head)).toEqual(bytes.subarray(0, 4100));

    const key = await backend.files.commit(staged, TENANT);
    expect(key).toBe(`${TENANT}/${sha256(bytes)}`);
    expect(await backend.stagedCount()).toBe(0);
    expect(await streamToBuffer(await backend.files.open(key))).toEqual(bytes);
    expect(await backend.files.read(key)).toEqual(bytes);
  });

  it('stores the same bytes once per tenant, and apart from another tenant', async () => {
    const bytes = Buffer.from('同じ内容のファイル');
    const first = await backend.files.commit(
      await backend.files.stage(Readable.from([bytes]), { maxBytes: 1000 }),
      TENANT,
    );
    const again = await backend.files.commit(
      await backend.files.stage(Readable.from([bytes]), { maxBytes: 1000 }),
      TENANT,
    );
    const other = await backend.files.commit(
      await backend.files.stage(Readable.from([bytes]), { maxBytes: 1000 }),
      OTHER_TENANT,
    );
    expect(again).toBe(first);
    expect(other).toBe(`${OTHER_TENANT}/${sha256(bytes)}`);
    await backend.files.remove(first);
    await expect(backend.files.read(first)).rejects.toBeInstanceOf(FileNotFoundError);
    expect(await backend.files.read(other)).toEqual(bytes);
    expect(await backend.stagedCount()).toBe(0);
  });

  it('marks an upload over the limit truncated, stores no more than the limit, and discards it', async () => {
    const staged = await backend.files.stage(generated(300_000), { maxBytes: 100_000 });
    expect(staged.truncated).toBe(true);
    expect(staged.size).toBeLessThanOrEqual(100_000);
    expect(await backend.stagedCount()).toBe(1);
    await backend.files.discard(staged);
    await backend.files.discard(staged); // already gone: no-op
    expect(await backend.stagedCount()).toBe(0);
  });

  it('rejects an upload whose source fails midway and leaves nothing staged', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(64 * 1024, 1));
        this.destroy(new Error('接続が切れました'));
      },
    });
    await expect(backend.files.stage(failing, { maxBytes: 1_000_000 })).rejects.toThrow('接続が切れました');
    expect(await backend.stagedCount()).toBe(0);
  });

  it('answers FileNotFoundError for a missing key and for a key of another shape; removing one is a no-op', async () => {
    const missing = `${TENANT}/${'0'.repeat(64)}`;
    await expect(backend.files.open(missing)).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(backend.files.read(missing)).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(backend.files.open('../../etc/passwd')).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(backend.files.open(`.staging/${TENANT}`)).rejects.toBeInstanceOf(FileNotFoundError);
    await backend.files.remove(missing);
  });

  it('sweeps staged uploads a dead process left, but not young ones', async () => {
    const staged = await backend.files.stage(Readable.from([Buffer.from('途中')]), { maxBytes: 1000 });
    expect(await backend.sweep(60 * 60 * 1000)).toBe(0);
    expect(await backend.stagedCount()).toBe(1);
    expect(await backend.sweep(-60_000)).toBe(1);
    expect(await backend.stagedCount()).toBe(0);
    await backend.files.discard(staged);
  });

  it('streams a 128 MiB upload and download with memory bounded well below the file size', async () => {
    const total = 128 * MiB;
    // What is still held, not garbage waiting for a collection: V8 frees the memory of dead
    // buffers in a sweep that may finish after gc() returns (late on a loaded machine, where a
    // single collection once still counted 19.5 MiB and then over 32), so collect, let the sweep
    // run, and collect again.
    const used = async () => {
      collectGarbage();
      await new Promise((resolve) => setImmediate(resolve));
      collectGarbage();
      const memory = process.memoryUsage();
      return memory.heapUsed + memory.arrayBuffers;
    };
    const before = await used();
    let peak = before;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await used());
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    })();
    try {
      const expected = createHash('sha256');
      for await (const chunk of generated(total, 7)) expected.update(chunk as Buffer);
      const staged = await backend.files.stage(generated(total, 7), { maxBytes: total });
      expect(staged).toMatchObject({ size: total, truncated: false, sha256: expected.digest('hex') });
      const key = await backend.files.commit(staged, TENANT);
      const readBack = createHash('sha256');
      let size = 0;
      for await (const chunk of await backend.files.open(key)) {
        readBack.update(chunk as Buffer);
        size += (chunk as Buffer).length;
      }
      expect(size).toBe(total);
      expect(readBack.digest('hex')).toBe(staged.sha256);
      await backend.files.remove(key);
    } finally {
      sampling = false;
      await sampler;
    }
    // Never the whole file in memory (see each backend's memoryBound).
    expect(peak - before).toBeLessThan(backend.memoryBound);
  }, 60_000);
});
