/**
 * The pg-boss job queue over a test database, as the app role: a job sent inside a transaction
 * exists only if that transaction commits, and a worker of the process runs it with its attempt.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../src/platform/db/tenant-scope';
import type { JobAttempt, JobData } from '../../src/platform/jobs/jobs';
import { createJobQueue } from '../../src/platform/jobs/pg-boss-queue';
import { DEMO_TENANTS } from '../../src/seed/demo';
import { createTestDatabase, type TestDatabase } from '../support/database';

const TENANT = DEMO_TENANTS.sakura.id;

describe('the job queue (pg-boss)', () => {
  let database: TestDatabase;
  let jobs: ReturnType<typeof createJobQueue>;
  const ran: Array<{ data: JobData['files.remove']; attempt: JobAttempt }> = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    jobs = createJobQueue({
      connectionString: database.appUrl,
      timings: { pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 1 },
    });
    jobs.work('files.remove', async (data, attempt) => {
      ran.push({ data, attempt });
    });
    await jobs.start();
  });

  afterAll(async () => {
    await jobs.stop();
    await database.drop();
  });

  const queued = async (key: string) => {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pgboss.job where name = 'files.remove' and data ->> 'key' = ${key}`.execute(
      database.owner,
    );
    return rows[0]?.n;
  };

  it('a job sent in a transaction that rolls back never exists', async () => {
    const key = `${TENANT}/${'1'.repeat(64)}`;
    await expect(
      withTenant(database.db, TENANT, async (tx) => {
        await jobs.sendInTransaction(tx, 'files.remove', { tenantId: TENANT, key, sha256: '1'.repeat(64) });
        expect(await queued(key)).toBe(0); // not visible outside before commit either
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await queued(key)).toBe(0);
  });

  it('a committed one runs in a worker, first attempt', async () => {
    const key = `${TENANT}/${'2'.repeat(64)}`;
    await withTenant(database.db, TENANT, (tx) =>
      jobs.sendInTransaction(tx, 'files.remove', { tenantId: TENANT, key, sha256: '2'.repeat(64) }),
    );
    expect(await queued(key)).toBe(1);
    const deadline = Date.now() + 15_000;
    while (!ran.some((run) => run.data.key === key) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(ran.find((run) => run.data.key === key)).toEqual({
      data: { tenantId: TENANT, key, sha256: '2'.repeat(64) },
      attempt: { retryCount: 0, lastAttempt: false },
    });
  });
});
