import type { Db } from '../db/database';
import { type CustomerListQuery, listCustomers } from '../db/repositories/customers';
import type { Customer } from '../db/schema';
import { withTenant } from '../db/tenant-scope';

export type { CustomerSortField, SortOrder } from '../db/repositories/customers';

export interface CustomerSearch {
  skip?: number | undefined;
  limit?: number | undefined;
  search?: string | undefined;
  companyFilter?: string | undefined;
  sortBy?: CustomerListQuery['sortBy'] | undefined;
  sortOrder?: CustomerListQuery['sortOrder'] | undefined;
}

/** A blank term filters nothing. */
function term(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * The tenant's customers matching a free-text search (name, kana, company, email, phone; width,
 * case and hiragana/katakana insensitive) and a company filter, one page at a time.
 */
export async function searchCustomers(
  db: Db,
  tenantId: string,
  search: CustomerSearch,
): Promise<{ total: number; customers: Customer[] }> {
  return withTenant(db, tenantId, (tx) =>
    listCustomers(tx, tenantId, {
      skip: search.skip ?? 0,
      limit: search.limit ?? 20,
      search: term(search.search),
      companyFilter: term(search.companyFilter),
      sortBy: search.sortBy ?? 'created_at',
      sortOrder: search.sortOrder ?? 'desc',
    }),
  );
}
