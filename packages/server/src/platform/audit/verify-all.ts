import type { Db } from '../db/database';
import { withTenant } from '../db/tenant-scope';
import { type ChainCheck, verifyAccessLogChain } from './access-log-chain';
import { sealPendingAccessLogs } from './sealer';

export interface TenantChainCheck {
  tenantId: string;
  tenantName: string;
  check: ChainCheck;
}

/**
 * Checks every tenant's access-log chain (each in its own tenant-scoped transaction, so a
 * connection that row-level security applies to sees that tenant's rows too).
 */
export async function verifyEveryAccessLog(db: Db): Promise<TenantChainCheck[]> {
  // Rows still waiting in the inbox join their chains first.
  await sealPendingAccessLogs(db);
  const tenants = await db
    .selectFrom('tenants')
    .select(['id', 'name'])
    .orderBy('name')
    .orderBy('id')
    .execute();
  const results: TenantChainCheck[] = [];
  for (const tenant of tenants) {
    const check = await withTenant(db, tenant.id, (tx) => verifyAccessLogChain(tx, tenant.id));
    results.push({ tenantId: tenant.id, tenantName: tenant.name, check });
  }
  return results;
}
