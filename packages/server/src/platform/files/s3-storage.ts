import { randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3StorageConfig } from './config';
import { feedUpload } from './feed-upload';
import { FileNotFoundError, type FileStorage, type StagedFile } from './storage';
import { STAGED_ID, STAGING, STORAGE_KEY, storageKey, UploadDigest } from './storage-keys';

/**
 * A staged upload goes to S3 in parts of this size, at most two at a time: an upload holds about
 * 2 × 5 MiB in memory whatever its size (5 MiB is S3's smallest part).
 */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

export function createS3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them (DeleteObjects): a streamed body with a trailing
    // checksum (aws-chunked) is not understood by every S3-compatible service.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
  });
}

function isMissing(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  const status = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
  return name === 'NoSuchKey' || name === 'NotFound' || status === 404;
}

/** The object name of a staged upload, checked against its shape. */
function stagedKey(id: string): string {
  if (!STAGED_ID.test(id)) throw new Error(`不正なステージング ID です: ${id}`);
  return `${STAGING}/${id}`;
}

/** A committed key, checked against its shape: a key of another shape names no file. */
function committedKey(key: string): string {
  if (!STORAGE_KEY.test(key)) throw new FileNotFoundError(key);
  return key;
}

/**
 * Files in an S3-compatible bucket, under the same keys as the local directory
 * (`<tenantId>/<sha256>`). An upload streams to `.staging/<uuid>` in parts (memory stays bounded
 * whatever its size), is copied under its key when committed (the service copies, the bytes do
 * not pass through the server again) and its staging object removed. Reads stream the object.
 * Staging objects a dead process left behind are removed by `sweepS3Staging` (or a lifecycle
 * rule on the `.staging/` prefix).
 */
export function createS3FileStorage(
  config: S3StorageConfig,
  client: S3Client = createS3Client(config),
): FileStorage {
  const { bucket } = config;
  const remove = async (key: string) => {
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  };
  const get = async (key: string) => {
    try {
      return await client.send(new GetObjectCommand({ Bucket: bucket, Key: committedKey(key) }));
    } catch (error) {
      if (isMissing(error)) throw new FileNotFoundError(key);
      throw error;
    }
  };

  return {
    async stage(source, { maxBytes }): Promise<StagedFile> {
      const id = randomUUID();
      const key = stagedKey(id);
      const body = new PassThrough({ highWaterMark: 256 * 1024 });
      const digest = new UploadDigest();
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: body },
        partSize: PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      const uploaded = upload.done();
      // Seen by the catch below; without a handler here a failure while feeding is unhandled.
      uploaded.catch(() => {});
      try {
        const [{ truncated }] = await Promise.all([
          feedUpload(source, body, maxBytes, digest, { waitForSink: false }),
          uploaded,
        ]);
        return { id, ...digest.finish(), truncated };
      } catch (error) {
        await upload.abort().catch(() => {});
        await remove(key).catch(() => {});
        throw error;
      }
    },

    async commit(staged, tenantId) {
      const key = storageKey(tenantId, staged.sha256);
      const from = stagedKey(staged.id);
      // Same name, same bytes: when the key exists already, the staged copy is simply dropped.
      const exists = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })).then(
        () => true,
        (error: unknown) => {
          if (isMissing(error)) return false;
          throw error;
        },
      );
      if (!exists) {
        await client.send(
          new CopyObjectCommand({ Bucket: bucket, Key: key, CopySource: `${bucket}/${encodeURI(from)}` }),
        );
      }
      await remove(from);
      return key;
    },

    async discard(staged) {
      await remove(stagedKey(staged.id));
    },

    async open(key) {
      const object = await get(key);
      if (!(object.Body instanceof Readable)) throw new Error(`S3 の応答に本文がありません: ${key}`);
      return object.Body;
    },

    async read(key) {
      const object = await get(key);
      if (!object.Body) throw new Error(`S3 の応答に本文がありません: ${key}`);
      return Buffer.from(await object.Body.transformToByteArray());
    },

    async remove(key) {
      await remove(committedKey(key));
    },
  };
}

/**
 * Removes staging objects older than `olderThanMs` (left by a process that died mid-upload).
 * Younger ones may belong to an upload of another process that is still running.
 */
export async function sweepS3Staging(
  config: S3StorageConfig,
  olderThanMs: number,
  client: S3Client = createS3Client(config),
): Promise<number> {
  const cutoff = Date.now() - olderThanMs;
  let removed = 0;
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: config.bucket, Prefix: `${STAGING}/`, ContinuationToken: token }),
    );
    const stale = (page.Contents ?? []).filter(
      (object) => object.Key && object.LastModified && object.LastModified.getTime() < cutoff,
    );
    if (stale.length > 0) {
      await client.send(
        new DeleteObjectsCommand({
          Bucket: config.bucket,
          Delete: { Objects: stale.map((object) => ({ Key: object.Key as string })), Quiet: true },
        }),
      );
      removed += stale.length;
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return removed;
}
