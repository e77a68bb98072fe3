import { useMutation, useQuery } from '@tanstack/react-query';
import {
  createStaffMutationOptions,
  tenantUsersQueryOptions,
  updateStaffMutationOptions,
} from '@tsumiki/api-client/react';
import { useTenantApi } from '../../app/use-tenant-api';
import { usePermissions } from '../access/permissions';
import { EditorDialog, type EditorFormProps } from '../forms/editor-dialog';
import { fieldLabel } from '../forms/field-rules';
import { FormFailure } from '../forms/form-failure';
import { fieldIdOf } from '../forms/form-fields';
import { FormFooter } from '../forms/form-footer';
import { ImeSafeForm } from '../forms/ime-safe-form';
import { PersonNameSection } from '../forms/person-name-section';
import { useEditorForm } from '../forms/use-editor-form';
import {
  changedStaffFields,
  EMPTY_STAFF_FORM,
  formValuesFromStaff,
  STAFF_FIELDS,
  type StaffField,
  type StaffFormValues,
  type StaffMember,
  staffUpdateBody,
  toStaffInput,
  validateStaffForm,
} from './staff-form';
import { ContactAccountSection, WorkSection } from './staff-form-sections';
import { staffName } from './staff-list-state';

export type StaffFormMode = { kind: 'create' } | { kind: 'edit'; staff: StaffMember };

export interface StaffFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: StaffFormMode;
  onSaved?: (staff: StaffMember) => void;
}

/** Labels the contract has no title for. */
const STATUS_LABEL = '在籍状況';

const labelOf = (field: StaffField) => (field === 'status' ? STATUS_LABEL : fieldLabel(field));

const fieldId = fieldIdOf<StaffField>('staff-form');

/** スタッフの登録・編集ダイアログ。未保存の入力があれば閉じる前に確認し、エラーでも入力は残す。 */
export function StaffFormDialog({ open, onOpenChange, mode, onSaved }: StaffFormDialogProps) {
  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      title={mode.kind === 'create' ? 'スタッフを登録' : 'スタッフ情報を編集'}
      description="「必須」の項目は入力が必要です。フリガナはひらがなで入力してもカタカナになります。"
      testId="staff-form-dialog"
      initialFocusId={fieldId('last_name')}
    >
      {(editor) => <StaffForm mode={mode} editor={editor} onSaved={onSaved} />}
    </EditorDialog>
  );
}

function StaffForm({
  mode,
  editor,
  onSaved,
}: {
  mode: StaffFormMode;
  editor: EditorFormProps;
  onSaved?: (staff: StaffMember) => void;
}) {
  const { api, tenantId } = useTenantApi();
  const { can } = usePermissions();
  const base = mode.kind === 'edit' ? mode.staff : null;

  // The accounts to link to: only for those who may see the tenant's users.
  const mayListUsers = can('tenant_users.read');
  const users = useQuery({
    ...tenantUsersQueryOptions(api, tenantId, { limit: 100 }),
    enabled: mayListUsers,
  });
  const create = useMutation({
    ...createStaffMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });
  const update = useMutation({
    ...updateStaffMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });

  const form = useEditorForm<StaffFormValues, StaffField, StaffMember>({
    fields: STAFF_FIELDS,
    fieldId,
    label: labelOf,
    initialValues: () => (base ? formValuesFromStaff(base) : EMPTY_STAFF_FORM),
    validate: validateStaffForm,
    editor,
    onSaved,
    base,
    isDirty: (values) => changedStaffFields(base ?? emptyStaff, values).length > 0,
    saving: create.isPending || update.isPending,
    create: (values) => create.mutateAsync(toStaffInput(values)),
    update: async (current, values) => {
      const body = staffUpdateBody(current, values);
      return body === null ? null : update.mutateAsync({ id: current.id, body });
    },
    toasts: {
      created: (staff) => ({
        title: 'スタッフを登録しました',
        description: staffName(staff),
        variant: 'success',
      }),
      updated: (staff) => ({
        title: 'スタッフ情報を保存しました',
        description: staffName(staff),
        variant: 'success',
      }),
    },
    failure: {
      // A 409 here: the chosen account is already another staff member's.
      conflictField: 'user_id',
      deletedMessage:
        'このスタッフはほかの人が削除したため保存できませんでした。入力内容はこのまま残っています。',
    },
  });

  return (
    <ImeSafeForm
      aria-label={base === null ? 'スタッフの登録' : 'スタッフ情報の編集'}
      onSubmit={(event) => void form.submit(event)}
      className="grid gap-5"
    >
      <PersonNameSection
        form={form}
        autoComplete={{ last: 'off', first: 'off' }}
        kanaPlaceholders={{ last: '例）ヤマダ', first: '例）ハナコ' }}
      />
      <WorkSection form={form} />
      <ContactAccountSection
        form={form}
        base={base}
        accounts={{ mayList: mayListUsers, users: users.data?.users ?? [], failed: users.isError }}
      />
      <FormFailure message={form.failure} />
      <FormFooter kind={mode.kind} saving={form.saving} onCancel={editor.onCancel} />
    </ImeSafeForm>
  );
}

/** A staff member with nothing filled in, to tell whether a new form was touched. */
const emptyStaff: StaffMember = {
  id: '',
  last_name: '',
  first_name: '',
  last_name_kana: '',
  first_name_kana: '',
  email: null,
  phone: null,
  department: null,
  position: null,
  employment_type: 'full_time',
  status: 'active',
  hire_date: null,
  qualifications: [],
  user_id: null,
  user_email: null,
  notes: null,
  created_at: '',
  updated_at: '',
};
