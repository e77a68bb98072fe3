import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. The default is a directory under the data dir (local-storage.ts);
 * with FILES_S3_BUCKET, an S3-compatible bucket (s3-storage.ts). Keys are content-addressed and
 * tenant-prefixed (`<tenantId>/<sha256>`), so the same bytes uploaded twice in a tenant are
 * stored once; a row that references a key is what keeps it (delete the file only when no row of
 * the tenant references the key any more).
 *
 * An upload is first *staged* (streamed to a private staging area while its size, SHA-256 and
 * first bytes are taken), then *committed* under its key, or discarded. Nothing half-written is
 * ever visible under a key: a failed or aborted upload leaves at most a staging file (or object),
 * which `discard` (and a sweep at start-up) removes.
 */
export interface FileStorage {
  /**
   * Streams `source` into the staging area. Stops reading and marks the result `truncated` once
   * more than `maxBytes` arrived (the part of the stream beyond is drained, not stored). Rejects
   * when the source errors (a dropped connection): the staging file is removed first.
   */
  stage(source: Readable, options: { maxBytes: number }): Promise<StagedFile>;
  /** Moves a staged file to `<tenantId>/<sha256>` (idempotent: the same bytes may exist). */
  commit(staged: StagedFile, tenantId: string): Promise<string>;
  /** Removes a staged file that was not committed (no-op when already gone). */
  discard(staged: StagedFile): Promise<void>;
  /** Opens a committed file for reading; rejects with a FileNotFoundError when the key is missing. */
  open(key: string): Promise<Readable>;
  /** Reads a committed file whole (extraction). */
  read(key: string): Promise<Buffer>;
  /** Removes a committed file (no-op when already gone). */
  remove(key: string): Promise<void>;
}

export interface StagedFile {
  /** Opaque id of the staging file. */
  readonly id: string;
  /** Bytes stored (at most maxBytes). */
  readonly size: number;
  /** Hex SHA-256 of the stored bytes. */
  readonly sha256: string;
  /** The first bytes (up to 4,100) for type detection by magic bytes. */
  readonly head: Uint8Array;
  /** More than maxBytes arrived: the file is not whole and must be refused (FILE_TOO_LARGE). */
  readonly truncated: boolean;
}

export class FileNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`ファイルが見つかりません: ${key}`);
    this.name = 'FileNotFoundError';
  }
}
