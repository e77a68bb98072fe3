import { sql } from 'kysely';
import type { Customer, NewCustomer } from '../schema';
import type { TenantTransaction } from '../tenant-scope';

export type CustomerSortField = 'created_at' | 'updated_at' | 'last_name_kana' | 'company_name_kana';
export type SortOrder = 'asc' | 'desc';

export interface CustomerListQuery {
  skip: number;
  limit: number;
  search?: string | undefined;
  companyFilter?: string | undefined;
  sortBy: CustomerSortField;
  sortOrder: SortOrder;
}

const CUSTOMER_COLUMNS = [
  'id',
  'tenant_id',
  'last_name',
  'first_name',
  'last_name_kana',
  'first_name_kana',
  'company_name',
  'company_name_kana',
  'email',
  'phone',
  'postal_code',
  'prefecture',
  'city',
  'address_line',
  'tags',
  'assigned_staff_id',
  'notes',
  'created_at',
  'updated_at',
] as const;

/** One page of the tenant's customers and the number of customers matching the filters. */
export async function listCustomers(
  tx: TenantTransaction,
  tenantId: string,
  query: CustomerListQuery,
): Promise<{ total: number; customers: Customer[] }> {
  let filtered = tx.selectFrom('customers').where('tenant_id', '=', tenantId);
  if (query.search !== undefined) {
    // Both sides are folded by the same SQL function (see migration 0001).
    filtered = filtered.where(sql<boolean>`strpos(search_text, tsumiki_search_fold(${query.search})) > 0`);
  }
  if (query.companyFilter !== undefined) {
    filtered = filtered.where(
      sql<boolean>`strpos(tsumiki_search_fold(coalesce(company_name, '') || '|' || coalesce(company_name_kana, '')), tsumiki_search_fold(${query.companyFilter})) > 0`,
    );
  }

  const { total } = await filtered
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();

  const direction = query.sortOrder;
  let page = filtered.select(CUSTOMER_COLUMNS);
  switch (query.sortBy) {
    case 'last_name_kana':
      page = page.orderBy('last_name_kana', direction).orderBy('first_name_kana', direction);
      break;
    case 'company_name_kana':
      // Customers without a company go last whichever the direction.
      page = page
        .orderBy(sql`company_name_kana ${sql.raw(direction)} nulls last`)
        .orderBy('last_name_kana', direction)
        .orderBy('first_name_kana', direction);
      break;
    default:
      page = page.orderBy(query.sortBy, direction);
  }
  // The id makes the order total, so pages neither repeat nor skip rows.
  const customers = await page.orderBy('id', direction).offset(query.skip).limit(query.limit).execute();
  return { total: Number(total), customers };
}

export async function insertCustomers(tx: TenantTransaction, customers: NewCustomer[]): Promise<void> {
  if (customers.length === 0) return;
  await tx.insertInto('customers').values(customers).execute();
}
