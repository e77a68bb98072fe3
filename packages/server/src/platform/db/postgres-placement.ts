import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import {
  chmod,
  cp,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  realpath,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { join, parse, sep } from 'node:path';
import type { OsUser, PostgresBinaries } from './postgres-process';

/**
 * Where PostgreSQL's files go when we are root. Postgres then runs as the `postgres` OS user, which
 * must traverse every directory above its binaries and its data; a clone in a 0700 home (root's, by
 * default) is closed to it. What it cannot reach is arranged under a root-owned, world-traversable
 * directory outside the clone instead: a copy of the binaries, and the cluster's PGDATA.
 */
export const DEFAULT_SYSTEM_DIR = '/var/lib/tsumiki';

/** Records, in the data dir, where its cluster lives when it is not `<dataDir>/postgres`. */
export const LOCATION_FILE = 'postgres-location';

export interface DirectoryStat {
  path: string;
  mode: number;
  uid: number;
  gid: number;
}

/** `/a/b` → `['/', '/a', '/a/b']`: every directory the kernel searches to reach inside `/a/b`. */
export function pathAndAncestors(path: string): string[] {
  const { root } = parse(path);
  const parts = path.slice(root.length).split(sep).filter(Boolean);
  return [root, ...parts.map((_, index) => root + parts.slice(0, index + 1).join(sep))];
}

/**
 * The first of `dirs` (listed from the root down) that `user` may not search, or null if it may
 * search them all. Unix permission classes: the owner bits apply to the owner even when "other"
 * would allow more, then the group bits, then other. ACLs and supplementary groups are not
 * considered (a process spawned with uid/gid has none).
 */
export function firstUntraversable(dirs: readonly DirectoryStat[], user: OsUser): string | null {
  if (user.uid === 0) return null;
  for (const dir of dirs) {
    const bit = dir.uid === user.uid ? 0o100 : dir.gid === user.gid ? 0o010 : 0o001;
    if ((dir.mode & bit) === 0) return dir.path;
  }
  return null;
}

/** The first directory on the way to (and including) `dir` that `user` cannot pass, or null. */
export async function untraversableDirectory(dir: string, user: OsUser): Promise<string | null> {
  const dirs = await Promise.all(
    pathAndAncestors(await realpath(dir)).map(async (path) => {
      const { mode, uid, gid } = await stat(path);
      return { path, mode, uid, gid };
    }),
  );
  return firstUntraversable(dirs, user);
}

function unreachableAdvice(blocked: string): string {
  return `TSUMIKI_DATA_DIR を postgres ユーザーが入れる場所（例: /srv/tsumiki）にするか、\`chmod o+x ${blocked}\` で通れるようにするか、DATABASE_URL で外部の PostgreSQL を指定してください。`;
}

/** `dir` (under systemDir) created root-owned and world-traversable, and reachable by `user`. */
async function ensureSystemDirectory(systemDir: string, dir: string, user: OsUser, blocked: string) {
  try {
    // One level at a time: `mkdir -p` semantics without Node's recursive mkdir, which never
    // settles on some file systems (/proc).
    for (const path of pathAndAncestors(dir)) {
      await mkdir(path).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      });
      if (path === systemDir || path.startsWith(systemDir + sep)) await chmod(path, 0o755);
    }
  } catch (error) {
    throw new Error(
      `postgres ユーザー（root で起動した PostgreSQL はこのユーザーで動きます）が ${blocked} に入れないため ${dir} を使おうとしましたが、作成できませんでした（${(error as NodeJS.ErrnoException).code ?? String(error)}）。${unreachableAdvice(blocked)}`,
      { cause: error },
    );
  }
  const closed = await untraversableDirectory(dir, user);
  if (closed) {
    throw new Error(
      `postgres ユーザーが ${blocked} に入れないため ${dir} を使おうとしましたが、${closed} にも入れません。${unreachableAdvice(blocked)}`,
    );
  }
}

export interface PlacementOptions {
  /** The OS user Postgres runs as; null when not root: everything is used in place. */
  runAs: OsUser | null;
  systemDir: string;
  log: (message: string) => void;
}

/**
 * PGDATA for `dataDir`: `<dataDir>/postgres` when Postgres can reach it; otherwise
 * `<systemDir>/clusters/<hash of dataDir>/postgres`, recorded in `<dataDir>/postgres-location` so
 * that later starts (and people) find it.
 */
export async function placeCluster(options: PlacementOptions & { dataDir: string }): Promise<string> {
  const { dataDir, runAs, systemDir, log } = options;
  const locationFile = join(dataDir, LOCATION_FILE);
  if (existsSync(locationFile)) {
    const recorded = (await readFile(locationFile, 'utf8')).split('\n')[0]?.trim();
    if (recorded) {
      log(`PostgreSQL のデータは ${recorded} にあります（${locationFile} に記録）`);
      return recorded;
    }
  }
  const inPlace = join(dataDir, 'postgres');
  if (!runAs) return inPlace;
  const blocked = await untraversableDirectory(dataDir, runAs);
  if (!blocked) return inPlace;
  if (existsSync(join(inPlace, 'PG_VERSION'))) {
    throw new Error(
      `${inPlace} の PostgreSQL のデータに postgres ユーザー（root で起動した PostgreSQL はこのユーザーで動きます）が届きません: ${blocked} に入れません。\`chmod o+x ${blocked}\` で通れるようにしてください。`,
    );
  }

  const hash = createHash('sha256')
    .update(await realpath(dataDir))
    .digest('hex')
    .slice(0, 16);
  const home = join(systemDir, 'clusters', hash);
  await ensureSystemDirectory(systemDir, home, runAs, blocked);
  const pgData = join(home, 'postgres');
  await writeFile(locationFile, `${pgData}\n`);
  log(
    `postgres ユーザー（root で起動した PostgreSQL はこのユーザーで動きます）が ${blocked} に入れないため、PostgreSQL のデータを ${pgData} に置きます（場所は ${locationFile} に記録しました）`,
  );
  return pgData;
}

/** Directories world-traversable, files world-readable (executables world-executable). */
async function openUp(path: string): Promise<void> {
  const info = await lstat(path);
  if (info.isSymbolicLink()) return;
  if (info.isDirectory()) {
    await chmod(path, 0o755);
    for (const entry of await readdir(path)) await openUp(join(path, entry));
  } else {
    await chmod(path, (info.mode & 0o777) | 0o444 | (info.mode & 0o100 ? 0o111 : 0));
  }
}

const COPYING_PREFIX = '.copying-postgres-';

/** Temporary copies left by an interrupted start (an hour old: no copy takes that long). */
async function removeAbandonedCopies(systemDir: string): Promise<void> {
  for (const entry of await readdir(systemDir)) {
    if (!entry.startsWith(COPYING_PREFIX)) continue;
    const path = join(systemDir, entry);
    const info = await stat(path).catch(() => null);
    if (info && Date.now() - info.mtimeMs > 60 * 60 * 1000) await rm(path, { recursive: true, force: true });
  }
}

const REQUIRED_BINARIES = ['postgres', 'initdb'];

function isComplete(nativeDir: string): boolean {
  return REQUIRED_BINARIES.every((name) => existsSync(join(nativeDir, 'bin', name)));
}

/**
 * The binaries where `runAs` can run them: in place if it can reach them, otherwise a copy under
 * `<systemDir>/postgres-<version>-<platform>-<arch>`, made once (copied into a temporary directory
 * and renamed into place, so that concurrent starts and an interrupted copy are harmless).
 */
export async function reachableBinaries(
  options: PlacementOptions & { binaries: PostgresBinaries },
): Promise<PostgresBinaries> {
  const { binaries, runAs, systemDir, log } = options;
  if (!runAs) return binaries;
  const nativeDir = await realpath(binaries.nativeDir);
  let blocked: string | null = null;
  for (const sub of ['bin', 'lib', 'share']) {
    blocked ??= await untraversableDirectory(join(nativeDir, sub), runAs);
  }
  if (!blocked) return { ...binaries, nativeDir };

  const target = join(systemDir, `postgres-${binaries.version}-${process.platform}-${process.arch}`);
  const targetNative = join(target, 'native');
  if (!isComplete(targetNative)) {
    await ensureSystemDirectory(systemDir, systemDir, runAs, blocked);
    log(
      `postgres ユーザー（root で起動した PostgreSQL はこのユーザーで動きます）が ${blocked} に入れないため、PostgreSQL のプログラムを ${target} にコピーします（初回のみ）`,
    );
    await removeAbandonedCopies(systemDir);
    const temporary = await mkdtemp(join(systemDir, `${COPYING_PREFIX}${binaries.version}-`));
    try {
      // verbatimSymlinks: the libraries' relative symlinks (native/pg-symlinks.json) stay symlinks.
      await cp(nativeDir, join(temporary, 'native'), { recursive: true, verbatimSymlinks: true });
      await openUp(temporary);
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { recursive: true, force: true });
      // Another start copied it first: theirs is complete (renamed into place whole).
      if (!isComplete(targetNative)) {
        throw new Error(
          `PostgreSQL のプログラムを ${target} にコピーできませんでした（${(error as NodeJS.ErrnoException).code ?? String(error)}）。${target} があれば削除してやり直すか、リポジトリを postgres ユーザーが入れる場所（例: /srv/tsumiki）に置くか、DATABASE_URL で外部の PostgreSQL を指定してください。`,
          { cause: error },
        );
      }
    }
  }
  const closed = await untraversableDirectory(join(targetNative, 'bin'), runAs);
  if (closed) {
    throw new Error(
      `PostgreSQL のプログラムのコピー ${target} に postgres ユーザーが入れません（${closed}）。\`chmod o+x ${closed}\` で通れるようにするか、DATABASE_URL で外部の PostgreSQL を指定してください。`,
    );
  }
  return { ...binaries, nativeDir: targetNative };
}
