import { EMPLOYMENT_TYPE_LABELS, STAFF_STATUS_LABELS } from '@tsumiki/api-client';
import { Chip, type DataTableColumn, EmptyValue } from '@tsumiki/ui';
import { orEmpty, RowEditDeleteActions } from '../../features/lists/list-pieces';
import type { StaffMember } from '../../features/staff/staff-form';
import { type StaffStatus, staffKana, staffName } from '../../features/staff/staff-list-state';

const STATUS_CHIP: Record<StaffStatus, 'success' | 'warning' | 'default'> = {
  active: 'success',
  on_leave: 'warning',
  retired: 'default',
};

/** The staff table's columns; the 操作 column only for who may edit or delete. */
export function staffColumns({
  onEdit,
  onDelete,
}: {
  onEdit: ((member: StaffMember) => void) | undefined;
  onDelete: ((member: StaffMember) => void) | undefined;
}): DataTableColumn<StaffMember>[] {
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
      cell: (member) => orEmpty(member.position),
    },
    {
      id: 'department',
      header: '部署',
      sortable: true,
      hideBelow: 'md',
      cell: (member) => orEmpty(member.department),
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
          <EmptyValue />
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
  if (onEdit || onDelete) {
    columns.push({
      id: 'actions',
      header: '操作',
      align: 'end',
      nowrap: true,
      cell: (member) => (
        <RowEditDeleteActions
          name={staffName(member)}
          onEdit={onEdit && (() => onEdit(member))}
          onDelete={onDelete && (() => onDelete(member))}
        />
      ),
    });
  }
  return columns;
}
