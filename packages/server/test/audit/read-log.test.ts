import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReadLog } from '../../src/platform/audit/read-log';
import { sizeBucket } from '../../src/platform/audit/read-log-batch';
import { sealPendingAccessLogs } from '../../src/platform/audit/sealer';
import { poolOf } from '../../src/platform/db/database';
import { withTenant } from '../../src/platform/db/tenant-scope';
import { createTestDatabase, type TestDatabase } from '../support/database';

let database: TestDatabase;
let tenantId: string;
let otherTenantId: string;

const trace = (requestId: string) => ({
  actor: null,
  ip: '192.0.2.20',
  userAgent: 'vitest',
  requestId,
});

beforeAll(async () => {
  database = await createTestDatabase();
  const tenants = await database.owner.selectFrom('tenants').select(['id', 'name']).orderBy('name').execute();
  tenantId = tenants.find((tenant) => tenant.name.includes('さくら'))!.id;
  otherTenantId = tenants.find((tenant) => tenant.id !== tenantId)!.id;
});

const logs: ReadLog[] = [];
/** Every log a test opens is closed at the end (its own connections). */
function opened(log: ReadLog): ReadLog {
  logs.push(log);
  return log;
}

afterAll(async () => {
  await Promise.all(logs.map((log) => log.close()));
  await database?.drop();
});

/** Where a request's row is now, as the owner sees it: waiting in the inbox or already chained. */
async function committed(requestId: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select (select count(*) from access_log_inbox where request_id = ${requestId})
         + (select count(*) from access_log where request_id = ${requestId}) as n`.execute(database.owner);
  return Number(rows[0]!.n);
}

const read = (id: string) => [
  { action: 'customer.read' as const, target: { type: 'customer', id }, customerId: id },
];

describe('the read log (group commit of reads’ rows)', () => {
  it('has every row committed at the moment its read is told so, with many reads sharing commits', async () => {
    const log = opened(new ReadLog(database.db));
    const ids = Array.from({ length: 40 }, (_, index) => `parallel-${index}`);
    // What a crash right after the answer would leave: checked the moment each promise resolves.
    const seen = await Promise.all(
      ids.map((id, index) =>
        log
          .record(index % 2 ? otherTenantId : tenantId, trace(id), read(crypto.randomUUID()))
          .then(() => committed(id)),
      ),
    );
    expect(seen).toEqual(ids.map(() => 1));
    const { rows } = await sql<{ n: string }>`
      select count(distinct xmin::text) as n from access_log_inbox
      where request_id like 'parallel-%'`.execute(database.owner);
    // 40 rows, fewer transactions: the first goes alone, the rest gather while it commits.
    expect(Number(rows[0]!.n)).toBeLessThan(40);
  });

  it('stamps the rows with the database clock, each in its own tenant, and the sealer chains them', async () => {
    const log = opened(new ReadLog(database.db));
    const before = await sql<{ now: Date }>`select clock_timestamp() as now`.execute(database.owner);
    await Promise.all([
      log.record(tenantId, trace('clock-a'), read(crypto.randomUUID())),
      log.record(otherTenantId, trace('clock-b'), read(crypto.randomUUID())),
    ]);
    const inbox = await database.owner
      .selectFrom('access_log_inbox')
      .select(['tenant_id', 'occurred_at', 'request_id'])
      .where('request_id', 'in', ['clock-a', 'clock-b'])
      .orderBy('seq')
      .execute();
    expect(inbox.map((row) => [row.request_id, row.tenant_id])).toEqual([
      ['clock-a', tenantId],
      ['clock-b', otherTenantId],
    ]);
    for (const row of inbox)
      expect(row.occurred_at.getTime()).toBeGreaterThanOrEqual(before.rows[0]!.now.getTime());
    await sealPendingAccessLogs(database.db);
    expect(await committed('clock-a')).toBe(1);
    expect(await database.owner.selectFrom('access_log_inbox').select('seq').execute()).toEqual([]);
  });

  it('with no linger, sends a row as soon as it is queued, nobody waiting for it yet', async () => {
    const log = opened(new ReadLog(database.db, { lingerMs: 0 }));
    const row = log.record(tenantId, trace('at-once'), read(crypto.randomUUID()));
    for (let tries = 0; tries < 200 && (await committed('at-once')) === 0; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await committed('at-once')).toBe(1);
    await expect(row).resolves.toBeUndefined();
  });

  it('commits on connections of its own, never waiting for the requests’ pool', async () => {
    const requests = poolOf(database.db)!;
    // Every connection of the requests' pool taken, as by reads under load.
    const held = await Promise.all(
      Array.from({ length: requests.options.max ?? 10 }, () => requests.connect()),
    );
    try {
      const log = opened(new ReadLog(database.db));
      await log.record(tenantId, trace('own-connection'), read(crypto.randomUUID()));
      expect(await committed('own-connection')).toBe(1);
      const { rows } = await sql<{ n: string }>`
        select count(*) as n from pg_stat_activity
        where application_name = 'tsumiki-read-log' and datname = current_database()`.execute(database.owner);
      // (the logs of the tests before this one keep theirs, idle, until they close)
      expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(1);
    } finally {
      for (const client of held) client.release();
    }
  });

  it('keeps up to `connections` batches in flight, the rows queued meanwhile going together next', async () => {
    const log = opened(new ReadLog(database.db, { lingerMs: 0, connections: 2 }));
    const ids = ['flight-1', 'flight-2', 'flight-3', 'flight-4'];
    await Promise.all(ids.map((id) => log.record(tenantId, trace(id), read(crypto.randomUUID()))));
    const { rows } = await sql<{ request_id: string; tx: string }>`
      select request_id, xmin::text as tx from access_log_inbox
      where request_id like 'flight-%' order by request_id`.execute(database.owner);
    const tx = rows.map((row) => row.tx);
    // 1 and 2 each went alone at once (two connections); 3 and 4 queued behind them, shared one.
    expect(new Set(tx).size).toBe(3);
    expect(tx[2]).toBe(tx[3]);
  });

  it('counts its batches and rows, and the batches by size', async () => {
    const log = opened(new ReadLog(database.db, { lingerMs: 60_000 }));
    expect(log.stats()).toEqual({ batches: 0, rows: 0, sizes: {} });
    // Three reads answered together: one batch of three; then one alone.
    await Promise.all(
      ['count-1', 'count-2', 'count-3'].map((id) =>
        log.record(tenantId, trace(id), read(crypto.randomUUID())),
      ),
    );
    await log.record(tenantId, trace('count-4'), read(crypto.randomUUID()));
    expect(log.stats()).toEqual({ batches: 2, rows: 4, sizes: { '1': 1, '3-4': 1 } });
    expect([1, 2, 3, 4, 5, 9, 16, 17, 33, 500].map(sizeBucket)).toEqual([
      '1',
      '2',
      '3-4',
      '3-4',
      '5-8',
      '9-16',
      '9-16',
      '17-32',
      '33+',
      '33+',
    ]);
  });

  it('sends what is still queued before it closes its connections', async () => {
    const log = new ReadLog(database.db, { lingerMs: 60_000 });
    const row = log.record(tenantId, trace('at-close'), read(crypto.randomUUID()));
    await log.close();
    expect(await committed('at-close')).toBe(1);
    await expect(row).resolves.toBeUndefined();
  });

  it('fails only the read whose row cannot be written: the others in its batch still commit', async () => {
    const log = opened(new ReadLog(database.db));
    const first = log.record(tenantId, trace('lead'), read(crypto.randomUUID()));
    // These gather while the first commits: one batch, one of them for a tenant that does not exist.
    const good = log.record(tenantId, trace('good'), read(crypto.randomUUID()));
    const bad = log.record(crypto.randomUUID(), trace('bad'), read(crypto.randomUUID()));
    const alsoGood = log.record(otherTenantId, trace('also-good'), read(crypto.randomUUID()));
    await first;
    await expect(good).resolves.toBeUndefined();
    await expect(bad).rejects.toThrow();
    await expect(alsoGood).resolves.toBeUndefined();
    expect([await committed('good'), await committed('bad'), await committed('also-good')]).toEqual([
      1, 0, 1,
    ]);
  });

  it('sends the rows queued so far as soon as somebody waits for one, in one transaction', async () => {
    // Nothing would go for a minute unless somebody waits.
    const log = opened(new ReadLog(database.db, { lingerMs: 60_000 }));
    const running = ['still-running-1', 'still-running-2'].map((id) =>
      log.record(tenantId, trace(id), read(crypto.randomUUID())),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await committed('still-running-1')).toBe(0);
    // A read that has its answer waits for its row: the rows of the reads still running go with it,
    // so they are durable before those reads even ask.
    const started = performance.now();
    await log.record(tenantId, trace('answered'), read(crypto.randomUUID()));
    expect(performance.now() - started).toBeLessThan(30_000);
    expect([await committed('still-running-1'), await committed('still-running-2')]).toEqual([1, 1]);
    const { rows } = await sql<{ n: string }>`
      select count(distinct xmin::text) as n from access_log_inbox
      where request_id in ('still-running-1', 'still-running-2', 'answered')`.execute(database.owner);
    expect(Number(rows[0]!.n)).toBe(1);
    await Promise.all(running);
  });

  it('commits a row nobody waits for within the linger, and a full batch at once', async () => {
    const lingering = opened(new ReadLog(database.db, { lingerMs: 30 }));
    const unwaited = lingering.record(tenantId, trace('unwaited'), read(crypto.randomUUID()));
    for (let tries = 0; tries < 200 && (await committed('unwaited')) === 0; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(await committed('unwaited')).toBe(1);
    await unwaited;

    const full = opened(new ReadLog(database.db, { lingerMs: 60_000, maxRows: 3 }));
    const three = ['full-1', 'full-2', 'full-3'].map((id) =>
      full.record(tenantId, trace(id), read(crypto.randomUUID())),
    );
    for (let tries = 0; tries < 200 && (await committed('full-3')) === 0; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect([await committed('full-1'), await committed('full-2'), await committed('full-3')]).toEqual([
      1, 1, 1,
    ]);
    await Promise.all(three);
  });

  it('reports a failed row to whoever waits for it, and to nobody else', async () => {
    const log = opened(new ReadLog(database.db, { lingerMs: 0 }));
    const bad = log.record(crypto.randomUUID(), trace('bad-unwaited'), read(crypto.randomUUID()));
    // Sent by the linger, failed, with nobody waiting yet: no unhandled rejection meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(bad).rejects.toThrow();
    await expect(
      log.record(tenantId, trace('after-bad'), read(crypto.randomUUID())),
    ).resolves.toBeUndefined();
    expect(await committed('after-bad')).toBe(1);
  });

  it('chains a big inbox in the order it arrived, in one pass that verifies', async () => {
    const log = opened(new ReadLog(database.db, { lingerMs: 0 }));
    const ids = Array.from({ length: 300 }, (_, index) => `bulk-${String(index).padStart(3, '0')}`);
    for (let start = 0; start < ids.length; start += 50)
      await Promise.all(
        ids.slice(start, start + 50).map((id) => log.record(tenantId, trace(id), read(crypto.randomUUID()))),
      );
    const order = await database.owner
      .selectFrom('access_log_inbox')
      .select('request_id')
      .where('request_id', 'like', 'bulk-%')
      .orderBy('seq')
      .execute();
    await sealPendingAccessLogs(database.db);
    const chained = await database.owner
      .selectFrom('access_log')
      .select(['id', 'request_id', 'occurred_at'])
      .where('request_id', 'like', 'bulk-%')
      .orderBy('id')
      .execute();
    expect(chained.map((row) => row.request_id)).toEqual(order.map((row) => row.request_id));
    expect(Number(chained.at(-1)!.id) - Number(chained[0]!.id)).toBe(ids.length - 1);
    const { rows } = await sql<{ problem: string | null; checked: string }>`
      select problem, checked from tsumiki_verify_access_log(${tenantId}::uuid)`.execute(database.owner);
    expect(rows[0]).toMatchObject({ problem: null });
    expect(Number(rows[0]!.checked)).toBeGreaterThanOrEqual(ids.length);
  });

  it('holds a waited row back for the reads still running when asked to, but never a lone read', async () => {
    const gathering = opened(new ReadLog(database.db, { lingerMs: 60_000, gatherMs: 150 }));
    // Its connection opened first (the log's own: the first batch opens it), so only holding back counts.
    await gathering.record(tenantId, trace('warm'), read(crypto.randomUUID()));
    const lone = performance.now();
    await gathering.record(tenantId, trace('lone'), read(crypto.randomUUID()));
    // Nothing else was running: it went at once.
    expect(performance.now() - lone).toBeLessThan(140);
    const running = gathering.record(tenantId, trace('gather-running'), read(crypto.randomUUID()));
    const started = performance.now();
    await gathering.record(tenantId, trace('gather-answered'), read(crypto.randomUUID()));
    // Held for the read still running (up to gatherMs), whose row then shares the commit.
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(await committed('gather-running')).toBe(1);
    const { rows } = await sql<{ n: string }>`
      select count(distinct xmin::text) as n from (
        select xmin from access_log_inbox where request_id in ('gather-running', 'gather-answered')) x`.execute(
      database.owner,
    );
    expect(Number(rows[0]!.n)).toBe(1);
    await running;
  });

  it('writes each tenant’s rows under its own scope only, and leaves the caller’s scope as it was', async () => {
    const stranger = crypto.randomUUID();
    const call = (tenants: string[]) => sql<{ written: number }>`
      select tsumiki_access_log_enqueue(
        ${tenants}::uuid[], ${tenants.map(() => null)}::uuid[], ${tenants.map(() => null)}::text[],
        ${tenants.map(() => null)}::text[], ${tenants.map(() => 'customer.read')}::text[],
        ${tenants.map(() => 'customer')}::text[], ${tenants.map(() => stranger)}::text[],
        ${tenants.map(() => stranger)}::uuid[], ${tenants.map(() => null)}::text[],
        ${tenants.map(() => null)}::text[], ${tenants.map(() => 'scoped')}::text[],
        ${tenants.map(() => '{}')}::jsonb[]) as written`;
    const [answer, after] = await withTenant(database.db, tenantId, async (tx) => [
      await call([tenantId, otherTenantId]).execute(tx),
      // Still scoped to its own tenant afterwards, in the same transaction (the function restored it).
      await sql<{ scope: string }>`select current_setting('app.tenant_id', true) as scope`.execute(tx),
    ]);
    expect(answer.rows[0]).toMatchObject({ written: 2 });
    expect((after.rows[0] as { scope: string }).scope).toBe(tenantId);
    const { rows } = await sql<{ tenant_id: string }>`
      select tenant_id from access_log_inbox where request_id = 'scoped'`.execute(database.owner);
    expect(rows.map((row) => row.tenant_id).sort()).toEqual([tenantId, otherTenantId].sort());
    // The app role still cannot read another tenant's inbox, nor change it.
    const seen = await withTenant(database.db, tenantId, (tx) =>
      sql<{ n: string }>`select count(*) as n from access_log_inbox where request_id = 'scoped'`.execute(tx),
    );
    expect(Number(seen.rows[0]!.n)).toBe(1);
  });

  it('gives the app role no way to change or remove what it wrote', async () => {
    const log = opened(new ReadLog(database.db));
    await log.record(tenantId, trace('insert-only'), read(crypto.randomUUID()));
    await expect(sql`update access_log_inbox set detail = '{}'`.execute(database.db)).rejects.toThrow(
      /permission denied/,
    );
    await expect(sql`delete from access_log_inbox`.execute(database.db)).rejects.toThrow(/permission denied/);
  });
});
