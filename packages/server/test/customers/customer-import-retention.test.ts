/**
 * The retention of customers CSV imports (IMPORT_RETENTION_DAYS after they end): at an explicit
 * `now`, the job removes the imports past it — the row, its error report, the duplicates found —
 * and their stored files once the deleting transaction commits, but keeps a file another import
 * still uses, an import within the retention and one still in progress.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IMPORT_RETENTION_DAYS,
  pruneExpiredImports,
} from '../../src/modules/customers/customers.import-retention';
import { createJobQueue } from '../../src/platform/jobs/pg-boss-queue';
import { DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { createTestServer, type TestServer } from '../support/server';
import { csvFile, settledImport, startImport } from './import-support';

const HEADER = '姓,名,セイ,メイ,電話番号';
const NOW = new Date('2030-01-31T00:00:00Z');
const daysBefore = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000);

describe('retention of customers CSV imports', () => {
  let server: TestServer;
  let jobs: ReturnType<typeof createJobQueue>;
  let staff: string;

  beforeAll(async () => {
    server = await createTestServer();
    staff = (await server.signIn(DEMO_USERS.sakuraStaff.email)).access_token;
    // This test's own queue sends the removals; the server's worker of 'files.remove' runs them.
    jobs = createJobQueue({ connectionString: server.database.appUrl });
    await jobs.start();
  }, 120_000);

  afterAll(async () => {
    await jobs?.stop();
    await server?.close();
  });

  async function imported(lines: string[], check = false): Promise<string> {
    const started = await startImport(
      server,
      staff,
      csvFile(lines, '保存.csv'),
      check ? { check_duplicates: 'true' } : {},
    );
    expect(started.statusCode).toBe(202);
    const id = started.json().id as string;
    await settledImport(server, staff, id);
    return id;
  }

  async function age(id: string, fields: { finished_at?: Date | null; updated_at: Date; status?: string }) {
    await sql`update customer_imports
      set finished_at = ${fields.finished_at === undefined ? sql`finished_at` : fields.finished_at},
          updated_at = ${fields.updated_at},
          status = ${fields.status ?? sql`status`}
      where id = ${id}`.execute(server.database.owner);
  }

  const fileOf = async (id: string) => {
    const { rows } = await sql<{ storage_key: string }>`
      select storage_key from customer_imports where id = ${id}`.execute(server.database.owner);
    const key = rows[0]?.storage_key as string;
    return join(server.config.filesDir, ...key.split('/'));
  };
  const count = async (
    table: 'customer_imports' | 'customer_import_errors' | 'customer_import_duplicates',
    id: string,
  ) => {
    const column = table === 'customer_imports' ? sql.ref('id') : sql.ref('import_id');
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from ${sql.table(table)} where ${column} = ${id}`.execute(
      server.database.owner,
    );
    return rows[0]?.n ?? 0;
  };

  it(`removes what is past ${IMPORT_RETENTION_DAYS} days, and its file when nothing else uses it`, async () => {
    const shared = [HEADER, '保存,一郎,ホゾン,イチロウ,', ',名なし,ホゾン,ナナシ,'];
    // Ended 31 days before: removed with its error report; its file is also the next one's.
    const old = await imported(shared);
    // The same bytes, ended 29 days before: kept, and so is the file.
    const recent = await imported(shared);
    // Waiting for the choice since 40 days: removed with its duplicates and its own file.
    const waiting = await imported(
      [HEADER, '保存,二郎,ホゾン,ジロウ,090-5555-0001', '保存,次郎,ホゾン,ジロウ,09055550001'],
      true,
    );
    // Still running, last changed 40 days before: never touched.
    const running = await imported([HEADER, '保存,三郎,ホゾン,サブロウ,']);
    await age(old, { finished_at: daysBefore(31), updated_at: daysBefore(31) });
    await age(recent, { finished_at: daysBefore(29), updated_at: daysBefore(29) });
    await age(waiting, { updated_at: daysBefore(40) });
    await age(running, { finished_at: null, updated_at: daysBefore(40), status: 'running' });
    expect(await count('customer_import_errors', old)).toBe(1);
    expect(await count('customer_import_duplicates', waiting)).toBe(1);
    const sharedFile = await fileOf(old);
    const waitingFile = await fileOf(waiting);
    expect(sharedFile).toBe(await fileOf(recent));
    expect(existsSync(sharedFile) && existsSync(waitingFile)).toBe(true);

    expect(await pruneExpiredImports(server.database.db, jobs, NOW)).toBe(2);

    expect(await count('customer_imports', old)).toBe(0);
    expect(await count('customer_import_errors', old)).toBe(0);
    expect(await count('customer_imports', waiting)).toBe(0);
    expect(await count('customer_import_duplicates', waiting)).toBe(0);
    expect(await count('customer_imports', recent)).toBe(1);
    expect(await count('customer_import_errors', recent)).toBe(1);
    expect(await count('customer_imports', running)).toBe(1);
    // The removals run after the commit, on the server's worker: wait for both to be done.
    const pending = async () => {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pgboss.job
        where name = 'files.remove' and state <> 'completed'`.execute(server.database.owner);
      return rows[0]?.n ?? 0;
    };
    const deadline = Date.now() + 60_000;
    while (existsSync(waitingFile) || (await pending()) > 0) {
      if (Date.now() > deadline) throw new Error('the removals have not run');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(existsSync(sharedFile)).toBe(true);
    const recentReport = await server.send('GET', `/api/customers/imports/${recent}/errors.csv`, staff);
    expect(recentReport.statusCode).toBe(200);
    const gone = await server.send('GET', `/api/customers/imports/${old}`, staff);
    expect(gone.statusCode).toBe(404);

    // Run again at the same time: nothing more.
    expect(await pruneExpiredImports(server.database.db, jobs, NOW)).toBe(0);
    // What is left: the import within the retention and the one in progress.
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from customer_imports where tenant_id = ${DEMO_TENANTS.sakura.id}`.execute(
      server.database.owner,
    );
    expect(rows[0]?.n).toBe(2);
  });
});
