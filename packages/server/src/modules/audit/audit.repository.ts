import type { AccessAction } from '@tsumiki/api-client';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { TenantTransaction } from '../../platform/db/tenant-scope';
import '../../platform/audit/access-log.tables';
import { customerAndMergedIds } from '../customers';

/** The filters of the /audit-log screen and its export. */
export interface AuditLogFilter {
  userId?: string | undefined;
  customerId?: string | undefined;
  action?: AccessAction | undefined;
  /** Inclusive. */
  from?: string | undefined;
  /** Exclusive. */
  to?: string | undefined;
}

export interface AuditLogView {
  id: number;
  occurred_at: Date;
  actor_user_id: string | null;
  actor_name: string | null;
  actor_email: string | null;
  action: AccessAction;
  target_type: string | null;
  target_id: string | null;
  customer_id: string | null;
  customer_name: string | null;
  ip: string | null;
  user_agent: string | null;
  request_id: string | null;
  detail: Record<string, unknown>;
}

/** Counted up to this many; beyond it the screen says 「10,000 件以上」. */
export const AUDIT_LOG_COUNT_CAP = 10_000;

function filtered<O>(
  query: SelectQueryBuilder<Database, 'access_log', O>,
  tenantId: string,
  filter: AuditLogFilter,
): SelectQueryBuilder<Database, 'access_log', O> {
  let scoped = query.where('access_log.tenant_id', '=', tenantId);
  if (filter.userId) scoped = scoped.where('access_log.actor_user_id', '=', filter.userId);
  // A customer's rows include those of the customers merged into it (名寄せ): the log is never rewritten.
  if (filter.customerId)
    scoped = scoped.where('access_log.customer_id', 'in', customerAndMergedIds(tenantId, filter.customerId));
  if (filter.action) scoped = scoped.where('access_log.action', '=', filter.action);
  if (filter.from) scoped = scoped.where('access_log.occurred_at', '>=', new Date(filter.from));
  if (filter.to) scoped = scoped.where('access_log.occurred_at', '<', new Date(filter.to));
  return scoped;
}

/**
 * Newest first by the database's clock (a read's row joins the chain up to a second after the
 * changes around it, so the chain's numbers are not quite in time order); `after` continues a walk
 * (the export) past the last row seen.
 */
export async function findAuditLogPage(
  tx: TenantTransaction,
  filter: AuditLogFilter,
  page: { skip: number; limit: number; after?: { occurredAt: Date; id: number } },
): Promise<AuditLogView[]> {
  let query = filtered(tx.selectFrom('access_log'), tx.tenantId, filter)
    .leftJoin('customers', (join) =>
      join
        .onRef('customers.tenant_id', '=', 'access_log.tenant_id')
        .onRef('customers.id', '=', 'access_log.customer_id'),
    )
    .select([
      sql<number>`access_log.id::int8`.as('id'),
      'access_log.occurred_at',
      'access_log.actor_user_id',
      'access_log.actor_name',
      'access_log.actor_email',
      sql<AccessAction>`access_log.action`.as('action'),
      'access_log.target_type',
      'access_log.target_id',
      'access_log.customer_id',
      sql<string | null>`nullif(trim(customers.last_name || ' ' || customers.first_name), '')`.as(
        'customer_name',
      ),
      'access_log.ip',
      'access_log.user_agent',
      'access_log.request_id',
      'access_log.detail',
    ]);
  if (page.after) {
    const { occurredAt, id } = page.after;
    query = query.where(sql<boolean>`(access_log.occurred_at, access_log.id) < (${occurredAt}, ${id})`);
  }
  const rows = await query
    .orderBy('access_log.occurred_at', 'desc')
    .orderBy('access_log.id', 'desc')
    .offset(page.skip)
    .limit(page.limit)
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** How many rows match, counted up to AUDIT_LOG_COUNT_CAP + 1. */
export async function countAuditLog(tx: TenantTransaction, filter: AuditLogFilter): Promise<number> {
  const capped = filtered(tx.selectFrom('access_log'), tx.tenantId, filter)
    .select(sql`1`.as('one'))
    .limit(AUDIT_LOG_COUNT_CAP + 1);
  const row = await tx
    .selectFrom(capped.as('capped'))
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
