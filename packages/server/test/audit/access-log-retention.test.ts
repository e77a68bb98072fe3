import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneAccessLogs } from '../../src/modules/audit';
import { recordAccess } from '../../src/platform/audit/access-log';
import { verifyAccessLogChain } from '../../src/platform/audit/access-log-chain';
import { withTenant } from '../../src/platform/db/tenant-scope';
import { DEMO_TENANTS } from '../../src/seed/demo';
import { createTestDatabase, type TestDatabase } from '../support/database';

const tenantId = DEMO_TENANTS.sakura.id;

describe('access-log retention', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.drop();
  });

  const rows = () =>
    database.owner
      .selectFrom('access_log')
      .select(['id', 'action'])
      .where('tenant_id', '=', tenantId)
      .orderBy('id')
      .execute();

  it("removes rows older than the tenant's retention and the rest still verifies across the cut", async () => {
    await withTenant(database.db, tenantId, async (tx) => {
      for (let n = 1; n <= 6; n += 1) await recordAccess(tx, { action: 'customer.read', detail: { n } });
    });
    const ids = (await rows()).map((row) => Number(row.id));
    const [first, , third] = ids;
    // The first three rows were written long ago: the owner moves their time (their hashes stay
    // as they were chained, which is what the cut keeps).
    await sql`update access_log set occurred_at = now() - interval '6 years'
      where tenant_id = ${tenantId} and id between ${first} and ${third}`.execute(database.owner);
    // Another tenant's old row stays: its retention is 10 years.
    await sql`update tenants set audit_log_retention_years = 10 where id = ${DEMO_TENANTS.midori.id}`.execute(
      database.owner,
    );
    await withTenant(database.db, DEMO_TENANTS.midori.id, (tx) =>
      recordAccess(tx, { action: 'customer.read' }),
    );
    await sql`update access_log set occurred_at = now() - interval '6 years' where tenant_id = ${DEMO_TENANTS.midori.id}`.execute(
      database.owner,
    );

    expect(await pruneAccessLogs(database.db)).toBe(3);

    const left = await rows();
    expect(left.map((row) => Number(row.id))).toEqual([...ids.slice(3), ids.at(-1)! + 1]);
    expect(left.at(-1)?.action).toBe('audit.pruned');
    const chain = await database.owner
      .selectFrom('access_log_chain')
      .select(['base_id'])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
    expect(Number(chain.base_id)).toBe(third);
    const check = await withTenant(database.db, tenantId, (tx) => verifyAccessLogChain(tx, tenantId));
    expect(check).toEqual({ ok: true, checked: left.length });
    const midori = await database.owner
      .selectFrom('access_log')
      .select('id')
      .where('tenant_id', '=', DEMO_TENANTS.midori.id)
      .execute();
    expect(midori.length).toBeGreaterThanOrEqual(1);

    // Nothing more to remove: a second run removes nothing and logs nothing.
    expect(await pruneAccessLogs(database.db)).toBe(0);
    expect((await rows()).length).toBe(left.length);
  });

  it('lets the app role prune only the tenant its transaction is scoped to, by that tenant’s own setting', async () => {
    await expect(sql`select tsumiki_prune_access_log()`.execute(database.db)).rejects.toThrow(
      /app.tenant_id/,
    );
  });
});
