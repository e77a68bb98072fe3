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

export function assertTenantId(tenantId: string): void {
  if (!UUID.test(tenantId)) throw new Error(`テナント ID の形式が正しくありません: ${tenantId}`);
}

/** Marks a Kysely instance bound to one tenant's scope as a TenantTransaction of that tenant. */
export function brand(executor: Kysely<Database>, tenantId: string): TenantTransaction {
  return Object.defineProperty(executor, 'tenantId', {
    value: tenantId,
    enumerable: false,
    configurable: true,
  }) as TenantTransaction;
}

/**
 * Who works in a tenant transaction and from where: the request's signed-in user, address,
 * browser and id. The access log reads it (platform/audit), so handlers need not pass it on.
 */
export interface TransactionTrace {
  actor: { userId: string; name: string | null; email: string | null } | null;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
}

interface TransactionState {
  trace: TransactionTrace | null;
  /** SQL text (no parameters: literals already escaped) sent with the `commit`, in order. */
  beforeCommit: string[] | null;
}

const states = new WeakMap<object, TransactionState>();

/** Records who works in a tenant scope opened without withTenant (nothing runs at its commit). */
export function traceTransaction(tx: TenantTransaction, trace: TransactionTrace | null): void {
  states.set(tx, { trace, beforeCommit: null });
}

/** The trace the transaction was opened with (withTenant's `trace`), else null. */
export function transactionTrace(tx: TenantTransaction): TransactionTrace | null {
  return states.get(tx)?.trace ?? null;
}

/**
 * Queues a statement to run just before the transaction commits, in the commit's own round trip,
 * and answers true; false when the transaction was not opened by withTenant (the caller then
 * runs the statement itself). Only for statements whose values are escaped literals.
 */
export function runBeforeCommit(tx: TenantTransaction, statement: string): boolean {
  const queue = states.get(tx)?.beforeCommit;
  if (!queue) return false;
  queue.push(statement);
  return true;
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
  trace: TransactionTrace | null = null,
): Promise<T> {
  assertTenantId(tenantId);
  return db.connection().execute(async (connection) => {
    await sql.raw(`begin; select set_config('app.tenant_id', '${tenantId}', true)`).execute(connection);
    const tx = brand(connection, tenantId);
    const state: TransactionState = { trace, beforeCommit: [] };
    states.set(tx, state);
    let result: T;
    try {
      result = await work(tx, tenantId);
      // What was queued for the end (the access log's rows) goes with the commit: one round trip,
      // and the per-tenant lock those rows take is held only for it.
      const queued = state.beforeCommit ?? [];
      state.beforeCommit = null;
      await sql.raw([...queued, 'commit'].join(';\n')).execute(connection);
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => {});
      throw error;
    } finally {
      states.delete(tx);
    }
    return result;
  });
}
