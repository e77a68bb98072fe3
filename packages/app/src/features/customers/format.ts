// Dates: formatTenantDateTime / formatTenantDate of lib/format.ts (the tenant's zone, Asia/Tokyo by default).

import { formatCount } from '../../lib/format';

/** 36 件, or 10,000 件以上 when the server stopped counting. */
export function formatCustomerTotal(total: number, capped: boolean): string {
  return capped ? `${formatCount(total)} 件以上` : `${formatCount(total)} 件`;
}
