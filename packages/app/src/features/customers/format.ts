// Dates: formatTenantDateTime / formatTenantDate of lib/format.ts (the tenant's zone, Asia/Tokyo by default).

const countFormat = new Intl.NumberFormat('ja-JP');

/** 36 件, or 10,000 件以上 when the server stopped counting. */
export function formatCustomerTotal(total: number, capped: boolean): string {
  return capped ? `${countFormat.format(total)} 件以上` : `${countFormat.format(total)} 件`;
}
