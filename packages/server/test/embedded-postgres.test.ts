import { existsSync } from 'node:fs';
import { chmod, cp, lstat, mkdir, mkdtemp, readdir, readFile, readlink, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { type EmbeddedCluster, startEmbeddedPostgres } from '../src/platform/db/embedded';
import {
  DEFAULT_SYSTEM_DIR,
  firstUntraversable,
  LOCATION_FILE,
  pathAndAncestors,
  reachableBinaries,
  untraversableDirectory,
} from '../src/platform/db/postgres-placement';
import { locatePostgresBinaries, postgresOsUser } from '../src/platform/db/postgres-process';

const POSTGRES = { uid: 101, gid: 104 };
const asRoot = process.getuid?.() === 0;

describe('whether the postgres OS user can reach a directory', () => {
  it('lists every directory searched on the way', () => {
    expect(pathAndAncestors('/root/tsumiki/.data')).toEqual([
      '/',
      '/root',
      '/root/tsumiki',
      '/root/tsumiki/.data',
    ]);
    expect(pathAndAncestors('/')).toEqual(['/']);
  });

  it('stops at a 0700 home owned by root', () => {
    const dirs = [
      { path: '/', mode: 0o40755, uid: 0, gid: 0 },
      { path: '/root', mode: 0o40700, uid: 0, gid: 0 },
      { path: '/root/tsumiki', mode: 0o40755, uid: 0, gid: 0 },
    ];
    expect(firstUntraversable(dirs, POSTGRES)).toBe('/root');
    expect(firstUntraversable(dirs, { uid: 0, gid: 0 })).toBeNull();
  });

  it('applies the owner, group and other bits by class', () => {
    const one = (mode: number, uid: number, gid: number) =>
      firstUntraversable([{ path: '/d', mode, uid, gid }], POSTGRES);
    expect(one(0o711, 0, 0)).toBeNull(); // other may search
    expect(one(0o750, 0, POSTGRES.gid)).toBeNull(); // its group may search
    expect(one(0o750, 0, 0)).toBe('/d');
    expect(one(0o700, POSTGRES.uid, 0)).toBeNull(); // it owns it
    // The owner's bits apply to the owner even where "other" would allow it.
    expect(one(0o601, POSTGRES.uid, 0)).toBe('/d');
    expect(one(0o701, 0, POSTGRES.gid)).toBe('/d');
  });

  it('reads the modes from the file system', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'tsumiki-reach-'));
    try {
      await mkdir(join(parent, 'inner'));
      await chmod(parent, 0o755);
      const stranger = { uid: 65_432, gid: 65_432 };
      expect(await untraversableDirectory(join(parent, 'inner'), stranger)).toBeNull();
      await chmod(parent, 0o700);
      expect(await untraversableDirectory(join(parent, 'inner'), stranger)).toBe(parent);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});

async function query(cluster: EmbeddedCluster, sql: string) {
  const client = new pg.Client({ connectionString: cluster.ownerUrl });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

/** A directory only root may enter, like root's home. */
async function lockedDirectory(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'tsumiki-locked-'));
  await chmod(dir, 0o700);
  return dir;
}

describe('as root, with what the postgres OS user cannot reach', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it.skipIf(!asRoot)(
    'keeps the cluster of a data dir under a 0700 directory outside it, and finds it again',
    async () => {
      const locked = await lockedDirectory();
      cleanups.push(() => rm(locked, { recursive: true, force: true }));
      const dataDir = join(locked, 'data');
      const locationFile = join(dataDir, LOCATION_FILE);
      const messages: string[] = [];

      let cluster = await startEmbeddedPostgres({ dataDir, log: (message) => messages.push(message) });
      let stopped = false;
      cleanups.push(async () => {
        if (!stopped) await cluster.stop();
      });
      const pgData = (await readFile(locationFile, 'utf8')).trim();
      cleanups.push(() => rm(dirname(pgData), { recursive: true, force: true }));
      expect(pgData.startsWith(join(DEFAULT_SYSTEM_DIR, 'clusters'))).toBe(true);
      expect(messages.some((message) => message.includes(pgData) && message.includes(locked))).toBe(true);
      expect(await query(cluster, "select current_setting('data_directory') as dir")).toEqual([
        { dir: pgData },
      ]);
      await query(cluster, "create table kept as select 'まだある' as note");
      await cluster.stop();

      cluster = await startEmbeddedPostgres({ dataDir });
      expect(await query(cluster, 'select note from kept')).toEqual([{ note: 'まだある' }]);
      await cluster.stop();
      stopped = true;
      // Only the cluster moved: the superuser password stays with the data dir.
      expect(existsSync(join(dataDir, 'postgres-superuser-password'))).toBe(true);
      expect(existsSync(join(dataDir, 'postgres', 'PG_VERSION'))).toBe(false);
    },
    120_000,
  );

  it.skipIf(!asRoot)(
    'runs binaries it cannot reach from one copy outside, symlinks kept',
    async () => {
      const installed = await locatePostgresBinaries();
      const locked = await lockedDirectory();
      cleanups.push(() => rm(locked, { recursive: true, force: true }));
      const systemDir = await mkdtemp(join(tmpdir(), 'tsumiki-system-'));
      cleanups.push(() => rm(systemDir, { recursive: true, force: true }));
      const binaries = { nativeDir: join(locked, 'native'), version: installed.version };
      await cp(installed.nativeDir, binaries.nativeDir, { recursive: true, verbatimSymlinks: true });

      const runAs = await postgresOsUser();
      // Concurrent starts: both end up with the same complete copy.
      const [first, second] = await Promise.all(
        [1, 2].map(() => reachableBinaries({ binaries, runAs, systemDir, log: () => {} })),
      );
      expect(second).toEqual(first);
      expect(first?.nativeDir.startsWith(`${systemDir}/`)).toBe(true);
      expect(await readdir(systemDir)).toEqual([expect.stringMatching(/^postgres-/)]);
      // A library that is a symbolic link in the source (pnpm may also hand them out as hard
      // links) stays one in the copy, and never points back into the unreachable source.
      const library = join(first?.nativeDir ?? '', 'lib', 'libpq.so');
      const source = join(binaries.nativeDir, 'lib', 'libpq.so');
      expect((await lstat(library)).isSymbolicLink()).toBe((await lstat(source)).isSymbolicLink());
      if ((await lstat(library)).isSymbolicLink()) expect(await readlink(library)).not.toContain('/');

      const cluster = await startEmbeddedPostgres({ dataDir: join(locked, 'data'), systemDir, binaries });
      try {
        expect(await query(cluster, 'select 1 as one')).toEqual([{ one: 1 }]);
      } finally {
        await cluster.stop();
      }
    },
    120_000,
  );
});
