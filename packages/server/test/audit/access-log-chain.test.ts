import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAccess, recordAccountAccess, recordRead } from '../../src/platform/audit/access-log';
import { verifyAccessLogChain } from '../../src/platform/audit/access-log-chain';
import { sealPendingAccessLogs } from '../../src/platform/audit/sealer';
import { withTenant } from '../../src/platform/db/tenant-scope';
import { createTestDatabase, type TestDatabase } from '../support/database';

let database: TestDatabase;
let tenantId: string;
let otherTenantId: string;
let adminId: string;

const trace = {
  actor: { userId: '', name: '管理 太郎', email: 'admin@sakura-clinic.example' },
  ip: '192.0.2.10',
  userAgent: 'vitest',
  requestId: 'req-1',
};

beforeAll(async () => {
  database = await createTestDatabase();
  const tenants = await database.owner.selectFrom('tenants').select(['id', 'name']).orderBy('name').execute();
  tenantId = tenants.find((tenant) => tenant.name.includes('さくら'))!.id;
  otherTenantId = tenants.find((tenant) => tenant.id !== tenantId)!.id;
  adminId = (
    await database.owner
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'admin@sakura-clinic.example')
      .executeTakeFirstOrThrow()
  ).id;
  trace.actor.userId = adminId;
});

afterAll(async () => {
  await database?.drop();
});

async function rowsOf(tenant: string) {
  return database.owner
    .selectFrom('access_log')
    .selectAll()
    .where('tenant_id', '=', tenant)
    .orderBy('id')
    .execute();
}

describe('the access log chain', () => {
  it('numbers, stamps and chains the rows a request transaction records, with its trace', async () => {
    const customerId = crypto.randomUUID();
    await withTenant(
      database.db,
      tenantId,
      async (tx) => {
        await recordAccess(tx, {
          action: 'customer.read',
          target: { type: 'customer', id: customerId },
          customerId,
        });
        await recordAccess(tx, [
          { action: 'interaction.read', target: { type: 'customer', id: customerId }, customerId },
          {
            action: 'customer.update',
            target: { type: 'customer', id: customerId },
            customerId,
            detail: { fields: ['phone'] },
          },
        ]);
      },
      trace,
    );
    const rows = await rowsOf(tenantId);
    expect(rows.map((row) => [row.id, row.action])).toEqual([
      ['1', 'customer.read'],
      ['2', 'interaction.read'],
      ['3', 'customer.update'],
    ]);
    expect(rows[0]).toMatchObject({
      actor_user_id: adminId,
      actor_name: '管理 太郎',
      ip: '192.0.2.10',
      user_agent: 'vitest',
      request_id: 'req-1',
      customer_id: customerId,
    });
    expect(rows[2]!.detail).toEqual({ fields: ['phone'] });
    expect(new Set(rows.map((row) => row.hash.toString('hex'))).size).toBe(3);
    const check = await withTenant(database.db, tenantId, (tx) => verifyAccessLogChain(tx, tenantId));
    expect(check).toEqual({ ok: true, checked: 3 });
  });

  it('writes nothing when the transaction rolls back', async () => {
    const before = (await rowsOf(tenantId)).length;
    await expect(
      withTenant(database.db, tenantId, async (tx) => {
        await recordAccess(tx, { action: 'customer.read' });
        throw new Error('失敗');
      }),
    ).rejects.toThrow('失敗');
    expect((await rowsOf(tenantId)).length).toBe(before);
  });

  it('lets the app role insert and read its own tenant only, never update or delete', async () => {
    await withTenant(database.db, tenantId, async (tx) => {
      await expect(sql`update access_log set action = 'customer.create'`.execute(tx)).rejects.toThrow(
        /permission denied/,
      );
    });
    await withTenant(database.db, tenantId, async (tx) => {
      await expect(sql`delete from access_log`.execute(tx)).rejects.toThrow(/permission denied/);
    });
    await withTenant(database.db, tenantId, async (tx) => {
      await expect(sql`truncate access_log`.execute(tx)).rejects.toThrow(/permission denied/);
    });
    await withTenant(database.db, tenantId, async (tx) => {
      await expect(
        sql`update access_log_chain set last_id = 0 where tenant_id = ${tenantId}`.execute(tx),
      ).rejects.toThrow(/permission denied/);
    });
    await withTenant(database.db, tenantId, async (tx) => {
      await expect(
        sql`insert into access_log (tenant_id, action) values (${otherTenantId}, 'customer.read')`.execute(
          tx,
        ),
      ).rejects.toThrow(/row-level security/);
    });
    const seen = await withTenant(database.db, otherTenantId, (tx) =>
      tx.selectFrom('access_log').select('id').execute(),
    );
    expect(seen).toEqual([]);
  });

  it('ignores a time, id or hash the client sends: the database sets them', async () => {
    await withTenant(database.db, tenantId, async (tx) => {
      await sql`insert into access_log (tenant_id, id, occurred_at, action, hash)
        values (${tenantId}, 999, '2000-01-01', 'customer.read', '\\x00')`.execute(tx);
    });
    const last = (await rowsOf(tenantId)).at(-1)!;
    expect(last.id).toBe('4');
    expect(last.occurred_at.getFullYear()).toBeGreaterThan(2020);
    const check = await withTenant(database.db, tenantId, (tx) => verifyAccessLogChain(tx, tenantId));
    expect(check.ok).toBe(true);
  });

  it('records an account event in every tenant the user is an active member of', async () => {
    const memberships = await database.owner
      .selectFrom('tenant_users')
      .select('tenant_id')
      .where('user_id', '=', adminId)
      .where('status', '=', 'active')
      .execute();
    const written = await database.db
      .transaction()
      .execute((tx) =>
        recordAccountAccess(tx, adminId, trace, { action: 'auth.sign_in', detail: { provider: 'email' } }),
      );
    expect(written).toBe(memberships.length);
    const last = (await rowsOf(tenantId)).at(-1)!;
    expect(last).toMatchObject({ action: 'auth.sign_in', actor_user_id: adminId, ip: '192.0.2.10' });
  });

  it('finds a row the owner altered, one the owner removed, and a removed tail', async () => {
    const fresh = await createTestDatabase();
    try {
      await withTenant(fresh.db, tenantId, async (tx) => {
        for (let n = 0; n < 5; n += 1) await recordAccess(tx, { action: 'customer.read', detail: { n } });
      });
      const check = (executor = fresh.owner) => verifyAccessLogChain(executor, tenantId);
      expect(await check()).toEqual({ ok: true, checked: 5 });

      await sql`update access_log set detail = '{"n": 99}' where tenant_id = ${tenantId} and id = 3`.execute(
        fresh.owner,
      );
      const altered = await check();
      expect(altered).toMatchObject({ ok: false, problem: 'altered', rowId: 3, checked: 2 });
      expect(altered.ok === false && altered.message).toContain('No.3');
      // The app role sees the same through its own tenant's transaction.
      expect(await withTenant(fresh.db, tenantId, (tx) => verifyAccessLogChain(tx, tenantId))).toMatchObject({
        ok: false,
        rowId: 3,
      });
      await sql`update access_log set detail = '{"n": 2}' where tenant_id = ${tenantId} and id = 3`.execute(
        fresh.owner,
      );
      expect(await check()).toEqual({ ok: true, checked: 5 });

      await sql`delete from access_log where tenant_id = ${tenantId} and id = 5`.execute(fresh.owner);
      expect(await check()).toMatchObject({ ok: false, problem: 'tail_missing', expectedId: 5 });
      await sql`delete from access_log where tenant_id = ${tenantId} and id = 2`.execute(fresh.owner);
      expect(await check()).toMatchObject({ ok: false, problem: 'missing', rowId: 3, expectedId: 2 });
    } finally {
      await fresh.drop();
    }
  });

  it('keeps a read in the inbox with its commit time, insert-only, and chains it on sealing', async () => {
    const customerId = crypto.randomUUID();
    const readAt = await withTenant(
      database.db,
      tenantId,
      async (tx) => {
        await recordRead(tx, {
          action: 'customer.read',
          target: { type: 'customer', id: customerId },
          customerId,
        });
        return new Date();
      },
      trace,
    );
    await withTenant(database.db, tenantId, async (tx) => {
      await expect(sql`update access_log_inbox set detail = '{}'`.execute(tx)).rejects.toThrow(
        /permission denied/,
      );
    });
    await withTenant(database.db, tenantId, async (tx) => {
      await expect(sql`delete from access_log_inbox`.execute(tx)).rejects.toThrow(/permission denied/);
    });
    const waiting = await database.owner.selectFrom('access_log_inbox').selectAll().execute();
    expect(waiting).toHaveLength(1);
    // Some time passes before the sealer runs: the row keeps the read's time, not the sealing's.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await sealPendingAccessLogs(database.db)).toBe(1);
    const sealed = (await rowsOf(tenantId)).at(-1)!;
    expect(sealed).toMatchObject({
      action: 'customer.read',
      customer_id: customerId,
      actor_user_id: adminId,
      request_id: 'req-1',
    });
    expect(Math.abs(sealed.occurred_at.getTime() - readAt.getTime())).toBeLessThan(250);
    expect(sealed.occurred_at.getTime()).toBe(waiting[0]!.occurred_at.getTime());
    expect(await database.owner.selectFrom('access_log_inbox').selectAll().execute()).toEqual([]);
    const check = await withTenant(database.db, tenantId, (tx) => verifyAccessLogChain(tx, tenantId));
    expect(check.ok).toBe(true);
  });

  it('takes the time from the database even for an inbox row: a forged one is refused', async () => {
    // The app role may not name the time of an inbox row: no forged time gets in.
    await expect(
      withTenant(database.db, tenantId, (tx) =>
        sql`insert into access_log_inbox (tenant_id, occurred_at, action)
          values (${tenantId}, '2001-01-01', 'customer.read')`.execute(tx),
      ),
    ).rejects.toThrow(/permission denied/);
    const before = await sql<{ now: Date }>`select clock_timestamp() as now`.execute(database.owner);
    await withTenant(database.db, tenantId, async (tx) => {
      await sql`insert into access_log_inbox (tenant_id, action) values (${tenantId}, 'customer.read')`.execute(
        tx,
      );
    });
    const waiting = await database.owner.selectFrom('access_log_inbox').selectAll().execute();
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.occurred_at.getTime()).toBeGreaterThanOrEqual(before.rows[0]!.now.getTime());
    await sealPendingAccessLogs(database.db);
  });
});
