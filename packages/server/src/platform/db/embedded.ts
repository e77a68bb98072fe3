import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import {
  DEFAULT_SYSTEM_DIR,
  placeCluster,
  reachableBinaries,
  untraversableDirectory,
} from './postgres-placement';
import {
  initdb,
  isRoot,
  locatePostgresBinaries,
  type PostgresBinaries,
  postgresOsUser,
  startPostgres,
} from './postgres-process';

export interface EmbeddedCluster {
  /** Superuser connection string for `database`. */
  ownerUrl: string;
  port: number;
  /** Connection string of the same cluster for another database name. */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

export interface StartEmbeddedOptions {
  /**
   * Directory owning the cluster: `<dir>/postgres` holds PGDATA, unless the `postgres` OS user
   * (root runs Postgres as it) cannot reach it; then `<dir>/postgres-location` names where it is.
   */
  dataDir: string;
  port?: number | null;
  database?: string;
  /** Our own progress messages (Japanese). */
  log?: (message: string) => void;
  /** PostgreSQL's output, verbose; dropped unless given. */
  postgresLog?: (message: string) => void;
  /** Where root keeps what the `postgres` OS user cannot reach in place. For tests. */
  systemDir?: string;
  /** The binaries to run (a copy is made if unreachable). For tests; default: node_modules. */
  binaries?: PostgresBinaries;
  /**
   * Server settings for this run (`-c name=value`), e.g. a throwaway test cluster's
   * `fsync: 'off'`. Never for a cluster whose data is kept.
   */
  settings?: Record<string, string>;
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
 * A postmaster already running on this PGDATA: either left behind by a server process that was
 * killed (its parent is gone, so it was re-parented), or started by another live server process
 * sharing the data directory.
 */
async function runningPostmaster(
  pgData: string,
): Promise<{ pid: number; port: number; orphaned: boolean } | null> {
  const file = join(pgData, 'postmaster.pid');
  if (!existsSync(file)) return null;
  const lines = (await readFile(file, 'utf8')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port)) return null;
  const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (!(await isAlive(pid)) || !command.includes('postgres') || !command.includes(pgData)) {
    // Nobody runs this cluster. PostgreSQL cleans up a lock file whose process is gone, but not
    // one whose PID is a zombie (a killed postmaster its new parent has not reaped yet) or now
    // belongs to another process of the postgres user: it refuses to start. The file is ours to
    // remove once no process is attached to the cluster's shared memory any more.
    if (!(await sharedMemoryInUse(lines[6]))) await rm(file, { force: true });
    return null;
  }
  // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may contain spaces, so split after ')'.
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const parentPid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  const parentCommand = await readFile(`/proc/${parentPid}/cmdline`, 'utf8').catch(() => '');
  return { pid, port, orphaned: !parentCommand.includes('node') };
}

/** A process that exists and is not a zombie (kill(pid, 0) succeeds on a zombie too). */
async function isAlive(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (stat === null) return true;
  const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
  return state !== 'Z' && state !== 'X';
}

/**
 * Whether processes are still attached to the System V shared memory named on line 7 of
 * postmaster.pid ("key shmid"): surviving backends of a killed postmaster. While they live, the
 * lock file stays and PostgreSQL says why it cannot start.
 */
async function sharedMemoryInUse(line: string | undefined): Promise<boolean> {
  const shmid = line?.trim().split(/\s+/)[1];
  if (!shmid) return false;
  const table = await readFile('/proc/sysvipc/shm', 'utf8').catch(() => '');
  for (const row of table.split('\n').slice(1)) {
    // key shmid perms size cpid lpid nattch …
    const columns = row.trim().split(/\s+/);
    if (columns[1] === shmid) return Number(columns[6]) > 0;
  }
  return false;
}

async function stopPostmaster(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGINT'); // "fast" shutdown: roll back open transactions, checkpoint, exit
  } catch {
    return;
  }
  for (let waited = 0; waited < 30_000; waited += 100) {
    if (!(await isAlive(pid))) return;
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

// Ours, on top of those the launcher always passes. The builtin C.UTF-8 provider gives
// Unicode-aware lower() independent of the OS locales.
const INITDB_FLAGS = ['--encoding=UTF8', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'];
const POSTGRES_FLAGS = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='];

/**
 * Starts (and on first use initialises) a PostgreSQL cluster from the npm binaries, persistent
 * under `<dataDir>/postgres` (or where `<dataDir>/postgres-location` says), and makes sure
 * `database` exists.
 */
export async function startEmbeddedPostgres(options: StartEmbeddedOptions): Promise<EmbeddedCluster> {
  const { dataDir, database = 'tsumiki', log = () => {}, postgresLog = () => {} } = options;
  const systemDir = options.systemDir ?? DEFAULT_SYSTEM_DIR;
  await mkdir(dataDir, { recursive: true });
  // Postgres runs as its own OS user when we are root; it must be able to reach PGDATA.
  await chmod(dataDir, 0o755);
  const runAs = isRoot() ? await postgresOsUser() : null;
  const pgData = await placeCluster({ dataDir, runAs, systemDir, log });

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
    // Like our launcher's own exit hook: never leave the cluster behind once we own it.
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

  const binaries = await reachableBinaries({
    binaries: options.binaries ?? (await locatePostgresBinaries()),
    runAs,
    systemDir,
    log,
  });
  if (!initialised) {
    log(`PostgreSQL を初期化しています: ${pgData}`);
    await mkdir(pgData, { recursive: true });
    if (runAs) await chown(pgData, runAs.uid, runAs.gid);
    // The password file goes where the postgres user can read it: the temp dir or beside PGDATA.
    const scratchDir = runAs && (await untraversableDirectory(tmpdir(), runAs)) ? dirname(pgData) : tmpdir();
    await initdb({
      binaries,
      pgData,
      superuser: SUPERUSER,
      password,
      runAs,
      scratchDir,
      flags: INITDB_FLAGS,
      log: postgresLog,
    });
  }
  const port = options.port ?? (await findFreePort());
  const postmaster = await startPostgres({
    binaries,
    pgData,
    port,
    flags: [
      ...POSTGRES_FLAGS,
      ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    runAs,
    log: postgresLog,
  });

  try {
    return await connectCluster({ password, port, database, stop: () => postmaster.stop() });
  } catch (error) {
    await postmaster.stop();
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
