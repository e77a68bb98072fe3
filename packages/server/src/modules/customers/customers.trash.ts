import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { type TenantTransaction, withTenant } from '../../platform/db/tenant-scope';
import { userDisplayName } from '../../platform/db/user-display-name';
import { AppError } from '../../platform/errors';
import { searchTerm } from '../../platform/search/search-term';
import { CustomerNotFoundError } from './customers.service';

/**
 * The trash (ゴミ箱): a deleted customer stays restorable for TRASH_DAYS, then it is erased with
 * its interactions (they cascade) and its research reports. An admin may erase one sooner.
 */
export const TRASH_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export class NotInTrashError extends AppError {
  constructor(id: string) {
    super('RES_004', { context: { customer_id: id } });
  }
}

export interface DeletedCustomerView {
  id: string;
  last_name: string;
  first_name: string;
  last_name_kana: string;
  first_name_kana: string;
  company_name: string | null;
  deleted_at: Date;
  deleted_by_name: string | null;
  interaction_count: number;
}

/** The customers deleted within the last TRASH_DAYS, most recently deleted first. */
export async function listTrash(
  tx: TenantTransaction,
  request: { skip?: number | undefined; limit?: number | undefined; search?: string | undefined },
  now: Date,
): Promise<{ total: number; customers: DeletedCustomerView[] }> {
  const since = new Date(now.getTime() - TRASH_DAYS * DAY_MS);
  const term = searchTerm(request.search);
  let filtered = tx
    .selectFrom('customers as c')
    .where('c.tenant_id', '=', tx.tenantId)
    .where('c.deleted_at', '>', since)
    // A customer whose use is stopped shows nowhere, the trash included; a merged one is not
    // deleted but kept as its merge's tombstone (customers.merge.ts).
    .where('c.use_stopped_at', 'is', null)
    .where('c.merged_into_id', 'is', null);
  // The trash holds a month of deletions: the folded text is read as it is, no index needed.
  if (term !== undefined)
    filtered = filtered.where(sql<boolean>`strpos(c.search_text, tsumiki_search_fold(${term})) > 0`);
  const { total } = await filtered
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await filtered
    .leftJoin('users as d', 'd.id', 'c.deleted_by')
    .select([
      'c.id',
      'c.last_name',
      'c.first_name',
      'c.last_name_kana',
      'c.first_name_kana',
      'c.company_name',
      'c.deleted_at',
      userDisplayName('d').as('deleted_by_name'),
      sql<string>`(select count(*) from interactions i where i.tenant_id = c.tenant_id and i.customer_id = c.id)`.as(
        'interaction_count',
      ),
    ])
    .orderBy('c.deleted_at', 'desc')
    .orderBy('c.id', 'desc')
    .offset(request.skip ?? 0)
    .limit(request.limit ?? 20)
    .execute();
  return {
    total: Number(total),
    customers: rows.map((row) => ({
      ...row,
      deleted_at: row.deleted_at as Date,
      interaction_count: Number(row.interaction_count),
    })),
  };
}

/** When a customer deleted at `deletedAt` is erased. */
export function purgeAt(deletedAt: Date): Date {
  return new Date(deletedAt.getTime() + TRASH_DAYS * DAY_MS);
}

/** Erases customers and what hangs on them: interactions cascade; research reports go too. */
async function erase(tx: TenantTransaction, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  await tx
    .deleteFrom('research_reports')
    .where('tenant_id', '=', tx.tenantId)
    .where('customer_id', 'in', ids)
    .execute();
  const result = await tx
    .deleteFrom('customers')
    .where('tenant_id', '=', tx.tenantId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Erases one customer from the trash now; returns its name for the record of who erased whom.
 * 404 for an unknown id, 409 RES_004 for a customer that is not in the trash.
 */
export async function purgeCustomer(
  tx: TenantTransaction,
  id: string,
): Promise<{ lastName: string; firstName: string }> {
  const customer = await tx
    .selectFrom('customers')
    .select(['last_name', 'first_name', 'deleted_at', 'merged_into_id'])
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!customer || customer.merged_into_id !== null) throw new CustomerNotFoundError();
  if (customer.deleted_at === null) throw new NotInTrashError(id);
  await erase(tx, [id]);
  return { lastName: customer.last_name, firstName: customer.first_name };
}

/**
 * The nightly job: in every tenant, erases the customers deleted more than TRASH_DAYS ago, each
 * tenant in its own transaction (row-level security holds as everywhere). How many, in all.
 */
export async function purgeExpiredTrash(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - TRASH_DAYS * DAY_MS);
  const tenants = await db.selectFrom('tenants').select('id').execute();
  let erased = 0;
  for (const { id } of tenants) {
    erased += await withTenant(db, id, async (tx) => {
      const expired = await tx
        .selectFrom('customers')
        .select('id')
        .where('tenant_id', '=', tx.tenantId)
        .where('deleted_at', '<=', before)
        .where('merged_into_id', 'is', null)
        .execute();
      return erase(
        tx,
        expired.map((row) => row.id),
      );
    });
  }
  return erased;
}
