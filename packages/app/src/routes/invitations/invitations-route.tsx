import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { INVITATION_STATUS_LABELS, isApiError, ROLE_LABELS } from '@tsumiki/api-client';
import { deleteInvitationMutationOptions, invitationsQueryOptions } from '@tsumiki/api-client/react';
import { Alert, Button, ConfirmDialog, DataTable, EmptyState, PageHeader } from '@tsumiki/ui';
import { MailPlus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { api } from '../../app/api';
import { appRoutes } from '../../app/paths';
import { listRouteLoader, revalidateOnPathChange } from '../../app/prefetch';
import { useToast } from '../../app/toasts';
import { isFeatureOff } from '../../features/access/feature-off';
import { PERMISSION_DENIED_REASON, usePermissions } from '../../features/access/permissions';
import { isFeatureEnabled, useFeatureFlags } from '../../features/feature-flags';
import {
  INVITATION_PAGE_SIZE,
  INVITATION_STATUSES,
  invitationListQuery,
  parseInvitationListState,
  serializeInvitationListState,
} from '../../features/invitations/invitation-list-state';
import { ListPagination, ListTotal } from '../../features/lists/list-controls';
import {
  listSummary,
  listTableStatus,
  useConfirmTarget,
  useOpenedOnce,
  useShownPage,
} from '../../features/lists/list-hooks';
import { EmptyIcon, FilterSelect, NoMatches } from '../../features/lists/list-pieces';
import { useListUrlState } from '../../features/lists/list-url-state';
import { formatCount } from '../../lib/format';
import { useSignedIn } from '../../session/session';
import { invitationColumns, type PendingAction, recipient } from './invitation-columns';

const { title } = appRoutes.invitations;
const description = '参加用のリンクを作って、同じ医院の人をこのテナントに招きます。';

// The dialog is loaded the first time it opens: the list itself stays small.
const CreateInvitationDialog = lazy(() =>
  import('../../features/invitations/create-invitation-dialog').then((module) => ({
    default: module.CreateInvitationDialog,
  })),
);

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

function InvitationsScreen() {
  const { tenant } = useSignedIn();
  const tenantId = tenant?.tenant_id;
  const { can } = usePermissions();
  const { toast } = useToast();
  const list = useListUrlState(parseInvitationListState, serializeInvitationListState);
  const { state, update } = list;
  const [createOpen, setCreateOpen] = useState(false);
  const createOpened = useOpenedOnce(createOpen);

  const invitations = useQuery({
    ...invitationsQueryOptions(api, tenantId, invitationListQuery(state)),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    ...deleteInvitationMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });
  const pending = useConfirmTarget<PendingAction>(
    async ({ kind, invitation }) => {
      try {
        await remove.mutateAsync(invitation.id);
      } catch (error) {
        if (isApiError(error) && error.status === 404) {
          // Someone else got there first: the list shows how things are now.
          void invitations.refetch();
          return;
        }
        throw error;
      }
      toast({
        variant: 'success',
        title: kind === 'revoke' ? '招待を取り消しました' : '招待を一覧から削除しました',
        description: `${recipient(invitation)}（${ROLE_LABELS[invitation.role]}）`,
      });
    },
    (error) => (isApiError(error) ? error.message : '操作を完了できませんでした。もう一度お試しください。'),
  );

  const data = useShownPage(list, INVITATION_PAGE_SIZE, invitations, (shown) => shown.invitations);
  const canWrite = can('invitations.write');
  const columns = invitationColumns(can('invitations.delete') ? pending.ask : undefined);
  const createButton = (
    <Button
      onClick={() => setCreateOpen(true)}
      disabledReason={canWrite ? undefined : PERMISSION_DENIED_REASON}
    >
      <MailPlus aria-hidden="true" />
      招待を作成
    </Button>
  );
  const summary = listSummary(
    invitations,
    data,
    ({ total }) =>
      state.status
        ? `「${INVITATION_STATUS_LABELS[state.status]}」の招待: ${formatCount(total)} 件`
        : `招待: ${formatCount(total)} 件`,
    '読み込んでいます…',
  );
  const action = pending.target;

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <PageHeader title={title} description={description} actions={createButton} />

      <search aria-label="招待の絞り込み" className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <FilterSelect
          label="状態"
          showLabel
          className="sm:w-56"
          allLabel="すべての状態"
          values={INVITATION_STATUSES}
          labels={INVITATION_STATUS_LABELS}
          value={state.status ?? ''}
          onChange={(status) => update({ status: status || null, page: 1 })}
        />
      </search>

      <ListTotal testId="invitation-total">{summary}</ListTotal>

      <DataTable
        caption="招待の一覧"
        columns={columns}
        rows={data?.invitations ?? []}
        getRowId={(invitation) => invitation.id}
        getRowLabel={(invitation) => `${recipient(invitation)}（${ROLE_LABELS[invitation.role]}）`}
        {...listTableStatus(invitations)}
        loadingRowCount={5}
        error={
          invitations.isError
            ? isFeatureOff(invitations.error)
              ? '招待管理はこのテナントでは無効になっています。'
              : invitations.error.message
            : undefined
        }
        empty={
          state.status ? (
            <NoMatches
              circled
              title={`「${INVITATION_STATUS_LABELS[state.status]}」の招待はありません`}
              clearLabel="すべての状態を表示"
              onClear={() => update({ status: null, page: 1 })}
            />
          ) : (
            <EmptyState
              icon={<EmptyIcon icon={MailPlus} circled />}
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
        {...pending.dialogProps}
        title={action?.kind === 'revoke' ? 'この招待を取り消しますか？' : 'この招待を一覧から削除しますか？'}
        description={
          action?.kind === 'revoke'
            ? '取り消すと、このリンクでは参加できなくなります。取り消した招待は一覧に残ります。'
            : '一覧から消えるだけで、この招待で参加したユーザーはそのまま残ります。'
        }
        confirmLabel={action?.kind === 'revoke' ? '取り消す' : '削除する'}
        destructive
      >
        {action ? (
          <p className="text-sm">
            宛先: <span className="break-all font-medium">{recipient(action.invitation)}</span>・役割:{' '}
            {ROLE_LABELS[action.invitation.role]}
          </p>
        ) : null}
        {pending.error ? <Alert variant="error">{pending.error}</Alert> : null}
      </ConfirmDialog>

      <Suspense fallback={null}>
        {createOpened ? <CreateInvitationDialog open={createOpen} onOpenChange={setCreateOpen} /> : null}
      </Suspense>
    </div>
  );
}
