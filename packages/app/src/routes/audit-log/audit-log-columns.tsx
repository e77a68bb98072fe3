import { ACCESS_ACTION_LABELS, ACCESS_TARGET_LABELS, type AuditLogEntry } from '@tsumiki/api-client';
import type { DataTableColumn } from '@tsumiki/ui';
import { Link } from 'react-router-dom';
import { customerPath } from '../../app/paths';
import { formatTenantDateTime } from '../../lib/format';

/** What a row is about, in words: the customer's name, else the kind of record. */
export function auditTargetText(entry: AuditLogEntry): string {
  if (entry.customer_name) return entry.customer_name;
  if (entry.customer_id) return '（消去された顧客）';
  return entry.target_type ? (ACCESS_TARGET_LABELS[entry.target_type] ?? entry.target_type) : '—';
}

/** The access log's columns: 日時, 操作した人, 操作, 対象, 接続元 (the address and browser, wide screens only). */
export function auditLogColumns(): DataTableColumn<AuditLogEntry>[] {
  return [
    {
      id: 'occurred_at',
      header: '日時',
      nowrap: true,
      cell: (entry) => (
        <div className="grid gap-0.5">
          <time dateTime={entry.occurred_at}>{formatTenantDateTime(entry.occurred_at)}</time>
          <span className="text-xs text-muted-foreground">No.{entry.id}</span>
        </div>
      ),
    },
    {
      id: 'actor',
      header: '操作した人',
      className: 'min-w-20',
      cell: (entry) =>
        entry.actor_name || entry.actor_email ? (
          <div className="grid gap-0.5">
            <span className="font-medium">{entry.actor_name ?? entry.actor_email}</span>
            <span className="hidden break-all text-xs text-muted-foreground md:inline">
              {entry.actor_email}
            </span>
          </div>
        ) : (
          <span className="text-muted-foreground">システム</span>
        ),
    },
    {
      id: 'action',
      header: '操作',
      className: 'min-w-28',
      cell: (entry) => (
        <div className="grid gap-0.5">
          <span>{ACCESS_ACTION_LABELS[entry.action] ?? entry.action}</span>
          {/* Narrow screens have no 対象 column: the target goes under the action. */}
          <span className="text-xs text-muted-foreground sm:hidden">{auditTargetText(entry)}</span>
        </div>
      ),
    },
    {
      id: 'target',
      header: '対象',
      className: 'min-w-24',
      hideBelow: 'sm',
      cell: (entry) =>
        entry.customer_id && entry.customer_name ? (
          <Link
            className="text-primary underline-offset-4 hover:underline"
            to={customerPath(entry.customer_id)}
          >
            {entry.customer_name}
          </Link>
        ) : (
          auditTargetText(entry)
        ),
    },
    {
      id: 'client',
      header: '接続元',
      hideBelow: 'lg',
      cell: (entry) => (
        <div className="grid max-w-64 gap-0.5">
          <span>{entry.ip ?? '—'}</span>
          <span className="truncate text-xs text-muted-foreground" title={entry.user_agent ?? undefined}>
            {entry.user_agent ?? ''}
          </span>
        </div>
      ),
    },
  ];
}
