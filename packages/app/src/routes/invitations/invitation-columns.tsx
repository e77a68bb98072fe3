import { INVITATION_STATUS_LABELS, type Invitation, ROLE_LABELS } from '@tsumiki/api-client';
import { Button, Chip, type ChipProps, cn, type DataTableColumn, EmptyValue } from '@tsumiki/ui';
import { MailCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import type { InvitationStatus } from '../../features/invitations/invitation-list-state';
import { recipientLabel } from '../../features/invitations/recipient';
import { formatTenantDateTime } from '../../lib/format';

const STATUS_CHIP: Record<InvitationStatus, ChipProps['variant']> = {
  pending: 'success',
  used: 'info',
  expired: 'warning',
  revoked: 'default',
};

export type PendingAction = { kind: 'revoke' | 'remove'; invitation: Invitation };

export function recipient(invitation: Invitation): string {
  return recipientLabel(invitation.email);
}

/**
 * The invitations table's columns; the action (取り消し or 一覧から削除) only for who may delete.
 * Below sm the table keeps 宛先 and the action, as the customers, staff and products lists keep
 * their first column: what the hidden columns say is read in the 宛先 cell instead (each line
 * only below the width its column hides at), so nothing needs scrolling sideways.
 */
export function invitationColumns(onAction: ((action: PendingAction) => void) | undefined) {
  const columns: DataTableColumn<Invitation>[] = [
    {
      id: 'status',
      header: '状態',
      nowrap: true,
      hideBelow: 'sm',
      cell: (invitation) => <StatusChip invitation={invitation} />,
    },
    {
      id: 'email',
      header: '宛先',
      className: 'min-w-44',
      cell: (invitation) => <RecipientCell invitation={invitation} />,
    },
    {
      id: 'role',
      header: '役割',
      nowrap: true,
      hideBelow: 'sm',
      cell: (invitation) => <RoleChip invitation={invitation} />,
    },
    {
      id: 'expires_at',
      header: '有効期限',
      nowrap: true,
      hideBelow: 'sm',
      cell: (invitation) => <DateTime value={invitation.expires_at} />,
    },
    {
      id: 'created_at',
      header: '作成日時',
      nowrap: true,
      hideBelow: 'lg',
      cell: (invitation) => <DateTime value={invitation.created_at} />,
    },
    {
      id: 'used_at',
      header: '使用日時',
      nowrap: true,
      hideBelow: 'md',
      cell: (invitation) =>
        invitation.used_at ? <DateTime value={invitation.used_at} /> : <EmptyValue label="未使用" />,
    },
  ];
  if (onAction) {
    columns.push({
      id: 'actions',
      header: <span className="sr-only">操作</span>,
      align: 'end',
      nowrap: true,
      cell: (invitation) => {
        const kind = invitation.status === 'pending' ? 'revoke' : 'remove';
        const label = kind === 'revoke' ? '取り消し' : '一覧から削除';
        return (
          <Button
            size="sm"
            variant={kind === 'revoke' ? 'outline' : 'ghost'}
            aria-label={`${label}（${recipient(invitation)}・${ROLE_LABELS[invitation.role]}）`}
            onClick={() => onAction({ kind, invitation })}
          >
            {label}
          </Button>
        );
      },
    });
  }
  return columns;
}

function RecipientCell({ invitation }: { invitation: Invitation }) {
  return (
    <div className="grid gap-1">
      <div className="flex flex-wrap gap-1.5 sm:hidden">
        <StatusChip invitation={invitation} />
        <RoleChip invitation={invitation} />
      </div>
      <span className={invitation.email ? 'break-all' : 'text-muted-foreground'}>
        {recipient(invitation)}
      </span>
      {invitation.emailed_at ? (
        <span className="flex flex-wrap items-center gap-x-1.5 text-xs text-muted-foreground">
          <MailCheck aria-hidden="true" className="size-3.5 shrink-0" />
          <span>メールで送信済み</span>
          <DateTime value={invitation.emailed_at} />
        </span>
      ) : null}
      {invitation.message ? (
        <span className="line-clamp-2 text-xs text-muted-foreground">{invitation.message}</span>
      ) : null}
      <dl className="grid gap-0.5 text-xs text-muted-foreground lg:hidden">
        <Folded label="有効期限" className="sm:hidden">
          <DateTime value={invitation.expires_at} />
        </Folded>
        {invitation.used_at ? (
          <Folded label="使用日時" className="md:hidden">
            <DateTime value={invitation.used_at} />
          </Folded>
        ) : null}
        <Folded label="作成日時">
          <DateTime value={invitation.created_at} />
        </Folded>
      </dl>
    </div>
  );
}

function StatusChip({ invitation }: { invitation: Invitation }) {
  return (
    <Chip variant={STATUS_CHIP[invitation.status]} data-testid="invitation-status">
      {INVITATION_STATUS_LABELS[invitation.status]}
    </Chip>
  );
}

function RoleChip({ invitation }: { invitation: Invitation }) {
  return (
    <Chip variant={invitation.role === 'admin' ? 'primary' : 'default'}>{ROLE_LABELS[invitation.role]}</Chip>
  );
}

/** A hidden column's value, read in the 宛先 cell on narrow screens: 「有効期限 2026/12/04 10:00」. */
function Folded({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('flex flex-wrap gap-x-1.5', className)}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function DateTime({ value }: { value: string }) {
  return (
    <time dateTime={value} className="tabular-nums">
      {formatTenantDateTime(value)}
    </time>
  );
}
