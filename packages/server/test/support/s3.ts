import { type ChildProcess, fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3StorageConfig } from '../../src/platform/files/config';

/** A local server that speaks the S3 protocol (s3rver, objects on disk), with one empty bucket. */
export interface LocalS3 {
  /** The server's S3StorageConfig for its bucket (path style, s3rver's fixed credentials). */
  config: S3StorageConfig;
  close(): Promise<void>;
}

export const LOCAL_S3_BUCKET = 'tsumiki-files';

/** Starts s3rver in a child process (its memory is not the server's) over a fresh directory. */
export async function startLocalS3(): Promise<LocalS3> {
  const directory = await mkdtemp(join(tmpdir(), 'tsumiki-s3-'));
  const child: ChildProcess = fork(
    join(import.meta.dirname, 's3rver-process.mjs'),
    [directory, LOCAL_S3_BUCKET],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`s3rver が起動しませんでした（終了コード ${code}）`)));
  });
  return {
    config: {
      bucket: LOCAL_S3_BUCKET,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      // s3rver's own pair; it checks signatures with it.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exited;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
