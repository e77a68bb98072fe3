import { environmentReader } from '../env';

/** An S3-compatible bucket for uploaded files (FILES_S3_*); see s3-storage.ts. */
export interface S3StorageConfig {
  bucket: string;
  /** The service's URL (MinIO, Ceph, Cloudflare R2, a local test server); null: AWS itself. */
  endpoint: string | null;
  region: string;
  /** Null (both): the SDK's own chain (environment, instance profile, …) finds the credentials. */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>` (most self-hosted services). */
  forcePathStyle: boolean;
}

const S3_SETTINGS = [
  'FILES_S3_ENDPOINT',
  'FILES_S3_REGION',
  'FILES_S3_ACCESS_KEY_ID',
  'FILES_S3_SECRET_ACCESS_KEY',
  'FILES_S3_FORCE_PATH_STYLE',
];
// The rules of S3 bucket names (3–63 lower-case letters, digits, dots and hyphens).
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * FILES_S3_BUCKET turns S3 storage on; without it files stay in FILES_DIR (the zero-config
 * default) and the other FILES_S3_* settings are reported as unused.
 */
export function readS3StorageConfig(
  env: Record<string, string | undefined>,
  problems: string[],
): S3StorageConfig | null {
  const { read } = environmentReader(env, problems);
  const bucket = read('FILES_S3_BUCKET');
  if (bucket === undefined) {
    for (const name of S3_SETTINGS) {
      if (read(name) !== undefined)
        problems.push(`${name} を使うには FILES_S3_BUCKET（バケット名）も指定してください`);
    }
    return null;
  }
  if (!BUCKET_NAME.test(bucket)) {
    problems.push(
      `FILES_S3_BUCKET は 3〜63 文字の英小文字・数字・ピリオド・ハイフンです（現在: "${bucket}"）`,
    );
  }
  const endpoint = read('FILES_S3_ENDPOINT') ?? null;
  if (endpoint !== null && !/^https?:\/\/[^/\s]+\/?$/.test(endpoint)) {
    problems.push(
      `FILES_S3_ENDPOINT は http://127.0.0.1:9000 のようにスキームとホストだけで指定してください（現在: "${endpoint}"）`,
    );
  }
  const accessKeyId = read('FILES_S3_ACCESS_KEY_ID') ?? null;
  const secretAccessKey = read('FILES_S3_SECRET_ACCESS_KEY') ?? null;
  if ((accessKeyId === null) !== (secretAccessKey === null)) {
    problems.push(
      'FILES_S3_ACCESS_KEY_ID と FILES_S3_SECRET_ACCESS_KEY は両方指定するか、両方省略してください',
    );
  }
  const rawPathStyle = read('FILES_S3_FORCE_PATH_STYLE');
  if (rawPathStyle !== undefined && rawPathStyle !== 'on' && rawPathStyle !== 'off') {
    problems.push(`FILES_S3_FORCE_PATH_STYLE は on か off で指定してください（現在: "${rawPathStyle}"）`);
  }
  return {
    bucket,
    endpoint: endpoint?.replace(/\/$/, '') ?? null,
    region: read('FILES_S3_REGION') ?? 'us-east-1',
    accessKeyId,
    secretAccessKey,
    // Self-hosted services seldom have a DNS name per bucket: path style is the default with an endpoint.
    forcePathStyle: rawPathStyle === undefined ? endpoint !== null : rawPathStyle === 'on',
  };
}
