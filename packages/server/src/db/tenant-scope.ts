import { sql } from 'kysely';
import type { Db, DbTransaction } from './database';

declare const tenantScoped: unique symbol;

/**
 * A transaction in which `app.tenant_id` is set, so row-level security admits exactly one
 * tenant's rows. Tenant repositories only accept this type, which makes an unscoped tenant
 * query a compile error rather than an empty result.
 */
export type TenantTransaction = DbTransaction & { readonly [tenantScoped]: string };

/** Scopes an open transaction to one tenant until it ends (SET LOCAL semantics). */
export async function scopeToTenant(tx: DbTransaction, tenantId: string): Promise<TenantTransaction> {
  await sql`select set_config('app.tenant_id', ${tenantId}, true)`.execute(tx);
  return tx as TenantTransaction;
}

/** Runs `work` in a transaction scoped to one tenant. */
export async function withTenant<T>(
  db: Db,
  tenantId: string,
  work: (tx: TenantTransaction, tenantId: string) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (tx) => work(await scopeToTenant(tx, tenantId), tenantId));
}
