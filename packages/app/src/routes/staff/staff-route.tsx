import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { EMPLOYMENT_TYPE_LABELS, STAFF_STATUS_LABELS } from '@tsumiki/api-client';
import { deleteStaffMutationOptions, staffListQueryOptions } from '@tsumiki/api-client/react';
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
import { IdCard, Pencil, Plus, SearchX, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { api } from '../../app/api';
import { appRoutes } from '../../app/paths';
import { listRouteLoader, revalidateOnPathChange } from '../../app/prefetch';
import { useToast } from '../../app/toasts';
import { PERMISSION_DENIED_REASON, usePermissions } from '../../features/access/permissions';
import { FeatureOffScreen, PermissionDeniedScreen } from '../../features/access/screen-states';
import { useTenantApi } from '../../features/customers/use-tenant-api';
import { isFeatureEnabled, useFeatureFlags } from '../../features/feature-flags';
import {
  ListPagination,
  type ListSort,
  ListTotal,
  SortControls,
  type SortOptions,
  tableSort,
} from '../../features/lists/list-controls';
import { useListUrlState, usePageInRange } from '../../features/lists/list-url-state';
import { isFeatureOff } from '../../features/sessions/feature-off';
import type { StaffMember } from '../../features/staff/staff-form';
import type { StaffFormMode } from '../../features/staff/staff-form-dialog';
import {
  DEFAULT_STAFF_LIST_STATE,
  defaultStaffOrder,
  isStaffListFiltered,
  parseStaffListState,
  STAFF_PAGE_SIZE,
  STAFF_SORT_LABELS,
  STAFF_SORTS,
  STAFF_STATUSES,
  type StaffListState,
  type StaffSort,
  type StaffStatus,
  serializeStaffListState,
  staffKana,
  staffListQuery,
  staffName,
} from '../../features/staff/staff-list-state';
import { formatCount } from '../../lib/format';

const title = appRoutes.staff.title;

const SORT_OPTIONS: SortOptions<StaffSort> = {
  sorts: STAFF_SORTS,
  sortLabels: STAFF_SORT_LABELS,
  orderLabels: {
    last_name_kana: { asc: 'ア → ン', desc: 'ン → ア' },
    department: { asc: 'ア → ン', desc: 'ン → ア' },
    hire_date: { asc: '古い順', desc: '新しい順' },
    created_at: { asc: '古い順', desc: '新しい順' },
  },
  defaultOrder: defaultStaffOrder,
  defaultSort: DEFAULT_STAFF_LIST_STATE.sort,
};

const STATUS_CHIP: Record<StaffStatus, 'success' | 'warning' | 'default'> = {
  active: 'success',
  on_leave: 'warning',
  retired: 'default',
};

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
  const { can } = usePermissions();
  const { flags } = useFeatureFlags();
  if (!isFeatureEnabled(flags, 'staff_management')) return <FeatureOffScreen title={title} />;
  if (!can('staff.read')) return <PermissionDeniedScreen title={title} />;
  return <StaffScreen />;
}

function StaffScreen() {
  const { api, tenantId } = useTenantApi();
  const { can } = usePermissions();
  const canWrite = can('staff.write');
  const canDelete = can('staff.delete');
  const { toast } = useToast();
  const list = useListUrlState(parseStaffListState, serializeStaffListState);
  const { state, update } = list;
  const [searchKey, setSearchKey] = useState(0);
  const [form, setForm] = useState<{ open: boolean; mode: StaffFormMode } | null>(null);
  const [deleting, setDeleting] = useState<StaffMember | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const staff = useQuery({
    ...staffListQueryOptions(api, tenantId, staffListQuery(state)),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    ...deleteStaffMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });

  const data = staff.isError ? undefined : staff.data;
  usePageInRange(
    list,
    STAFF_PAGE_SIZE,
    data && { total: data.total, rows: data.staff },
    staff.isPlaceholderData,
  );
  const sortBy = (sort: ListSort<StaffSort>) => update({ ...sort, page: 1 });

  const openForm = (mode: StaffFormMode) => setForm({ open: true, mode });

  const columns: DataTableColumn<StaffMember>[] = [
    {
      id: 'last_name_kana',
      header: '氏名',
      sortable: true,
      className: 'min-w-36',
      cell: (member) => (
        <div className="grid gap-0.5">
          <span className="font-medium">{staffName(member)}</span>
          <span className="text-xs text-muted-foreground">{staffKana(member)}</span>
          {/* Below md the job and department columns are hidden: they read here instead. */}
          <span className="text-xs text-muted-foreground md:hidden">
            {[...new Set([member.position, member.department].filter(Boolean))].join('・')}
          </span>
        </div>
      ),
    },
    {
      id: 'position',
      header: '職種',
      hideBelow: 'md',
      cell: (member) => member.position ?? <Missing />,
    },
    {
      id: 'department',
      header: '部署',
      sortable: true,
      hideBelow: 'md',
      cell: (member) => member.department ?? <Missing />,
    },
    {
      id: 'employment_type',
      header: '雇用形態',
      nowrap: true,
      hideBelow: 'lg',
      cell: (member) => EMPLOYMENT_TYPE_LABELS[member.employment_type],
    },
    {
      id: 'status',
      header: '在籍状況',
      nowrap: true,
      cell: (member) => (
        <Chip variant={STATUS_CHIP[member.status]}>{STAFF_STATUS_LABELS[member.status]}</Chip>
      ),
    },
    {
      id: 'contact',
      header: '連絡先',
      hideBelow: 'lg',
      cell: (member) =>
        member.email || member.phone ? (
          <div className="grid gap-0.5">
            {member.email ? <span className="break-all">{member.email}</span> : null}
            {member.phone ? <span className="tabular-nums">{member.phone}</span> : null}
          </div>
        ) : (
          <Missing />
        ),
    },
    {
      id: 'account',
      header: 'アカウント',
      hideBelow: 'lg',
      cell: (member) =>
        member.user_email ? (
          <span className="break-all">{member.user_email}</span>
        ) : (
          <span className="text-muted-foreground">なし</span>
        ),
    },
  ];
  if (canWrite || canDelete) {
    columns.push({
      id: 'actions',
      header: '操作',
      align: 'end',
      nowrap: true,
      cell: (member) => (
        <div className="flex flex-col justify-end gap-2 sm:flex-row">
          {canWrite ? (
            <Button
              variant="outline"
              size="sm"
              aria-label={`${staffName(member)}を編集`}
              onClick={() => openForm({ kind: 'edit', staff: member })}
            >
              <Pencil aria-hidden="true" />
              <span className="hidden sm:inline">編集</span>
            </Button>
          ) : null}
          {canDelete ? (
            <Button
              variant="outline"
              size="sm"
              aria-label={`${staffName(member)}を削除`}
              onClick={() => {
                setDeleteError(null);
                setDeleting(member);
              }}
            >
              <Trash2 aria-hidden="true" />
              <span className="hidden sm:inline">削除</span>
            </Button>
          ) : null}
        </div>
      ),
    });
  }

  const filtered = isStaffListFiltered(state);
  const summary = staff.isPlaceholderData
    ? '検索しています…'
    : data
      ? `${filtered ? '条件に一致するスタッフ' : '登録されているスタッフ'}: ${formatCount(data.total)} 人`
      : '';

  const onDelete = async () => {
    if (!deleting) return;
    const target = deleting;
    setDeleteError(null);
    try {
      await remove.mutateAsync(target.id);
      toast({ variant: 'success', title: 'スタッフを削除しました', description: staffName(target) });
    } catch (error) {
      setDeleteError(error instanceof Error ? error.message : '削除できませんでした。');
      throw error;
    }
  };

  const clearFilters = () => {
    setSearchKey((key) => key + 1);
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
            onClick={() => openForm({ kind: 'create' })}
          >
            <Plus aria-hidden="true" />
            新規登録
          </Button>
        }
      />

      <search
        aria-label="スタッフの絞り込み"
        className="grid gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto]"
      >
        <SearchInput
          key={searchKey}
          defaultValue={state.q}
          label="スタッフを検索"
          placeholder="氏名・フリガナ・部署・職種・資格など"
          loading={staff.isFetching && state.q !== ''}
          onSearch={(query) => update({ q: query, page: 1 }, { replace: true })}
        />
        <Select
          label="在籍状況で絞り込み"
          hideLabel
          placeholder={false}
          options={[
            { value: '', label: 'すべての在籍状況' },
            ...STAFF_STATUSES.map((status) => ({ value: status, label: STAFF_STATUS_LABELS[status] })),
          ]}
          value={state.status}
          onChange={(event) => update({ status: event.target.value as StaffListState['status'], page: 1 })}
        />
        <SortControls
          options={SORT_OPTIONS}
          value={state}
          onChange={sortBy}
          className="grid grid-cols-2 gap-3 md:flex md:items-end"
          sortClassName="md:w-52"
          orderClassName="md:w-32"
        />
      </search>

      <ListTotal testId="staff-total">{summary}</ListTotal>

      <DataTable
        caption="スタッフ一覧"
        columns={columns}
        rows={data?.staff ?? []}
        getRowId={(member) => member.id}
        getRowLabel={staffName}
        {...tableSort(SORT_OPTIONS, state, sortBy)}
        loading={staff.isPending || (staff.isFetching && staff.isPlaceholderData)}
        loadingRowCount={6}
        error={staff.isError ? staff.error.message : undefined}
        onRetry={() => void staff.refetch()}
        empty={
          filtered ? (
            <EmptyState
              icon={<SearchX aria-hidden="true" className="size-6" />}
              title="条件に一致するスタッフが見つかりません"
              description="検索語や在籍状況を変えてお試しください。2 文字以上で探すと見つかりやすくなります。"
              action={
                <Button variant="outline" onClick={clearFilters}>
                  条件をクリア
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={<IdCard aria-hidden="true" className="size-6" />}
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
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={deleting ? `${staffName(deleting)}さんを名簿から削除しますか？` : ''}
        description="スタッフ一覧と検索に表示されなくなります。ログイン用のアカウントはそのまま残ります。退職した人は、削除せずに在籍状況を「退職」にすることもできます。"
        confirmLabel="削除する"
        destructive
        onConfirm={onDelete}
      >
        {deleteError ? <Alert variant="error">{deleteError}</Alert> : null}
      </ConfirmDialog>

      <Suspense fallback={null}>
        {form ? (
          <StaffFormDialog
            key={form.mode.kind === 'edit' ? form.mode.staff.id : 'create'}
            open={form.open}
            onOpenChange={(open) => setForm((current) => (current ? { ...current, open } : current))}
            mode={form.mode}
          />
        ) : null}
      </Suspense>
    </div>
  );
}

function Missing() {
  return (
    <span className="text-muted-foreground">
      <span aria-hidden="true">—</span>
      <span className="sr-only">未入力</span>
    </span>
  );
}
