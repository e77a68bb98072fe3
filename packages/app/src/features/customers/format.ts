import { formatDate, formatDateTime } from '@tsumiki/ui';

/** Customer screens show times in Japan time, whatever the viewer's zone: 2026/11/22 14:05. */
const JST = { timeZone: 'Asia/Tokyo' } as const;

export function formatJstDateTime(value: string): string {
  return formatDateTime(value, JST);
}

export function formatJstDate(value: string): string {
  return formatDate(value, JST);
}

const countFormat = new Intl.NumberFormat('ja-JP');

/** 36 件, or 10,000 件以上 when the server stopped counting. */
export function formatCustomerTotal(total: number, capped: boolean): string {
  return capped ? `${countFormat.format(total)} 件以上` : `${countFormat.format(total)} 件`;
}
