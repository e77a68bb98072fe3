import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { feedUpload } from './feed-upload';
import { FileNotFoundError, type FileStorage, type StagedFile } from './storage';
import { STAGED_ID, STAGING, STORAGE_KEY, storageKey, UploadDigest } from './storage-keys';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

/**
 * Files in a directory: `<root>/<tenantId>/<sha256>` once committed, `<root>/.staging/<uuid>` while
 * an upload streams in. Keys and staging ids are checked against their shapes before they touch a
 * path, so nothing outside the root can be named.
 */
export function createLocalFileStorage(rootDir: string): FileStorage {
  const stagingDir = join(rootDir, STAGING);
  const stagedPath = (id: string) => {
    if (!STAGED_ID.test(id)) throw new Error(`不正なステージング ID です: ${id}`);
    return join(stagingDir, id);
  };
  const keyPath = (key: string) => {
    const match = STORAGE_KEY.exec(key);
    if (!match) throw new FileNotFoundError(key);
    return join(rootDir, match[1] as string, match[2] as string);
  };

  return {
    async stage(source: Readable, { maxBytes }): Promise<StagedFile> {
      await mkdir(stagingDir, { recursive: true });
      const id = randomUUID();
      const path = stagedPath(id);
      const out = createWriteStream(path, { flags: 'wx', mode: 0o600 });
      const digest = new UploadDigest();
      let truncated: boolean;
      try {
        ({ truncated } = await feedUpload(source, out, maxBytes, digest, { waitForSink: true }));
      } catch (error) {
        await rm(path, { force: true });
        throw error;
      }
      return { id, ...digest.finish(), truncated };
    },

    async commit(staged, tenantId) {
      const key = storageKey(tenantId, staged.sha256);
      await mkdir(join(rootDir, tenantId), { recursive: true });
      // Same name, same bytes: replacing an existing file is harmless and atomic.
      await rename(stagedPath(staged.id), keyPath(key));
      return key;
    },

    async discard(staged) {
      await rm(stagedPath(staged.id), { force: true });
    },

    async open(key) {
      const path = keyPath(key);
      try {
        await stat(path);
      } catch (error) {
        if (isMissing(error)) throw new FileNotFoundError(key);
        throw error;
      }
      return createReadStream(path);
    },

    async read(key) {
      try {
        return await readFile(keyPath(key));
      } catch (error) {
        if (isMissing(error)) throw new FileNotFoundError(key);
        throw error;
      }
    },

    async remove(key) {
      await rm(keyPath(key), { force: true });
    },
  };
}

/**
 * Removes staging files older than `olderThanMs` (left by a process that died mid-upload). Run
 * at start-up; younger files may belong to an upload of another process that is still running.
 */
export async function sweepStagingFiles(rootDir: string, olderThanMs: number): Promise<number> {
  const stagingDir = join(rootDir, STAGING);
  let names: string[];
  try {
    names = await readdir(stagingDir);
  } catch (error) {
    if (isMissing(error)) return 0;
    throw error;
  }
  const cutoff = Date.now() - olderThanMs;
  let removed = 0;
  for (const name of names) {
    const path = join(stagingDir, name);
    const info = await stat(path).catch(() => null);
    if (info && info.mtimeMs < cutoff) {
      await rm(path, { force: true });
      removed += 1;
    }
  }
  return removed;
}
