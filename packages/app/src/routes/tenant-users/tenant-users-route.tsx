import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  contractEnums,
  MEMBERSHIP_STATUS_LABELS,
  ROLE_LABELS,
  type TenantUser,
  USER_ADMINISTRATION_PERMISSION,
} from '@tsumiki/api-client';
import { tenantUsersQueryOptions, toggleTenantUserStatusMutationOptions } from '@tsumiki/api-client/react';
import { Alert, Button, ConfirmDialog, DataTable, EmptyState, PageHeader } from '@tsumiki/ui';
import { ShieldUser, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { api } from '../../app/api';
import { appRoutes } from '../../app/paths';
import { listRouteLoader, revalidateOnPathChange } from '../../app/prefetch';
import { useToast } from '../../app/toasts';
import { isFeatureOff } from '../../features/access/feature-off';
import { PERMISSION_DENIED_REASON, usePermissions } from '../../features/access/permissions';
import { FeatureOffScreen } from '../../features/access/screen-states';
import { ListPagination, ListTotal } from '../../features/lists/list-controls';
import {
  errorMessageOr,
  listSummary,
  listTableStatus,
  type UrlSearch,
  useConfirmTarget,
  useShownPage,
  useUrlSearch,
} from '../../features/lists/list-hooks';
import {
  EmptyIcon,
  FilterSelect,
  NoMatches,
  ScreenGate,
  UrlSearchInput,
} from '../../features/lists/list-pieces';
import { useListUrlState } from '../../features/lists/list-url-state';
import { useResetFactors } from '../../features/tenant-users/reset-factors-dialog';
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
import { formatCount } from '../../lib/format';
import { useSignedIn } from '../../session/session';
import { tenantUserColumns } from './tenant-user-columns';
import { TenantUserDialogs } from './tenant-user-dialogs';

const title = appRoutes.tenantUsers.title;

/** The active administrators: a clinic has a handful, one page holds them all. */
const ACTIVE_ADMINS = { role: 'admin', status: 'active', limit: 100 } as const;

/** Fetches the page the URL asks for while the chunk loads. */
export const loader = listRouteLoader((tenantId, params) =>
  tenantUsersQueryOptions(api, tenantId, tenantUserListQuery(parseTenantUserListState(params))),
);

export const shouldRevalidate = revalidateOnPathChange;

/** /tenant-users: who may use this tenant, their role, permissions and status. */
export function Component() {
  return (
    <ScreenGate title={title} feature="tenant_users" permission="tenant_users.read">
      <TenantUsersScreen />
    </ScreenGate>
  );
}

/**
 * Why a user's status cannot be switched here (null when it can), and whether the user is the
 * tenant's last administrator who can manage users.
 */
function useStatusRules(canWrite: boolean) {
  const { api, tenant, user: me } = useSignedIn();
  const admins = useQuery(tenantUsersQueryOptions(api, tenant?.tenant_id, ACTIVE_ADMINS));
  // The server keeps the tenant an active admin who can manage users (MEM_001); say so up front.
  const userAdministrators = admins.data?.users.filter((admin) =>
    admin.permissions.includes(USER_ADMINISTRATION_PERMISSION),
  );
  const isLastAdmin = (user: TenantUser) =>
    admins.data?.total === admins.data?.users.length &&
    userAdministrators?.length === 1 &&
    userAdministrators[0]?.id === user.id;
  const toggleBlockedReason = (user: TenantUser): string | null => {
    if (!canWrite) return PERMISSION_DENIED_REASON;
    if (user.status === 'inactive') return null;
    if (user.id === me.id) return '自分自身は無効にできません。';
    if (isLastAdmin(user))
      return 'ユーザーを管理できる最後の管理者は無効にできません。先にほかの人を管理者にしてください。';
    return null;
  };
  return { isLastAdmin, toggleBlockedReason };
}

function TenantUsersScreen() {
  const { api, tenant, user: me } = useSignedIn();
  const tenantId = tenant?.tenant_id;
  const { can } = usePermissions();
  const canWrite = can('tenant_users.write');
  const { toast } = useToast();
  const list = useListUrlState(parseTenantUserListState, serializeTenantUserListState);
  const { state, update } = list;
  const search = useUrlSearch(state.q);
  const [addOpen, setAddOpen] = useState(false);
  const [editing, setEditing] = useState<TenantUser | null>(null);
  const rules = useStatusRules(canWrite);
  const resetFactors = useResetFactors();

  const users = useQuery({
    ...tenantUsersQueryOptions(api, tenantId, tenantUserListQuery(state)),
    placeholderData: keepPreviousData,
  });
  const toggle = useMutation({
    ...toggleTenantUserStatusMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
    networkMode: 'always',
  });
  const toggling = useConfirmTarget<TenantUser>(async (user) => {
    const saved = await toggle.mutateAsync(user.id);
    toast({
      variant: 'success',
      title: saved.status === 'active' ? '有効にしました' : '無効にしました',
      description: `${userDisplayName(saved)}（${saved.email}）`,
    });
  }, errorMessageOr('切り替えられませんでした。'));

  const data = useShownPage(list, TENANT_USER_PAGE_SIZE, users, (shown) => shown.users);
  const filtered = isTenantUserListFiltered(state);
  const summary = listSummary(
    users,
    data,
    ({ total }) =>
      `${filtered ? '条件に一致するユーザー' : 'このテナントのユーザー'}: ${formatCount(total)} 人`,
  );
  const target = toggling.target;

  if (users.isError && isFeatureOff(users.error)) return <FeatureOffScreen title={title} />;

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <PageHeader
        title={title}
        description="このテナントを使える人の役割・権限・状態を管理します。無効にした人は、このテナントを使えなくなります。"
        actions={
          <Button
            disabledReason={canWrite ? undefined : PERMISSION_DENIED_REASON}
            onClick={() => setAddOpen(true)}
          >
            <UserPlus aria-hidden="true" />
            ユーザーを追加
          </Button>
        }
      />

      <TenantUserFilters
        state={state}
        update={update}
        search={search}
        searching={users.isFetching && state.q !== ''}
      />

      <ListTotal testId="tenant-user-total">{summary}</ListTotal>

      <DataTable
        caption="ユーザー一覧"
        columns={tenantUserColumns({
          meId: me.id,
          canWrite,
          toggleBlockedReason: rules.toggleBlockedReason,
          onEdit: setEditing,
          onToggle: toggling.ask,
          onResetFactors: canWrite ? resetFactors.ask : undefined,
        })}
        rows={data?.users ?? []}
        getRowId={(user) => user.id}
        getRowLabel={userDisplayName}
        {...listTableStatus(users)}
        loadingRowCount={5}
        empty={
          filtered ? (
            <NoMatches
              title="条件に一致するユーザーが見つかりません"
              description="検索語や絞り込みを変えてお試しください。"
              onClear={() => {
                search.reset();
                update({ q: '', role: '', status: '', page: 1 });
              }}
            />
          ) : (
            <EmptyState
              icon={<EmptyIcon icon={ShieldUser} />}
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
        {...toggling.dialogProps}
        title={
          target
            ? `${userDisplayName(target)}を${target.status === 'active' ? '無効' : '有効'}にしますか？`
            : ''
        }
        description={
          target?.status === 'active'
            ? 'このテナントを使えなくなります。ログイン中の画面は、次の操作でログアウトされます（ほかのテナントでの利用はそのままです）。あとで有効に戻せます。'
            : '再びログインして、このテナントを使えるようになります。役割と権限は無効にする前のままです。'
        }
        confirmLabel={target?.status === 'active' ? '無効にする' : '有効にする'}
        destructive={target?.status === 'active'}
      >
        {toggling.error ? <Alert variant="error">{toggling.error}</Alert> : null}
      </ConfirmDialog>

      {resetFactors.dialog}

      <TenantUserDialogs
        addOpen={addOpen}
        onAddOpenChange={setAddOpen}
        editing={editing}
        onEditingChange={setEditing}
        meId={me.id}
        canWrite={canWrite}
        isLastAdmin={rules.isLastAdmin}
      />
    </div>
  );
}

/** ユーザーの絞り込み: the search box, the role and the status. */
function TenantUserFilters({
  state,
  update,
  search,
  searching,
}: {
  state: TenantUserListState;
  update: (patch: Partial<TenantUserListState>, options?: { replace?: boolean }) => void;
  search: UrlSearch;
  /** A search is on its way (the box's spinner). */
  searching: boolean;
}) {
  return (
    <search
      aria-label="ユーザーの絞り込み"
      className="grid gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]"
    >
      <UrlSearchInput
        search={search}
        label="ユーザーを検索"
        placeholder="氏名・メールアドレス"
        loading={searching}
        onSearch={(query) => update({ q: query, page: 1 }, { replace: true })}
      />
      <FilterSelect
        label="役割で絞り込み"
        allLabel="すべての役割"
        values={contractEnums.Role}
        labels={ROLE_LABELS}
        value={state.role}
        onChange={(role) => update({ role, page: 1 })}
      />
      <FilterSelect
        label="状態で絞り込み"
        allLabel="すべての状態"
        values={contractEnums.MembershipStatus}
        labels={MEMBERSHIP_STATUS_LABELS}
        value={state.status}
        onChange={(status) => update({ status, page: 1 })}
      />
    </search>
  );
}
