import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/platform/db/database';
import { createTestDatabase, type TestDatabase } from './support/database';

/**
 * The database going away under a request (PostgreSQL killed or restarted: the crash drill,
 * `pnpm drill`, does it for real) must cost that request, not the server process.
 */
describe('database connections that die', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  it('survives a checked-out connection being terminated, and the next query works', async () => {
    const db = openDatabase(database.appUrl, { max: 2 });
    try {
      await db.connection().execute(async (connection) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(connection);
        // As when the postmaster dies: the server ends the connection while nobody is querying it.
        await sql`select pg_terminate_backend(${rows[0]?.pid})`.execute(database.owner);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await expect(sql`select 1`.execute(connection)).rejects.toThrow();
      });
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(rows[0]?.one).toBe(1);
    } finally {
      await db.destroy();
    }
  });
});
