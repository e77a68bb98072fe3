import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { INVITATION_STATUS_LABELS, type Invitation, isApiError, ROLE_LABELS } from '@tsumiki/api-client';
import { deleteInvitationMutationOptions, invitationsQueryOptions } from '@tsumiki/api-client/react';
import {
  Alert,
  Button,
  Chip,
  type ChipProps,
  ConfirmDialog,
  cn,
  DataTable,
  type DataTableColumn,
  EmptyState,
  PageHeader,
  Select,
} from '@tsumiki/ui';
import { MailCheck, MailPlus, SearchX } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { api } from '../../app/api';
import { appRoutes } from '../../app/paths';
import { listRouteLoader, revalidateOnPathChange } from '../../app/prefetch';
import { useToast } from '../../app/toasts';
import { PERMISSION_DENIED_REASON, usePermissions } from '../../features/access/permissions';
import { isFeatureEnabled, useFeatureFlags } from '../../features/feature-flags';
import {
  INVITATION_PAGE_SIZE,
  INVITATION_STATUSES,
  type InvitationStatus,
  invitationListQuery,
  parseInvitationListState,
  serializeInvitationListState,
} from '../../features/invitations/invitation-list-state';
import { recipientLabel } from '../../features/invitations/recipient';
import { ListPagination, ListTotal } from '../../features/lists/list-controls';
import { useListUrlState, usePageInRange } from '../../features/lists/list-url-state';
import { isFeatureOff } from '../../features/sessions/feature-off';
import { formatCount, formatTenantDateTime } from '../../lib/format';
import { useSignedIn } from '../../session/session';

const { title } = appRoutes.invitations;
const description = '参加用のリンクを作って、同じ医院の人をこのテナントに招きます。';

// The dialog is loaded the first time it opens: the list itself stays small.
const CreateInvitationDialog = lazy(() =>
  import('../../features/invitations/create-invitation-dialog').then((module) => ({
    default: module.CreateInvitationDialog,
  })),
);

const STATUS_CHIP: Record<InvitationStatus, ChipProps['variant']> = {
  pending: 'success',
  used: 'info',
  expired: 'warning',
  revoked: 'default',
};

/** Fetches the page the URL asks for while the chunk loads. */
export const loader = listRouteLoader((tenantId, params) =>
  invitationsQueryOptions(api, tenantId, invitationListQuery(parseInvitationListState(params))),
);

export const shouldRevalidate = revalidateOnPathChange;

function Unavailable({ heading, children }: { heading: string; children: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-5">
      <PageHeader title={title} />
      <Alert variant="info" title={heading}>
        {children}
      </Alert>
    </div>
  );
}

/** /invitations: the tenant's invitations with their state; create, revoke, tidy up. */
export function Component() {
  const { flags } = useFeatureFlags();
  const { can } = usePermissions();
  if (!isFeatureEnabled(flags, 'invitations')) {
    return (
      <Unavailable heading="招待管理はこのテナントでは利用できません">
        この機能はテナントの設定で無効になっています。利用したい場合は、テナントの管理者にお問い合わせください。
      </Unavailable>
    );
  }
  if (!can('invitations.read')) {
    return <Unavailable heading="招待の一覧を表示できません">{PERMISSION_DENIED_REASON}</Unavailable>;
  }
  return <InvitationsScreen />;
}

type PendingAction = { kind: 'revoke' | 'remove'; invitation: Invitation };

function recipient(invitation: Invitation): string {
  return recipientLabel(invitation.email);
}

function InvitationsScreen() {
  const { tenant } = useSignedIn();
  const tenantId = tenant?.tenant_id;
  const { can } = usePermissions();
  const { toast } = useToast();
  const list = useListUrlState(parseInvitationListState, serializeInvitationListState);
  const { state, update } = list;
  const [createOpen, setCreateOpen] = useState(false);
  const [createOpened, setCreateOpened] = useState(false);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const invitations = useQuery({
    ...invitationsQueryOptions(api, tenantId, invitationListQuery(state)),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    ...deleteInvitationMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });

  const data = invitations.isError ? undefined : invitations.data;
  usePageInRange(
    list,
    INVITATION_PAGE_SIZE,
    data && { total: data.total, rows: data.invitations },
    invitations.isPlaceholderData,
  );

  const canWrite = can('invitations.write');
  const canDelete = can('invitations.delete');

  const openCreate = () => {
    setCreateOpened(true);
    setCreateOpen(true);
  };
  const createButton = (
    <Button onClick={openCreate} disabledReason={canWrite ? undefined : PERMISSION_DENIED_REASON}>
      <MailPlus aria-hidden="true" />
      招待を作成
    </Button>
  );

  // Below sm the table keeps 宛先 and the action, as the customers, staff and products lists keep
  // their first column: what the hidden columns say is read in the 宛先 cell instead (each line
  // only below the width its column hides at), so nothing needs scrolling sideways.
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
      cell: (invitation) => (
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
      ),
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
      cell: (invitation) => (invitation.used_at ? <DateTime value={invitation.used_at} /> : <Missing />),
    },
  ];
  if (canDelete) {
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
            onClick={() => {
              setActionError(null);
              setPending({ kind, invitation });
            }}
          >
            {label}
          </Button>
        );
      },
    });
  }

  const confirmAction = async () => {
    if (!pending) return;
    const { kind, invitation } = pending;
    setActionError(null);
    try {
      await remove.mutateAsync(invitation.id);
    } catch (error) {
      if (isApiError(error) && error.status === 404) {
        // Someone else got there first: the list shows how things are now.
        void invitations.refetch();
        return;
      }
      setActionError(
        isApiError(error) ? error.message : '操作を完了できませんでした。もう一度お試しください。',
      );
      throw error;
    }
    toast({
      variant: 'success',
      title: kind === 'revoke' ? '招待を取り消しました' : '招待を一覧から削除しました',
      description: `${recipient(invitation)}（${ROLE_LABELS[invitation.role]}）`,
    });
  };

  let summary = '';
  if (invitations.isPlaceholderData) summary = '読み込んでいます…';
  else if (data) {
    const count = `${formatCount(data.total)} 件`;
    summary = state.status
      ? `「${INVITATION_STATUS_LABELS[state.status]}」の招待: ${count}`
      : `招待: ${count}`;
  }

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <PageHeader title={title} description={description} actions={createButton} />

      <search aria-label="招待の絞り込み" className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Select
          label="状態"
          className="sm:w-56"
          placeholder={false}
          options={[
            { value: '', label: 'すべての状態' },
            ...INVITATION_STATUSES.map((status) => ({
              value: status,
              label: INVITATION_STATUS_LABELS[status],
            })),
          ]}
          value={state.status ?? ''}
          onChange={(event) =>
            update({ status: (event.target.value || null) as InvitationStatus | null, page: 1 })
          }
        />
      </search>

      <ListTotal testId="invitation-total">{summary}</ListTotal>

      <DataTable
        caption="招待の一覧"
        columns={columns}
        rows={data?.invitations ?? []}
        getRowId={(invitation) => invitation.id}
        getRowLabel={(invitation) => `${recipient(invitation)}（${ROLE_LABELS[invitation.role]}）`}
        loading={invitations.isPending || (invitations.isFetching && invitations.isPlaceholderData)}
        loadingRowCount={5}
        error={
          invitations.isError
            ? isFeatureOff(invitations.error)
              ? '招待管理はこのテナントでは無効になっています。'
              : invitations.error.message
            : undefined
        }
        onRetry={() => void invitations.refetch()}
        empty={
          state.status ? (
            <EmptyState
              icon={
                <span className="mb-1 grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
                  <SearchX aria-hidden="true" className="size-6" />
                </span>
              }
              title={`「${INVITATION_STATUS_LABELS[state.status]}」の招待はありません`}
              action={
                <Button variant="outline" onClick={() => update({ status: null, page: 1 })}>
                  すべての状態を表示
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={
                <span className="mb-1 grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
                  <MailPlus aria-hidden="true" className="size-6" />
                </span>
              }
              title="まだ招待はありません"
              description="招待を作成すると、参加用のリンクが発行されます。リンクを開いた人はアカウントを作ってこのテナントに参加できます。"
              action={createButton}
            />
          )
        }
      />

      <ListPagination
        page={state.page}
        pageSize={INVITATION_PAGE_SIZE}
        total={data?.total}
        disabled={invitations.isFetching}
        onPageChange={(page) => update({ page })}
      />

      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={pending?.kind === 'revoke' ? 'この招待を取り消しますか？' : 'この招待を一覧から削除しますか？'}
        description={
          pending?.kind === 'revoke'
            ? '取り消すと、このリンクでは参加できなくなります。取り消した招待は一覧に残ります。'
            : '一覧から消えるだけで、この招待で参加したユーザーはそのまま残ります。'
        }
        confirmLabel={pending?.kind === 'revoke' ? '取り消す' : '削除する'}
        destructive
        onConfirm={confirmAction}
      >
        {pending ? (
          <p className="text-sm">
            宛先: <span className="break-all font-medium">{recipient(pending.invitation)}</span>・役割:{' '}
            {ROLE_LABELS[pending.invitation.role]}
          </p>
        ) : null}
        {actionError ? <Alert variant="error">{actionError}</Alert> : null}
      </ConfirmDialog>

      <Suspense fallback={null}>
        {createOpened ? <CreateInvitationDialog open={createOpen} onOpenChange={setCreateOpen} /> : null}
      </Suspense>
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

function Missing() {
  return (
    <span className="text-muted-foreground">
      <span aria-hidden="true">—</span>
      <span className="sr-only">未使用</span>
    </span>
  );
}
