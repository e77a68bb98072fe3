import { MEMBERSHIP_STATUS_LABELS, ROLE_LABELS, type TenantUser } from '@tsumiki/api-client';
import { Button, Chip, type DataTableColumn } from '@tsumiki/ui';
import { userDisplayName } from '../../features/tenant-users/user-name';
import { formatTenantDateTime } from '../../lib/format';

/** The users table's columns: 氏名 (with 自分), メール, 役割, 状態, 最終ログイン and the actions. */
export function tenantUserColumns({
  meId,
  canWrite,
  toggleBlockedReason,
  onEdit,
  onToggle,
  onResetFactors,
}: {
  meId: string;
  canWrite: boolean;
  /** Why the status of a user cannot be switched here, or null when it can. */
  toggleBlockedReason: (user: TenantUser) => string | null;
  onEdit: (user: TenantUser) => void;
  onToggle: (user: TenantUser) => void;
  /** 二段階認証をリセット (not offered for oneself); absent without tenant_users.write. */
  onResetFactors?: (user: TenantUser) => void;
}): DataTableColumn<TenantUser>[] {
  /** 役割と権限・有効/無効・二段階認証のリセット: in their column, or under the name on narrow screens. */
  const actions = (user: TenantUser) => {
    const reason = toggleBlockedReason(user);
    const name = userDisplayName(user);
    return (
      <div className="flex flex-wrap gap-2 sm:flex-nowrap sm:justify-end">
        <Button
          variant="outline"
          size="sm"
          aria-label={`${name}の役割と権限を${canWrite ? '編集' : '見る'}`}
          onClick={() => onEdit(user)}
        >
          <span className="sm:hidden">{canWrite ? '編集' : '表示'}</span>
          <span className="hidden sm:inline">{canWrite ? '役割と権限を編集' : '役割と権限を見る'}</span>
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-label={`${name}を${user.status === 'active' ? '無効にする' : '有効にする'}`}
          disabledReason={reason ?? undefined}
          onClick={() => onToggle(user)}
        >
          {user.status === 'active' ? '無効にする' : '有効にする'}
        </Button>
        {/* One's own factors change on /profile, after the app's code (the server answers 409). */}
        {onResetFactors && user.id !== meId ? (
          <Button
            variant="outline"
            size="sm"
            aria-label={`${name}の二段階認証をリセット`}
            onClick={() => onResetFactors(user)}
          >
            二段階認証をリセット
          </Button>
        ) : null}
      </div>
    );
  };

  return [
    {
      id: 'name',
      header: '氏名',
      className: 'min-w-28',
      cell: (user) => (
        <div className="grid gap-0.5">
          <span className="font-medium">
            {userDisplayName(user)}
            {user.id === meId ? <span className="ml-1 text-xs text-muted-foreground">（自分）</span> : null}
          </span>
          <span className="break-all text-xs text-muted-foreground md:hidden">{user.email}</span>
          {/* Narrow screens show one column: the role, the status and the actions go under the name. */}
          <div className="mt-1 flex flex-wrap gap-1 sm:hidden">
            <RoleChip user={user} />
            <StatusChip user={user} />
          </div>
          <div className="mt-2 sm:hidden">{actions(user)}</div>
        </div>
      ),
    },
    {
      id: 'email',
      header: 'メール',
      hideBelow: 'md',
      cell: (user) => <span className="break-all">{user.email}</span>,
    },
    {
      id: 'role',
      header: '役割',
      nowrap: true,
      hideBelow: 'sm',
      cell: (user) => <RoleChip user={user} />,
    },
    {
      id: 'status',
      header: '状態',
      nowrap: true,
      hideBelow: 'sm',
      cell: (user) => <StatusChip user={user} />,
    },
    {
      id: 'last_sign_in_at',
      header: '最終ログイン',
      nowrap: true,
      hideBelow: 'lg',
      cell: (user) =>
        user.last_sign_in_at ? (
          <time dateTime={user.last_sign_in_at} className="tabular-nums">
            {formatTenantDateTime(user.last_sign_in_at)}
          </time>
        ) : (
          <span className="text-muted-foreground">未ログイン</span>
        ),
    },
    {
      id: 'actions',
      header: '操作',
      align: 'end',
      hideBelow: 'sm',
      cell: (user) => actions(user),
    },
  ];
}

function RoleChip({ user }: { user: TenantUser }) {
  return <Chip variant={user.role === 'admin' ? 'primary' : 'default'}>{ROLE_LABELS[user.role]}</Chip>;
}

function StatusChip({ user, className }: { user: TenantUser; className?: string }) {
  return (
    <Chip variant={user.status === 'active' ? 'success' : 'warning'} className={className}>
      {MEMBERSHIP_STATUS_LABELS[user.status]}
    </Chip>
  );
}
