import { ACCESS_ACTION_LABELS, ACCESS_TARGET_LABELS, fieldLabels } from '@tsumiki/api-client';
import { localDateTime } from '../../platform/access/time-zone';
import type { CsvColumn } from '../../platform/text/csv-file';
import type { AuditLogView } from './audit.repository';

/** 'YYYY/MM/DD HH:mm:ss' in the tenant's time zone (offsets are whole minutes: the seconds are UTC's). */
export function formatLogTime(date: Date, timeZone: string): string {
  const { year, month, day, hour, minute } = localDateTime(date, timeZone);
  const second = String(date.getUTCSeconds()).padStart(2, '0');
  return `${year}/${month}/${day} ${hour}:${minute}:${second}`;
}

type Field = keyof AuditLogView;

/**
 * The export's columns: the contract's field titles as headers (one place for a field's label),
 * the action in Japanese (ACCESS_ACTION_LABELS), the detail as JSON.
 */
export function auditLogColumns(timeZone: string): ReadonlyArray<CsvColumn<AuditLogView>> {
  const column = (field: Field, cell: (row: AuditLogView) => string): CsvColumn<AuditLogView> => ({
    header: fieldLabels[field] ?? field,
    cell,
  });
  return [
    column('id', (row) => String(row.id)),
    column('occurred_at', (row) => formatLogTime(row.occurred_at, timeZone)),
    column('actor_name', (row) => row.actor_name ?? ''),
    column('actor_email', (row) => row.actor_email ?? ''),
    column('action', (row) => ACCESS_ACTION_LABELS[row.action] ?? row.action),
    column('target_type', (row) =>
      row.target_type ? (ACCESS_TARGET_LABELS[row.target_type] ?? row.target_type) : '',
    ),
    column('target_id', (row) => row.target_id ?? ''),
    column('customer_id', (row) => row.customer_id ?? ''),
    column('customer_name', (row) => row.customer_name ?? ''),
    column('ip', (row) => row.ip ?? ''),
    column('user_agent', (row) => row.user_agent ?? ''),
    column('request_id', (row) => row.request_id ?? ''),
    column('detail', (row) => (Object.keys(row.detail).length > 0 ? JSON.stringify(row.detail) : '')),
  ];
}
