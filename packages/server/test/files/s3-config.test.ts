import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { readS3StorageConfig } from '../../src/platform/files/config';

describe('the S3 storage settings', () => {
  it('leaves files in the directory when FILES_S3_BUCKET is unset, and says which settings then do nothing', () => {
    const problems: string[] = [];
    expect(readS3StorageConfig({}, problems)).toBeNull();
    expect(problems).toEqual([]);
    expect(readS3StorageConfig({ FILES_S3_ENDPOINT: 'http://127.0.0.1:9000' }, problems)).toBeNull();
    expect(problems).toEqual([
      'FILES_S3_ENDPOINT を使うには FILES_S3_BUCKET（バケット名）も指定してください',
    ]);
  });

  it('reads a self-hosted service with path style by default, AWS without', () => {
    const problems: string[] = [];
    expect(
      readS3StorageConfig(
        {
          FILES_S3_BUCKET: 'tsumiki-files',
          FILES_S3_ENDPOINT: 'http://127.0.0.1:9000/',
          FILES_S3_ACCESS_KEY_ID: 'minio',
          FILES_S3_SECRET_ACCESS_KEY: 'minio-secret',
        },
        problems,
      ),
    ).toEqual({
      bucket: 'tsumiki-files',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'minio',
      secretAccessKey: 'minio-secret',
      forcePathStyle: true,
    });
    expect(
      readS3StorageConfig({ FILES_S3_BUCKET: 'tsumiki-files', FILES_S3_REGION: 'ap-northeast-1' }, problems),
    ).toMatchObject({ endpoint: null, region: 'ap-northeast-1', accessKeyId: null, forcePathStyle: false });
    expect(problems).toEqual([]);
  });

  it('refuses at start-up what cannot work, in Japanese', () => {
    expect(() =>
      loadConfig({
        FILES_S3_BUCKET: 'Tsumiki_Files',
        FILES_S3_ENDPOINT: 'minio:9000',
        FILES_S3_ACCESS_KEY_ID: 'only-the-id',
        FILES_S3_FORCE_PATH_STYLE: 'yes',
      }),
    ).toThrow(
      /FILES_S3_BUCKET は 3〜63 文字[\s\S]*FILES_S3_ENDPOINT は http:\/\/127\.0\.0\.1:9000 のように[\s\S]*両方指定するか[\s\S]*FILES_S3_FORCE_PATH_STYLE は on か off/,
    );
  });
});
