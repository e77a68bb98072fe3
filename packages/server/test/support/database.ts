import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { appRoleUrl } from '../../src/platform/db/app-role';
import { type Db, openDatabase } from '../../src/platform/db/database';

/**
 * Forgets every rate-limit window. The counters live in the database (shared by every server on
 * it), so a test that starts a server with a small limit begins from zero, not from what earlier
 * tests of its file spent within the same minute.
 */
export async function forgetRateLimits(database: TestDatabase): Promise<void> {
  await sql`delete from rate_limit_counters`.execute(database.owner);
}

export interface TestDatabase {
  name: string;
  /** Superuser of the test cluster: sees every tenant, bypasses row-level security. */
  ownerUrl: string;
  /** The non-superuser app role the server uses. */
  appUrl: string;
  db: Db;
  owner: Db;
  drop(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('postgres').adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Drops a test file's database. A pool's `end()` resolves once its clients are told to close, not
 * once they have: a forced drop right after would terminate one still closing, whose error then
 * reaches nobody (an unhandled error that fails the run). So the drop first waits, briefly, for
 * the database's own connections to go, and forces only what is left after that.
 */
async function dropDatabase(name: string): Promise<void> {
  await admin(async (client) => {
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const { rows } = await client.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = $1',
        [name],
      );
      if (rows[0]?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await client.query(`drop database if exists ${name} with (force)`);
  });
}

/** A database of its own for one test file: a clone of a migrated (and by default seeded) template. */
export async function createTestDatabase(
  options: { seeded?: boolean; template?: string } = {},
): Promise<TestDatabase> {
  const { adminUrl, seededTemplate, emptyTemplate } = inject('postgres');
  const template = options.template ?? (options.seeded === false ? emptyTemplate : seededTemplate);
  const name = `test_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`create database ${name} template ${template}`));
  const ownerUrl = withDatabase(adminUrl, name);
  const appUrl = appRoleUrl(ownerUrl);
  const db = openDatabase(appUrl, { max: 5 });
  const owner = openDatabase(ownerUrl, { max: 2 });
  return {
    name,
    ownerUrl,
    appUrl,
    db,
    owner,
    async drop() {
      await db.destroy();
      await owner.destroy();
      await dropDatabase(name);
    },
  };
}

/** A fresh, completely empty database (not even migrated). */
export async function createBlankDatabase(): Promise<{
  name: string;
  ownerUrl: string;
  drop(): Promise<void>;
}> {
  const name = `blank_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`create database ${name}`));
  return {
    name,
    ownerUrl: withDatabase(inject('postgres').adminUrl, name),
    drop: () => dropDatabase(name),
  };
}
