/**
 * A server killed (SIGKILL) while it extracts a document: the job is not lost. Another start on
 * the same database takes it up again once the dead process's heartbeat is overdue, and the
 * document becomes searchable. The servers are child processes (`tsx src/main.ts`) with
 * TSUMIKI_TEST_EXTRACT_DELAY_MS (a test knob) holding each extraction long enough to kill it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_TENANTS, DEMO_USERS } from '../../src/seed/demo';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { type ChildServer, startChildServer, stopChildServer } from './child-server';
import { fixture } from './support';

describe('a killed server: its extraction job resumes after a restart', () => {
  let database: TestDatabase;
  let dataDir: string;
  let first: ChildServer | null = null;
  let second: ChildServer | null = null;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'tsumiki-restart-'));
  });

  afterAll(async () => {
    await stopChildServer(first, 'SIGKILL');
    await stopChildServer(second, 'SIGTERM');
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('kill -9 during extraction; the next start finishes it and the document is searchable', async () => {
    const env = {
      NODE_ENV: 'development',
      DATABASE_URL: database.ownerUrl,
      TSUMIKI_DATA_DIR: dataDir,
      TSUMIKI_DEMO: '0',
      PORT: '0',
      LOG_LEVEL: 'warn',
      APP_DIST_DIR: join(dataDir, 'no-app'),
      TSUMIKI_TEST_EXTRACT_DELAY_MS: '3000',
      TSUMIKI_JOB_HEARTBEAT_SECONDS: '10',
      TSUMIKI_JOB_SUPERVISE_SECONDS: '1',
      TSUMIKI_JOB_POLL_SECONDS: '0.5',
    };
    first = await startChildServer(env);
    const signIn = await fetch(`${first.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_USERS.sakuraAdmin.email, password: DEMO_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const { access_token: token } = (await signIn.json()) as { access_token: string };
    const headers = { authorization: `Bearer ${token}`, 'x-tenant-id': DEMO_TENANTS.sakura.id };

    const form = new FormData();
    form.append('file', new Blob([await fixture('clinic-manual.pdf')]), '院内規程.pdf');
    const uploaded = await fetch(`${first.url}/api/documents/upload`, {
      method: 'POST',
      headers,
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { id } = (await uploaded.json()) as { id: string };

    // The job is active in the first server (it waits before extracting): kill it there.
    const jobState = async () => {
      const { rows } = await sql<{ state: string; retry_count: number }>`
        select state, retry_count from pgboss.job
        where name = 'documents.extract' and data ->> 'documentId' = ${id}`.execute(database.owner);
      return rows[0];
    };
    const activeBy = Date.now() + 20_000;
    while ((await jobState())?.state !== 'active' && Date.now() < activeBy) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await jobState())?.state).toBe('active');
    await stopChildServer(first, 'SIGKILL');
    first = null;
    const afterKill = await database.owner
      .selectFrom('documents')
      .select('extraction_status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(afterKill.extraction_status).toBe('pending');

    second = await startChildServer(env);
    const readyBy = Date.now() + 60_000;
    let document: { extraction_status: string; page_count: number | null } = {
      extraction_status: 'pending',
      page_count: null,
    };
    while (document.extraction_status === 'pending' && Date.now() < readyBy) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      document = (await (
        await fetch(`${second.url}/api/documents/${id}`, { headers })
      ).json()) as typeof document;
    }
    expect(document).toMatchObject({ extraction_status: 'ready', page_count: 3 });
    const job = await jobState();
    expect(job).toMatchObject({ state: 'completed' });
    expect(job?.retry_count).toBeGreaterThanOrEqual(1);

    const search = await fetch(`${second.url}/api/documents/search?query=${encodeURIComponent('停電')}`, {
      method: 'POST',
      headers,
    });
    const found = (await search.json()) as { results: { document: { id: string }; page: number }[] };
    expect(found.results).toEqual([
      expect.objectContaining({ document: expect.objectContaining({ id }), page: 3 }),
    ]);
  }, 150_000);
});
