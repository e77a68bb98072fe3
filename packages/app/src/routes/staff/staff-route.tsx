import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { deleteStaffMutationOptions, staffListQueryOptions } from '@tsumiki/api-client/react';
import { Alert, Button, ConfirmDialog, DataTable, EmptyState, PageHeader } from '@tsumiki/ui';
import { IdCard, Plus } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { api } from '../../app/api';
import { appRoutes } from '../../app/paths';
import { listRouteLoader, revalidateOnPathChange } from '../../app/prefetch';
import { useToast } from '../../app/toasts';
import { useTenantApi } from '../../app/use-tenant-api';
import { isFeatureOff } from '../../features/access/feature-off';
import { PERMISSION_DENIED_REASON, usePermissions } from '../../features/access/permissions';
import { FeatureOffScreen } from '../../features/access/screen-states';
import { ListPagination, ListTotal, tableSort } from '../../features/lists/list-controls';
import {
  errorMessageOr,
  listSummary,
  listTableStatus,
  useConfirmTarget,
  useFormDialog,
  useShownPage,
  useUrlSearch,
} from '../../features/lists/list-hooks';
import { EmptyIcon, NoMatches, ScreenGate } from '../../features/lists/list-pieces';
import { useListUrlState } from '../../features/lists/list-url-state';
import type { StaffMember } from '../../features/staff/staff-form';
import type { StaffFormMode } from '../../features/staff/staff-form-dialog';
import {
  isStaffListFiltered,
  parseStaffListState,
  STAFF_PAGE_SIZE,
  serializeStaffListState,
  staffListQuery,
  staffName,
} from '../../features/staff/staff-list-state';
import { formatCount } from '../../lib/format';
import { staffColumns } from './staff-columns';
import { STAFF_SORT_OPTIONS, StaffFilters } from './staff-filters';

const title = appRoutes.staff.title;

// The dialog loads the first time it opens: the list stays within the route budget.
const StaffFormDialog = lazy(() =>
  import('../../features/staff/staff-form-dialog').then((module) => ({ default: module.StaffFormDialog })),
);

/** Fetches the page the URL asks for while the chunk loads. */
export const loader = listRouteLoader((tenantId, params) =>
  staffListQueryOptions(api, tenantId, staffListQuery(parseStaffListState(params))),
);

export const shouldRevalidate = revalidateOnPathChange;

/** /staff: the clinic's roster (not the user accounts: those are /tenant-users). */
export function Component() {
  return (
    <ScreenGate title={title} feature="staff_management" permission="staff.read">
      <StaffScreen />
    </ScreenGate>
  );
}

function StaffScreen() {
  const { api, tenantId } = useTenantApi();
  const { can } = usePermissions();
  const canWrite = can('staff.write');
  const canDelete = can('staff.delete');
  const { toast } = useToast();
  const list = useListUrlState(parseStaffListState, serializeStaffListState);
  const { state, update } = list;
  const search = useUrlSearch(state.q);
  const formDialog = useFormDialog<StaffFormMode>();
  const { form } = formDialog;

  const staff = useQuery({
    ...staffListQueryOptions(api, tenantId, staffListQuery(state)),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    ...deleteStaffMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });
  const deletion = useConfirmTarget<StaffMember>(async (member) => {
    await remove.mutateAsync(member.id);
    toast({ variant: 'success', title: 'スタッフを削除しました', description: staffName(member) });
  }, errorMessageOr('削除できませんでした。'));

  const data = useShownPage(list, STAFF_PAGE_SIZE, staff, (shown) => shown.staff);
  const filtered = isStaffListFiltered(state);
  const summary = listSummary(
    staff,
    data,
    ({ total }) =>
      `${filtered ? '条件に一致するスタッフ' : '登録されているスタッフ'}: ${formatCount(total)} 人`,
  );
  const columns = staffColumns({
    onEdit: canWrite ? (member) => formDialog.show({ kind: 'edit', staff: member }) : undefined,
    onDelete: canDelete ? deletion.ask : undefined,
  });

  const clearFilters = () => {
    search.reset();
    update({ q: '', status: '', page: 1 });
  };

  if (staff.isError && isFeatureOff(staff.error)) return <FeatureOffScreen title={title} />;

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <PageHeader
        title={title}
        description="医院の名簿です（ログイン用のアカウントとは別の記録です）。氏名・フリガナ・部署・職種・資格で探せます。"
        actions={
          <Button
            disabledReason={canWrite ? undefined : PERMISSION_DENIED_REASON}
            onClick={() => formDialog.show({ kind: 'create' })}
          >
            <Plus aria-hidden="true" />
            新規登録
          </Button>
        }
      />

      <StaffFilters
        state={state}
        update={update}
        search={search}
        searching={staff.isFetching && state.q !== ''}
      />

      <ListTotal testId="staff-total">{summary}</ListTotal>

      <DataTable
        caption="スタッフ一覧"
        columns={columns}
        rows={data?.staff ?? []}
        getRowId={(member) => member.id}
        getRowLabel={staffName}
        {...tableSort(STAFF_SORT_OPTIONS, state, (sort) => update({ ...sort, page: 1 }))}
        {...listTableStatus(staff)}
        loadingRowCount={6}
        empty={
          filtered ? (
            <NoMatches
              title="条件に一致するスタッフが見つかりません"
              description="検索語や在籍状況を変えてお試しください。2 文字以上で探すと見つかりやすくなります。"
              onClear={clearFilters}
            />
          ) : (
            <EmptyState
              icon={<EmptyIcon icon={IdCard} />}
              title="スタッフがまだ登録されていません"
              description={
                canWrite
                  ? '「新規登録」から、医師・看護師・受付などを登録できます。'
                  : PERMISSION_DENIED_REASON
              }
            />
          )
        }
      />

      <ListPagination
        page={state.page}
        pageSize={STAFF_PAGE_SIZE}
        total={data?.total}
        disabled={staff.isFetching}
        onPageChange={(page) => update({ page })}
      />

      <ConfirmDialog
        {...deletion.dialogProps}
        title={deletion.target ? `${staffName(deletion.target)}さんを名簿から削除しますか？` : ''}
        description="スタッフ一覧と検索に表示されなくなります。ログイン用のアカウントはそのまま残ります。退職した人は、削除せずに在籍状況を「退職」にすることもできます。"
        confirmLabel="削除する"
        destructive
      >
        {deletion.error ? <Alert variant="error">{deletion.error}</Alert> : null}
      </ConfirmDialog>

      <Suspense fallback={null}>
        {form ? (
          <StaffFormDialog
            key={form.mode.kind === 'edit' ? form.mode.staff.id : 'create'}
            open={form.open}
            onOpenChange={formDialog.onOpenChange}
            mode={form.mode}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
