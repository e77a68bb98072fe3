import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PASSWORD_HASH_COST } from './auth/passwords';
import { packageRoot, repoRoot } from './paths';
import { type AiConfig, readAiConfig } from './platform/ai/config';
import { environmentReader } from './platform/env';
import { readS3StorageConfig, type S3StorageConfig } from './platform/files/config';
import { DEFAULT_JOB_TIMINGS, type JobTimings, jobTimingsFromEnv } from './platform/jobs/timings';
import { type MailConfig, readMailConfig } from './platform/mail/config';

export type NodeEnv = 'production' | 'development' | 'test';

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  /** The OpenID provider's issuer (GOOGLE_ISSUER_URL): Google's unless a test points elsewhere. */
  issuerUrl: string;
}

export const GOOGLE_ISSUER_URL = 'https://accounts.google.com';

export interface Config {
  nodeEnv: NodeEnv;
  port: number;
  /** Interface to listen on: 127.0.0.1 unless HOST says otherwise (0.0.0.0 for every interface). */
  host: string;
  /**
   * The address people use to reach the server (https://tsumiki.example.jp), without a trailing
   * slash; null when not set. Names the issuer of access tokens, and makes Google's redirect URI
   * `${publicUrl}/auth/v1/callback` (unset: the origin of the request that starts the sign-in).
   */
  publicUrl: string | null;
  /** Owner connection (migrations, bootstrap). Null: the embedded cluster under dataDir. */
  databaseUrl: string | null;
  /** Optional ready-made connection for the non-superuser app role; derived from databaseUrl otherwise. */
  databaseAppUrl: string | null;
  /**
   * The app role straight to PostgreSQL, for what a pooler in transaction mode cannot carry: the
   * LISTEN connection of the live notifications and the job queue (DATABASE_APP_DIRECT_URL). Null:
   * the app role's connection serves them too.
   */
  databaseAppDirectUrl: string | null;
  dataDir: string;
  /** Uploaded files (FILES_DIR; `<dataDir>/files` by default), unless filesS3 is set. */
  filesDir: string;
  /** An S3-compatible bucket for uploaded files (FILES_S3_*; see platform/files/config.ts); null: filesDir. */
  filesS3: S3StorageConfig | null;
  /** Timings of the background job queue (TSUMIKI_JOB_*; see platform/jobs/pg-boss-queue.ts). */
  jobs: JobTimings;
  /** The AI provider (AI_PROVIDER and friends; offline by default, see platform/ai/config.ts). */
  ai: AiConfig;
  /**
   * Deep research's web search endpoint (RESEARCH_WEB_SEARCH_URL; protocol in
   * modules/research/web-search.ts); null: research uses the tenant's data alone.
   */
  researchWebSearchUrl: string | null;
  /** Port of the embedded cluster; null picks a free port at start. */
  embeddedPostgresPort: number | null;
  /**
   * Seed the demo tenants into an empty database. Off by default with NODE_ENV=production (a real
   * deployment never gets accounts with a published password unless TSUMIKI_DEMO=1 asks for them).
   */
  demo: boolean;
  /** Null: generated once and kept in the database so that every server process shares it. */
  authJwtSecret: string | null;
  accessTokenTtlSeconds: number;
  sessionTtlSeconds: number;
  /** A rotated refresh token may be presented again within this window (concurrent tabs). */
  refreshTokenReuseGraceSeconds: number;
  /**
   * Token requests (sign-ins) per IP and minute, a flood guard only: wrong passwords are throttled
   * per account and per IP by failures (src/auth/sign-in-throttle.ts). Refresh grants get ten
   * times as many.
   */
  authRateLimitPerMinute: number;
  /**
   * /api requests per minute, one budget over all of /api: per user when signed in, else per
   * address (counted in PostgreSQL, one budget for every server process); 0 disables.
   */
  apiRateLimitPerMinute: number;
  /**
   * Whether each process keeps the access contexts it read lately (ACCESS_CONTEXT_CACHE, on by
   * default; platform/access/access-context-cache.ts): dropped on the database's notification of a
   * change, used at most a second. Needs the LISTEN connection (a database URL).
   */
  accessContextCache: boolean;
  /**
   * Whether reads of personal data (a customer's record, interactions, documents, reports) go to
   * the access log (ACCESS_LOG_READS, on by default). Changes and security events are always
   * recorded; `off` exists to measure what read logging costs (`pnpm bench`) and should stay on
   * wherever medical information is kept.
   */
  accessLogReads: boolean;
  /** scrypt cost N for new password hashes (PASSWORD_HASH_COST, 2^17 by default; tests use a lower one for speed). */
  passwordHashCost: number;
  appDistDir: string;
  /** Serve the built SPA from appDistDir (production, or whenever it has been built). */
  serveApp: boolean;
  /**
   * How many proxies in front of the server to believe in X-Forwarded-For (a hop count, never
   * "all": the left-most entries are whatever the client wrote). false: none.
   */
  trustProxy: number | false;
  google: GoogleConfig | null;
  /** Outgoing mail (SMTP_*, MAIL_FROM; see platform/mail/config.ts); null: no mail is sent. */
  mail: MailConfig | null;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`設定に誤りがあります:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Reads and checks the environment; every problem is reported at once. */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const problems: string[] = [];
  const { read, integer } = environmentReader(env, problems);

  const rawNodeEnv = read('NODE_ENV') ?? 'development';
  let nodeEnv: NodeEnv = 'development';
  if (rawNodeEnv === 'production' || rawNodeEnv === 'development' || rawNodeEnv === 'test') {
    nodeEnv = rawNodeEnv;
  } else {
    problems.push(`NODE_ENV は production / development / test のいずれかです（現在: "${rawNodeEnv}"）`);
  }

  const url = (name: string): string | null => {
    const raw = read(name);
    if (raw === undefined) return null;
    try {
      const parsed = new URL(raw);
      if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') throw new Error('protocol');
      return raw;
    } catch {
      problems.push(
        `${name} は postgres://ユーザー:パスワード@ホスト:ポート/データベース の形式で指定してください`,
      );
      return null;
    }
  };
  const databaseUrl = url('DATABASE_URL');
  const databaseAppUrl = url('DATABASE_APP_URL');
  if (databaseAppUrl && !databaseUrl) {
    problems.push(
      'DATABASE_APP_URL を使うときは DATABASE_URL（マイグレーション用の所有者接続）も指定してください',
    );
  }
  const databaseAppDirectUrl = url('DATABASE_APP_DIRECT_URL');
  if (databaseAppDirectUrl && !databaseAppUrl) {
    problems.push(
      'DATABASE_APP_DIRECT_URL を使うときは DATABASE_APP_URL（プーラー経由の接続）も指定してください',
    );
  }

  const authJwtSecret = read('AUTH_JWT_SECRET') ?? null;
  if (authJwtSecret !== null && authJwtSecret.length < 32) {
    problems.push('AUTH_JWT_SECRET は 32 文字以上にしてください（未指定ならデータベースに自動生成します）');
  }

  const googleClientId = read('GOOGLE_CLIENT_ID');
  const googleClientSecret = read('GOOGLE_CLIENT_SECRET');
  if ((googleClientId === undefined) !== (googleClientSecret === undefined)) {
    problems.push('GOOGLE_CLIENT_ID と GOOGLE_CLIENT_SECRET は両方指定するか、両方省略してください');
  }
  const rawGoogleIssuer = read('GOOGLE_ISSUER_URL');
  let googleIssuerUrl = GOOGLE_ISSUER_URL;
  if (rawGoogleIssuer !== undefined) {
    try {
      const parsed = new URL(rawGoogleIssuer);
      if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('protocol');
      googleIssuerUrl = rawGoogleIssuer.replace(/\/+$/, '');
    } catch {
      problems.push(
        `GOOGLE_ISSUER_URL は https://accounts.google.com のような URL で指定してください（現在: "${rawGoogleIssuer}"）`,
      );
    }
  }

  const rawLogLevel = read('LOG_LEVEL') ?? (nodeEnv === 'test' ? 'silent' : 'info');
  const logLevel = LOG_LEVELS.find((level) => level === rawLogLevel);
  if (!logLevel)
    problems.push(`LOG_LEVEL は ${LOG_LEVELS.join(' / ')} のいずれかです（現在: "${rawLogLevel}"）`);

  const rawDemo = read('TSUMIKI_DEMO');
  if (rawDemo !== undefined && rawDemo !== '0' && rawDemo !== '1') {
    problems.push(`TSUMIKI_DEMO は 1（デモデータを入れる）か 0（入れない）です（現在: "${rawDemo}"）`);
  }
  const rawPublicUrl = read('PUBLIC_URL');
  let publicUrl: string | null = null;
  if (rawPublicUrl !== undefined) {
    try {
      const parsed = new URL(rawPublicUrl);
      if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('protocol');
      if (parsed.pathname !== '/' || parsed.search || parsed.hash) throw new Error('path');
      publicUrl = parsed.origin;
    } catch {
      problems.push(
        `PUBLIC_URL は https://tsumiki.example.jp のようにスキームとホストだけで指定してください（現在: "${rawPublicUrl}"）`,
      );
    }
  }
  const rawTrustProxy = read('TRUST_PROXY');

  // Relative paths are taken from the working directory; the defaults live at the repository root
  // so that `pnpm start` at the root and `pnpm --filter @tsumiki/server dev` share one database.
  const base = repoRoot ?? cwd;
  const rawDataDir = read('TSUMIKI_DATA_DIR');
  const dataDir = rawDataDir ? resolve(cwd, rawDataDir) : join(base, '.data');
  const rawFilesDir = read('FILES_DIR');
  const filesDir = rawFilesDir ? resolve(cwd, rawFilesDir) : join(dataDir, 'files');
  const jobs = jobTimingsFromEnv(env, problems);
  const ai = readAiConfig(env);
  problems.push(...ai.problems);
  const rawAppDistDir = read('APP_DIST_DIR');
  const appDistDir = rawAppDistDir ? resolve(cwd, rawAppDistDir) : resolve(packageRoot, '..', 'app', 'dist');

  const onOff = (name: string, fallback: boolean): boolean => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    if (raw === 'on' || raw === 'off') return raw === 'on';
    problems.push(`${name} は on か off で指定してください（現在: "${raw}"）`);
    return fallback;
  };
  // scrypt's N: a power of two from 2^14 (the scrypt paper's figure for interactive logins, below
  // OWASP's 2^17 and meant only for test servers) to 2^18 (256 MiB a hash, the most the hashing
  // threads allow).
  const passwordHashCost = integer('PASSWORD_HASH_COST', PASSWORD_HASH_COST, 2 ** 14, 2 ** 18);
  if (!Number.isInteger(Math.log2(passwordHashCost))) {
    problems.push(
      `PASSWORD_HASH_COST は 16384 から 262144 までの 2 のべき乗で指定してください（現在: "${passwordHashCost}"）`,
    );
  }
  const port = integer('PORT', 3000, 0, 65535);
  const embeddedPort = read('TSUMIKI_PG_PORT') === undefined ? null : integer('TSUMIKI_PG_PORT', 0, 1, 65535);

  const config: Config = {
    nodeEnv,
    port,
    // Loopback unless asked: a production start does not open itself to the network by surprise.
    host: read('HOST') ?? '127.0.0.1',
    publicUrl,
    databaseUrl,
    databaseAppUrl,
    databaseAppDirectUrl,
    dataDir,
    filesDir,
    filesS3: readS3StorageConfig(env, problems),
    jobs,
    ai: ai.config,
    researchWebSearchUrl: read('RESEARCH_WEB_SEARCH_URL') ?? null,
    embeddedPostgresPort: embeddedPort,
    demo: rawDemo === undefined ? nodeEnv !== 'production' : rawDemo === '1',
    authJwtSecret,
    accessTokenTtlSeconds: integer('ACCESS_TOKEN_TTL', 900, 30, 86_400),
    sessionTtlSeconds: integer('SESSION_TTL', 8 * 60 * 60, 300, 30 * 86_400),
    refreshTokenReuseGraceSeconds: integer('REFRESH_TOKEN_REUSE_GRACE', 10, 0, 300),
    authRateLimitPerMinute: integer('AUTH_RATE_LIMIT_PER_MINUTE', 300, 1, 100_000),
    apiRateLimitPerMinute: integer('API_RATE_LIMIT_PER_MINUTE', 1200, 0, 1_000_000),
    accessContextCache: onOff('ACCESS_CONTEXT_CACHE', true),
    accessLogReads: onOff('ACCESS_LOG_READS', true),
    passwordHashCost,
    appDistDir,
    serveApp: nodeEnv === 'production' || existsSync(join(appDistDir, 'index.html')),
    trustProxy: trustedProxyHops(rawTrustProxy, problems),
    google:
      googleClientId && googleClientSecret
        ? { clientId: googleClientId, clientSecret: googleClientSecret, issuerUrl: googleIssuerUrl }
        : null,
    mail: readMailConfig(env, problems, publicUrl),
    logLevel: logLevel ?? 'info',
  };

  if (config.serveApp && !existsSync(join(appDistDir, 'index.html'))) {
    problems.push(
      `本番モードでは画面のビルドが必要です: ${join(appDistDir, 'index.html')} がありません（pnpm build を実行するか APP_DIST_DIR を指定してください）`,
    );
  }

  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/**
 * The `iss` of access tokens, fixed by configuration (never taken from a request's Host header,
 * which the client controls) and checked on every token.
 */
export function authIssuer(config: Pick<Config, 'publicUrl'>): string {
  return `${config.publicUrl ?? 'tsumiki'}/auth/v1`;
}

/** A complete configuration for tests and tools, without reading the environment. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    nodeEnv: 'test',
    port: 0,
    host: '127.0.0.1',
    publicUrl: null,
    databaseUrl: null,
    databaseAppUrl: null,
    databaseAppDirectUrl: null,
    dataDir: join(packageRoot, '.data-test'),
    filesDir: join(packageRoot, '.data-test', 'files'),
    filesS3: null,
    // Quick enough that tests wait for background work in well under a second.
    jobs: { ...DEFAULT_JOB_TIMINGS, pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 1 },
    ai: { provider: 'offline', limits: readAiConfig({}).config.limits },
    researchWebSearchUrl: null,
    embeddedPostgresPort: null,
    demo: true,
    authJwtSecret: null,
    accessTokenTtlSeconds: 900,
    sessionTtlSeconds: 8 * 60 * 60,
    refreshTokenReuseGraceSeconds: 10,
    authRateLimitPerMinute: 1000,
    apiRateLimitPerMinute: 0,
    // Tests change sessions, members and policies with SQL and expect the very next request to
    // see it; the cache would see it a few ms later. Its own tests switch it on.
    accessContextCache: false,
    accessLogReads: true,
    // A quarter of a second less per sign-in across a few hundred test sign-ins; the production
    // cost and the upgrade from a weaker hash are tested on their own (auth-service.test.ts).
    passwordHashCost: 2 ** 14,
    appDistDir: join(packageRoot, '.data-test', 'no-app'),
    serveApp: false,
    trustProxy: false,
    google: null,
    mail: null,
    logLevel: 'silent',
    ...overrides,
  };
}

/**
 * TRUST_PROXY: the number of proxies (load balancers) in front of the server, 1 to 10; `true` is
 * read as 1. Unset, 0 or `false`: none, the address is the connection's.
 */
function trustedProxyHops(raw: string | undefined, problems: string[]): number | false {
  if (raw === undefined || raw === '' || raw === '0' || raw === 'false') return false;
  if (raw === 'true') return 1;
  const hops = Number(raw);
  if (Number.isInteger(hops) && hops >= 1 && hops <= 10) return hops;
  problems.push(`TRUST_PROXY はサーバーの前にあるプロキシの数（1〜10）で指定してください（現在: "${raw}"）`);
  return false;
}
