import type { TenantTransaction } from '../../platform/db/tenant-scope';
import { type SortOrder, searchTerm } from '../../platform/search/search-term';
import {
  type CustomerSortField,
  countCustomers,
  findCustomerPage,
  type KanaRow,
  streamCustomers,
} from './customers.list.repository';

/** The customer list as the screen and the CSV export ask for it, and the assignees to filter by. */

export interface CustomerListRequest {
  skip?: number | undefined;
  limit?: number | undefined;
  search?: string | undefined;
  companyFilter?: string | undefined;
  kanaRow?: KanaRow | undefined;
  sortBy?: CustomerSortField | undefined;
  sortOrder?: SortOrder | undefined;
}

/** The list's filters and order from a request: its search boxes read as every list reads them. */
function listQuery(request: Omit<CustomerListRequest, 'skip' | 'limit'>) {
  return {
    search: searchTerm(request.search),
    companyFilter: searchTerm(request.companyFilter),
    kanaRow: request.kanaRow,
    sortBy: request.sortBy ?? 'created_at',
    sortOrder: request.sortOrder ?? 'desc',
  };
}

export async function listCustomers(tx: TenantTransaction, request: CustomerListRequest) {
  const query = listQuery(request);
  const [customers, { total, capped }] = await Promise.all([
    findCustomerPage(tx, { ...query, skip: request.skip ?? 0, limit: request.limit ?? 20 }),
    countCustomers(tx, query),
  ]);
  return { total, totalCapped: capped, customers };
}

export function exportCustomers(tx: TenantTransaction, request: Omit<CustomerListRequest, 'skip' | 'limit'>) {
  return streamCustomers(tx, listQuery(request));
}

/** Active users of the tenant, by display name, to choose an assignee from. */
export async function listAssignees(tx: TenantTransaction) {
  const rows = await tx
    .selectFrom('tenant_users as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id as user_id', 'u.full_name', 'u.email'])
    .where('m.tenant_id', '=', tx.tenantId)
    .where('m.status', '=', 'active')
    .execute();
  return rows
    .map((row) => ({ user_id: row.user_id, name: row.full_name?.trim() || row.email, email: row.email }))
    .sort((a, b) => a.name.localeCompare(b.name, 'ja'));
}
