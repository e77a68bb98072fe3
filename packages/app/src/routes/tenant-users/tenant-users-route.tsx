import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  contractEnums,
  MEMBERSHIP_STATUS_LABELS,
  ROLE_LABELS,
  type TenantUser,
  USER_ADMINISTRATION_PERMISSION,
} from '@tsumiki/api-client';
import {
  accountKeys,
  tenantUsersQueryOptions,
  toggleTenantUserStatusMutationOptions,
} from '@tsumiki/api-client/react';
import {
  Alert,
  Button,
  Chip,
  ConfirmDialog,
  DataTable,
  type DataTableColumn,
  EmptyState,
  PageHeader,
  SearchInput,
  Select,
} from '@tsumiki/ui';
import { SearchX, ShieldUser, UserPlus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { api } from '../../app/api';
import { appRoutes } from '../../app/paths';
import { listRouteLoader, revalidateOnPathChange } from '../../app/prefetch';
import { queryClient } from '../../app/query-client';
import { useToast } from '../../app/toasts';
import { PERMISSION_DENIED_REASON, usePermissions } from '../../features/access/permissions';
import { FeatureOffScreen, PermissionDeniedScreen } from '../../features/access/screen-states';
import { isFeatureEnabled, useFeatureFlags } from '../../features/feature-flags';
import { ListPagination, ListTotal } from '../../features/lists/list-controls';
import { useListUrlState, usePageInRange } from '../../features/lists/list-url-state';
import { isFeatureOff } from '../../features/sessions/feature-off';
import { RolesOverview } from '../../features/tenant-users/roles-overview';
import {
  isTenantUserListFiltered,
  parseTenantUserListState,
  serializeTenantUserListState,
  TENANT_USER_PAGE_SIZE,
  type TenantUserListState,
  tenantUserListQuery,
} from '../../features/tenant-users/tenant-user-list-state';
import { userDisplayName } from '../../features/tenant-users/user-name';
import { formatCount, formatTenantDateTime } from '../../lib/format';
import { useSignedIn } from '../../session/session';

const title = appRoutes.tenantUsers.title;

// The dialogs load the first time they open.
const AddUserDialog = lazy(() =>
  import('../../features/tenant-users/add-user-dialog').then((module) => ({ default: module.AddUserDialog })),
);
const AccessDialog = lazy(() =>
  import('../../features/tenant-users/access-dialog').then((module) => ({ default: module.AccessDialog })),
);

/** The active administrators: a clinic has a handful, one page holds them all. */
const ACTIVE_ADMINS = { role: 'admin', status: 'active', limit: 100 } as const;

/** Fetches the page the URL asks for while the chunk loads. */
export const loader = listRouteLoader((tenantId, params) =>
  tenantUsersQueryOptions(api, tenantId, tenantUserListQuery(parseTenantUserListState(params))),
);

export const shouldRevalidate = revalidateOnPathChange;

/** /tenant-users: who may use this tenant, their role, permissions and status. */
export function Component() {
  const { can } = usePermissions();
  const { flags } = useFeatureFlags();
  if (!isFeatureEnabled(flags, 'tenant_users')) return <FeatureOffScreen title={title} />;
  if (!can('tenant_users.read')) return <PermissionDeniedScreen title={title} />;
  return <TenantUsersScreen />;
}

function TenantUsersScreen() {
  const { api, tenant, user: me } = useSignedIn();
  const tenantId = tenant?.tenant_id;
  const { can } = usePermissions();
  const canWrite = can('tenant_users.write');
  const { toast } = useToast();
  const list = useListUrlState(parseTenantUserListState, serializeTenantUserListState);
  const { state, update } = list;
  const [searchKey, setSearchKey] = useState(0);
  const [addOpen, setAddOpen] = useState(false);
  const [addOpened, setAddOpened] = useState(false);
  const [editing, setEditing] = useState<TenantUser | null>(null);
  const [editOpened, setEditOpened] = useState(false);
  const [toggling, setToggling] = useState<TenantUser | null>(null);
  const [toggleError, setToggleError] = useState<string | null>(null);

  const users = useQuery({
    ...tenantUsersQueryOptions(api, tenantId, tenantUserListQuery(state)),
    placeholderData: keepPreviousData,
  });
  const admins = useQuery(tenantUsersQueryOptions(api, tenantId, ACTIVE_ADMINS));
  const toggle = useMutation({
    ...toggleTenantUserStatusMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
    networkMode: 'always',
  });

  const data = users.isError ? undefined : users.data;
  usePageInRange(
    list,
    TENANT_USER_PAGE_SIZE,
    data && { total: data.total, rows: data.users },
    users.isPlaceholderData,
  );

  // The server keeps the tenant an active admin who can manage users (MEM_001); say so up front.
  const userAdministrators = admins.data?.users.filter((admin) =>
    admin.permissions.includes(USER_ADMINISTRATION_PERMISSION),
  );
  const isLastAdmin = (user: TenantUser) =>
    admins.data?.total === admins.data?.users.length &&
    userAdministrators?.length === 1 &&
    userAdministrators[0]?.id === user.id;

  /** Why the status of `user` cannot be switched here, or null when it can. */
  const toggleBlockedReason = (user: TenantUser): string | null => {
    if (!canWrite) return PERMISSION_DENIED_REASON;
    if (user.status === 'inactive') return null;
    if (user.id === me.id) return '自分自身は無効にできません。';
    if (isLastAdmin(user))
      return 'ユーザーを管理できる最後の管理者は無効にできません。先にほかの人を管理者にしてください。';
    return null;
  };

  const openEditor = (user: TenantUser) => {
    setEditOpened(true);
    setEditing(user);
  };

  const columns: DataTableColumn<TenantUser>[] = [
    {
      id: 'name',
      header: '氏名',
      className: 'min-w-28',
      cell: (user) => (
        <div className="grid gap-0.5">
          <span className="font-medium">
            {userDisplayName(user)}
            {user.id === me.id ? <span className="ml-1 text-xs text-muted-foreground">（自分）</span> : null}
          </span>
          <span className="break-all text-xs text-muted-foreground md:hidden">{user.email}</span>
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
      cell: (user) => (
        <div className="flex flex-col items-start gap-1">
          <Chip variant={user.role === 'admin' ? 'primary' : 'default'}>{ROLE_LABELS[user.role]}</Chip>
          {/* Narrow screens have no 状態 column: the status goes under the role. */}
          <StatusChip user={user} className="sm:hidden" />
        </div>
      ),
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
      cell: (user) => {
        const reason = toggleBlockedReason(user);
        const name = userDisplayName(user);
        return (
          <div className="flex flex-col items-end gap-2 sm:flex-row sm:justify-end">
            <Button
              variant="outline"
              size="sm"
              aria-label={`${name}の役割と権限を${canWrite ? '編集' : '見る'}`}
              onClick={() => openEditor(user)}
            >
              <span className="sm:hidden">{canWrite ? '編集' : '表示'}</span>
              <span className="hidden sm:inline">{canWrite ? '役割と権限を編集' : '役割と権限を見る'}</span>
            </Button>
            <Button
              variant="outline"
              size="sm"
              aria-label={`${name}を${user.status === 'active' ? '無効にする' : '有効にする'}`}
              disabledReason={reason ?? undefined}
              onClick={() => {
                setToggleError(null);
                setToggling(user);
              }}
            >
              {user.status === 'active' ? '無効にする' : '有効にする'}
            </Button>
          </div>
        );
      },
    },
  ];

  const filtered = isTenantUserListFiltered(state);
  const summary = users.isPlaceholderData
    ? '検索しています…'
    : data
      ? `${filtered ? '条件に一致するユーザー' : 'このテナントのユーザー'}: ${formatCount(data.total)} 人`
      : '';

  const onToggle = async () => {
    if (!toggling) return;
    const target = toggling;
    setToggleError(null);
    try {
      const saved = await toggle.mutateAsync(target.id);
      toast({
        variant: 'success',
        title: saved.status === 'active' ? '有効にしました' : '無効にしました',
        description: `${userDisplayName(saved)}（${saved.email}）`,
      });
    } catch (error) {
      setToggleError(error instanceof Error ? error.message : '切り替えられませんでした。');
      throw error;
    }
  };

  if (users.isError && isFeatureOff(users.error)) return <FeatureOffScreen title={title} />;

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <PageHeader
        title={title}
        description="このテナントを使える人の役割・権限・状態を管理します。無効にした人は、このテナントを使えなくなります。"
        actions={
          <Button
            disabledReason={canWrite ? undefined : PERMISSION_DENIED_REASON}
            onClick={() => {
              setAddOpened(true);
              setAddOpen(true);
            }}
          >
            <UserPlus aria-hidden="true" />
            ユーザーを追加
          </Button>
        }
      />

      <search
        aria-label="ユーザーの絞り込み"
        className="grid gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]"
      >
        <SearchInput
          key={searchKey}
          defaultValue={state.q}
          label="ユーザーを検索"
          placeholder="氏名・メールアドレス"
          loading={users.isFetching && state.q !== ''}
          onSearch={(query) => update({ q: query, page: 1 }, { replace: true })}
        />
        <Select
          label="役割で絞り込み"
          hideLabel
          placeholder={false}
          options={[
            { value: '', label: 'すべての役割' },
            ...contractEnums.Role.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
          ]}
          value={state.role}
          onChange={(event) => update({ role: event.target.value as TenantUserListState['role'], page: 1 })}
        />
        <Select
          label="状態で絞り込み"
          hideLabel
          placeholder={false}
          options={[
            { value: '', label: 'すべての状態' },
            ...contractEnums.MembershipStatus.map((status) => ({
              value: status,
              label: MEMBERSHIP_STATUS_LABELS[status],
            })),
          ]}
          value={state.status}
          onChange={(event) =>
            update({ status: event.target.value as TenantUserListState['status'], page: 1 })
          }
        />
      </search>

      <ListTotal testId="tenant-user-total">{summary}</ListTotal>

      <DataTable
        caption="ユーザー一覧"
        columns={columns}
        rows={data?.users ?? []}
        getRowId={(user) => user.id}
        getRowLabel={userDisplayName}
        loading={users.isPending || (users.isFetching && users.isPlaceholderData)}
        loadingRowCount={5}
        error={users.isError ? users.error.message : undefined}
        onRetry={() => void users.refetch()}
        empty={
          filtered ? (
            <EmptyState
              icon={<SearchX aria-hidden="true" className="size-6" />}
              title="条件に一致するユーザーが見つかりません"
              description="検索語や絞り込みを変えてお試しください。"
              action={
                <Button
                  variant="outline"
                  onClick={() => {
                    setSearchKey((key) => key + 1);
                    update({ q: '', role: '', status: '', page: 1 });
                  }}
                >
                  条件をクリア
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={<ShieldUser aria-hidden="true" className="size-6" />}
              title="ユーザーがいません"
              description="「ユーザーを追加」から、このテナントを使う人を追加できます。"
            />
          )
        }
      />

      <ListPagination
        page={state.page}
        pageSize={TENANT_USER_PAGE_SIZE}
        total={data?.total}
        disabled={users.isFetching}
        onPageChange={(page) => update({ page })}
      />

      <RolesOverview />

      <ConfirmDialog
        open={toggling !== null}
        onOpenChange={(open) => {
          if (!open) setToggling(null);
        }}
        title={
          toggling
            ? `${userDisplayName(toggling)}を${toggling.status === 'active' ? '無効' : '有効'}にしますか？`
            : ''
        }
        description={
          toggling?.status === 'active'
            ? 'このテナントを使えなくなります。ログイン中の画面は、次の操作でログアウトされます（ほかのテナントでの利用はそのままです）。あとで有効に戻せます。'
            : '再びログインして、このテナントを使えるようになります。役割と権限は無効にする前のままです。'
        }
        confirmLabel={toggling?.status === 'active' ? '無効にする' : '有効にする'}
        destructive={toggling?.status === 'active'}
        onConfirm={onToggle}
      >
        {toggleError ? <Alert variant="error">{toggleError}</Alert> : null}
      </ConfirmDialog>

      <Suspense fallback={null}>
        {addOpened ? (
          <AddUserDialog
            open={addOpen}
            onOpenChange={setAddOpen}
            onAdded={(user) => {
              setAddOpen(false);
              toast({
                variant: 'success',
                title: 'ユーザーを追加しました',
                description: `${userDisplayName(user)}（${user.email}）`,
              });
            }}
          />
        ) : null}
        {editOpened ? (
          <AccessDialog
            user={editing}
            onOpenChange={(open) => {
              if (!open) setEditing(null);
            }}
            readOnly={!canWrite}
            lastAdmin={editing ? isLastAdmin(editing) : false}
            onSaved={(user) => {
              setEditing(null);
              // One's own permissions are the session's: the sidebar and the screens follow them.
              if (user.id === me.id) void queryClient.invalidateQueries({ queryKey: accountKeys.tenantMe() });
              toast({
                variant: 'success',
                title: '役割と権限を保存しました',
                description: `${userDisplayName(user)}（${user.email}）`,
              });
            }}
          />
        ) : null}
      </Suspense>
    </div>
  );
}

function StatusChip({ user, className }: { user: TenantUser; className?: string }) {
  return (
    <Chip variant={user.status === 'active' ? 'success' : 'warning'} className={className}>
      {MEMBERSHIP_STATUS_LABELS[user.status]}
    </Chip>
  );
}
