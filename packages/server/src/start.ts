import type { FastifyInstance } from 'fastify';
import { buildServer } from './app';
import { type Config, loadConfig } from './config';
import { bootstrapDatabase } from './platform/db/bootstrap';
import { type Db, openDatabase } from './platform/db/database';
import { type EmbeddedCluster, startEmbeddedPostgres } from './platform/db/embedded';
import { seedDemoKnowledge } from './seed/demo-knowledge';

export interface RunningServer {
  /** e.g. http://127.0.0.1:3000 */
  url: string;
  port: number;
  app: FastifyInstance;
  config: Config;
  /** Whether the demo tenants were seeded by this start (the database was empty). */
  seeded: boolean;
  /** Stops HTTP first (in-flight requests finish), then the pool, then the embedded PostgreSQL. */
  close(): Promise<void>;
}

export interface StartOptions {
  /** Progress messages for people (Japanese). Defaults to silence. */
  log?: (message: string) => void;
}

/**
 * Starts everything: PostgreSQL (embedded under the data dir unless DATABASE_URL), migrations,
 * the demo seed on an empty database, and the HTTP server on config.host:config.port.
 */
export async function startTsumiki(
  config: Config = loadConfig(),
  options: StartOptions = {},
): Promise<RunningServer> {
  const log = options.log ?? (() => {});
  const verbose = config.logLevel === 'debug' || config.logLevel === 'trace';
  let cluster: EmbeddedCluster | null = null;
  let db: Db | null = null;
  let app: FastifyInstance | null = null;

  const close = async () => {
    await app?.close();
    await db?.destroy();
    await cluster?.stop();
  };

  try {
    let ownerUrl = config.databaseUrl;
    if (!ownerUrl) {
      log(`組み込み PostgreSQL を起動しています（${config.dataDir}）`);
      cluster = await startEmbeddedPostgres({
        dataDir: config.dataDir,
        port: config.embeddedPostgresPort,
        log,
        ...(verbose ? { postgresLog: (message: string) => log(`[postgres] ${message}`) } : {}),
      });
      ownerUrl = cluster.ownerUrl;
    }
    const bootstrap = await bootstrapDatabase({
      ownerUrl,
      appUrl: config.databaseAppUrl,
      demo: config.demo,
      passwordHashCost: config.passwordHashCost,
      log,
    });
    db = openDatabase(bootstrap.appUrl);
    app = await buildServer({
      db,
      // LISTEN and the job queue bypass a pooler when DATABASE_APP_DIRECT_URL says how.
      databaseUrl: config.databaseAppDirectUrl ?? bootstrap.appUrl,
      config,
      jwtSecret: bootstrap.jwtSecret,
      mfaSecret: bootstrap.mfaSecret,
    });
    await app.listen({ port: config.port, host: config.host });
    if (bootstrap.seeded) {
      // The demo's documents go through the real upload path, so they need the running server.
      await seedDemoKnowledge(app).then(
        () => log('デモの資料（清掃業務委託契約書・就業規則・個人情報保護方針）を登録しました'),
        (error: unknown) =>
          log(`デモの資料を登録できませんでした: ${error instanceof Error ? error.message : error}`),
      );
    }
    const address = app.server.address();
    const port = address && typeof address === 'object' ? address.port : config.port;
    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    return { url: `http://${shownHost}:${port}`, port, app, config, seeded: bootstrap.seeded, close };
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
}
