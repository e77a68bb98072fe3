import type { S3StorageConfig } from './config';
import { createLocalFileStorage, sweepStagingFiles } from './local-storage';
import { createS3Client, createS3FileStorage, sweepS3Staging } from './s3-storage';
import type { FileStorage } from './storage';

export interface ConfiguredStorage {
  files: FileStorage;
  /** Removes staged uploads older than `olderThanMs` that a dead process left; answers how many. */
  sweepStaging(olderThanMs: number): Promise<number>;
  /** Where the files are, for the start-up log. */
  description: string;
}

/** The bucket when FILES_S3_BUCKET is set, else the directory (the zero-config default). */
export function configuredFileStorage(config: {
  filesDir: string;
  filesS3: S3StorageConfig | null;
}): ConfiguredStorage {
  const s3 = config.filesS3;
  if (s3) {
    const client = createS3Client(s3);
    return {
      files: createS3FileStorage(s3, client),
      sweepStaging: (olderThanMs) => sweepS3Staging(s3, olderThanMs, client),
      description: `S3 バケット ${s3.bucket}${s3.endpoint ? `（${s3.endpoint}）` : ''}`,
    };
  }
  return {
    files: createLocalFileStorage(config.filesDir),
    sweepStaging: (olderThanMs) => sweepStagingFiles(config.filesDir, olderThanMs),
    description: `ディレクトリ ${config.filesDir}`,
  };
}
