import { type Kysely, sql } from 'kysely';
import type { Db, DbTransaction } from './database';
import type { Database } from './schema';

/**
 * An open transaction in which `app.tenant_id` is set, so row-level security admits exactly one
 * tenant's rows; it carries that tenant's id. Tenant repositories only accept this type and
 * scope their queries by `tx.tenantId`, which makes an unscoped tenant query a compile error
 * rather than an empty result.
 */
export interface TenantTransaction extends Kysely<Database> {
  readonly tenantId: string;
}

// Checked before the id is written into SQL text (see withTenant).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function assertTenantId(tenantId: string): void {
  if (!UUID.test(tenantId)) throw new Error(`テナント ID の形式が正しくありません: ${tenantId}`);
}

function brand(executor: Kysely<Database>, tenantId: string): TenantTransaction {
  return Object.defineProperty(executor, 'tenantId', {
    value: tenantId,
    enumerable: false,
    configurable: true,
  }) as TenantTransaction;
}

/** Scopes an already open transaction to one tenant until it ends (SET LOCAL semantics). */
export async function scopeToTenant(tx: DbTransaction, tenantId: string): Promise<TenantTransaction> {
  assertTenantId(tenantId);
  await sql`select set_config('app.tenant_id', ${tenantId}, true)`.execute(tx);
  return brand(tx, tenantId);
}

/**
 * Runs `work` in one transaction scoped to one tenant: the request's transaction. `begin` and the
 * scope go to PostgreSQL in one round trip (a simple-protocol query of two statements; the id is
 * a checked UUID, so writing it into the text is safe), then `work`, then `commit` — or
 * `rollback` when `work` throws.
 */
export async function withTenant<T>(
  db: Db,
  tenantId: string,
  work: (tx: TenantTransaction, tenantId: string) => Promise<T>,
): Promise<T> {
  assertTenantId(tenantId);
  return db.connection().execute(async (connection) => {
    await sql.raw(`begin; select set_config('app.tenant_id', '${tenantId}', true)`).execute(connection);
    let result: T;
    try {
      result = await work(brand(connection, tenantId), tenantId);
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => {});
      throw error;
    }
    await sql`commit`.execute(connection);
    return result;
  });
}
