import { useMutation, useQuery } from '@tanstack/react-query';
import { EMPLOYMENT_TYPE_LABELS, isApiError, STAFF_STATUS_LABELS } from '@tsumiki/api-client';
import {
  createStaffMutationOptions,
  tenantUsersQueryOptions,
  updateStaffMutationOptions,
} from '@tsumiki/api-client/react';
import { DateField, isImeComposing, Select, TagInput, Textarea, TextField } from '@tsumiki/ui';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useToast } from '../../app/toasts';
import { usePermissions } from '../access/permissions';
import { fieldLabel } from '../customers/customer-contract';
import { toFullWidthKatakana, toHalfWidthDigits } from '../customers/kana';
import { useConvertingInput } from '../customers/use-converting-input';
import { useTenantApi } from '../customers/use-tenant-api';
import { EditorDialog } from '../forms/editor-dialog';
import { FormFailure, ValidationErrorList } from '../forms/form-failure';
import { fieldIdOf, focusField, splitValidationErrors } from '../forms/form-fields';
import { FormFooter } from '../forms/form-footer';
import {
  changedStaffFields,
  EMPTY_STAFF_FORM,
  type EmploymentType,
  formValuesFromStaff,
  QUALIFICATION_MAX_LENGTH,
  QUALIFICATIONS_MAX,
  STAFF_FIELDS,
  type StaffField,
  type StaffFormErrors,
  type StaffFormValues,
  type StaffMember,
  type StaffStatus,
  staffUpdateBody,
  toStaffInput,
  validateStaffForm,
} from './staff-form';
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
      {(form) => (
        <StaffForm
          mode={mode}
          onDirtyChange={form.onDirtyChange}
          onCancel={form.onCancel}
          onSaved={(staff) => {
            form.onSaved();
            onSaved?.(staff);
          }}
        />
      )}
    </EditorDialog>
  );
}

const EMPLOYMENT_OPTIONS = (Object.keys(EMPLOYMENT_TYPE_LABELS) as EmploymentType[]).map((value) => ({
  value,
  label: EMPLOYMENT_TYPE_LABELS[value],
}));
const STATUS_OPTIONS = (Object.keys(STAFF_STATUS_LABELS) as StaffStatus[]).map((value) => ({
  value,
  label: STAFF_STATUS_LABELS[value],
}));

function StaffForm({
  mode,
  onDirtyChange,
  onCancel,
  onSaved,
}: {
  mode: StaffFormMode;
  onDirtyChange: (dirty: boolean) => void;
  onCancel: () => void;
  onSaved: (staff: StaffMember) => void;
}) {
  const { api, tenantId } = useTenantApi();
  const { can } = usePermissions();
  const { toast } = useToast();
  const base = mode.kind === 'edit' ? mode.staff : null;
  const [values, setValues] = useState<StaffFormValues>(() =>
    base ? formValuesFromStaff(base) : EMPTY_STAFF_FORM,
  );
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<StaffFormErrors>({});
  const [failure, setFailure] = useState<ReactNode>(null);

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
  const saving = create.isPending || update.isPending;

  const clientErrors = checked ? validateStaffForm(values) : {};
  const errorOf = (field: StaffField) => clientErrors[field] ?? serverErrors[field];

  const dirty = changedStaffFields(base ?? emptyStaff, values).length > 0;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const set = <K extends keyof StaffFormValues>(field: K, value: StaffFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _removed, ...rest } = current;
      return rest;
    });
  };

  const lastNameKana = useConvertingInput(
    values.last_name_kana,
    (value) => set('last_name_kana', value),
    toFullWidthKatakana,
  );
  const firstNameKana = useConvertingInput(
    values.first_name_kana,
    (value) => set('first_name_kana', value),
    toFullWidthKatakana,
  );
  const phone = useConvertingInput(values.phone, (value) => set('phone', value), toHalfWidthDigits);

  const handleFailure = (error: unknown) => {
    if (!isApiError(error)) {
      setFailure('保存できませんでした。入力内容はこのまま残っています。もう一度お試しください。');
      return;
    }
    if (error.status === 422 && error.validationErrors.length > 0) {
      const { byField, others, first } = splitValidationErrors(STAFF_FIELDS, error.validationErrors);
      setServerErrors(byField);
      if (others.length > 0) setFailure(<ValidationErrorList entries={others} />);
      else if (first) focusField(fieldId(first));
      return;
    }
    if (error.status === 409) {
      // The chosen account is already another staff member's.
      setServerErrors({ user_id: error.message });
      focusField(fieldId('user_id'));
      return;
    }
    if (error.status === 404 && base) {
      setFailure(
        'このスタッフはほかの人が削除したため保存できませんでした。入力内容はこのまま残っています。',
      );
      return;
    }
    setFailure(`${error.message} 入力内容はこのまま残っています。もう一度お試しください。`);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setFailure(null);
    setChecked(true);
    const firstInvalid = STAFF_FIELDS.find((field) => validateStaffForm(values)[field]);
    if (firstInvalid) {
      focusField(fieldId(firstInvalid));
      return;
    }
    try {
      if (base === null) {
        const staff = await create.mutateAsync(toStaffInput(values));
        toast({ title: 'スタッフを登録しました', description: staffName(staff), variant: 'success' });
        onSaved(staff);
        return;
      }
      const body = staffUpdateBody(base, values);
      if (body === null) {
        toast({ title: '変更はありません', variant: 'info' });
        onSaved(base);
        return;
      }
      const staff = await update.mutateAsync({ id: base.id, body });
      toast({ title: 'スタッフ情報を保存しました', description: staffName(staff), variant: 'success' });
      onSaved(staff);
    } catch (error) {
      handleFailure(error);
    }
  };

  const userOptions = (users.data?.users ?? []).map((user) => ({
    value: user.id,
    label: user.full_name ? `${user.full_name}（${user.email}）` : user.email,
  }));
  // The current link stays selectable even when the list does not have it.
  if (values.user_id && !userOptions.some((option) => option.value === values.user_id)) {
    userOptions.unshift({ value: values.user_id, label: base?.user_email ?? '（一覧にないユーザー）' });
  }

  return (
    <form
      noValidate
      aria-label={base === null ? 'スタッフの登録' : 'スタッフ情報の編集'}
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && isImeComposing(event)) event.preventDefault();
      }}
      className="grid gap-5"
    >
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold text-muted-foreground">氏名</legend>
        <div className="grid items-start gap-3 sm:grid-cols-2">
          <TextField
            id={fieldId('last_name')}
            label={labelOf('last_name')}
            required
            autoComplete="off"
            value={values.last_name}
            onChange={(event) => set('last_name', event.target.value)}
            error={errorOf('last_name')}
          />
          <TextField
            id={fieldId('first_name')}
            label={labelOf('first_name')}
            required
            autoComplete="off"
            value={values.first_name}
            onChange={(event) => set('first_name', event.target.value)}
            error={errorOf('first_name')}
          />
          <TextField
            id={fieldId('last_name_kana')}
            label={labelOf('last_name_kana')}
            required
            placeholder="例）ヤマダ"
            {...lastNameKana}
            error={errorOf('last_name_kana')}
          />
          <TextField
            id={fieldId('first_name_kana')}
            label={labelOf('first_name_kana')}
            required
            placeholder="例）ハナコ"
            {...firstNameKana}
            error={errorOf('first_name_kana')}
          />
        </div>
      </fieldset>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold text-muted-foreground">勤務</legend>
        <div className="grid items-start gap-3 sm:grid-cols-2">
          <TextField
            id={fieldId('position')}
            label={labelOf('position')}
            placeholder="例）看護師"
            value={values.position}
            onChange={(event) => set('position', event.target.value)}
            error={errorOf('position')}
          />
          <TextField
            id={fieldId('department')}
            label={labelOf('department')}
            placeholder="例）看護部"
            value={values.department}
            onChange={(event) => set('department', event.target.value)}
            error={errorOf('department')}
          />
          <Select
            id={fieldId('employment_type')}
            label={labelOf('employment_type')}
            placeholder={false}
            options={EMPLOYMENT_OPTIONS}
            value={values.employment_type}
            onChange={(event) => set('employment_type', event.target.value as EmploymentType)}
            error={errorOf('employment_type')}
          />
          <Select
            id={fieldId('status')}
            label={labelOf('status')}
            placeholder={false}
            options={STATUS_OPTIONS}
            value={values.status}
            onChange={(event) => set('status', event.target.value as StaffStatus)}
            error={errorOf('status')}
          />
          <DateField
            id={fieldId('hire_date')}
            label={labelOf('hire_date')}
            value={values.hire_date || null}
            onValueChange={(value) => set('hire_date', value ?? '')}
            error={errorOf('hire_date')}
          />
          <TagInput
            id={fieldId('qualifications')}
            label={labelOf('qualifications')}
            value={values.qualifications}
            onValueChange={(qualifications) => set('qualifications', qualifications)}
            maxTags={QUALIFICATIONS_MAX}
            maxTagLength={QUALIFICATION_MAX_LENGTH}
            error={errorOf('qualifications')}
          />
        </div>
      </fieldset>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold text-muted-foreground">連絡先・アカウント</legend>
        <div className="grid items-start gap-3 sm:grid-cols-2">
          <TextField
            id={fieldId('email')}
            label={labelOf('email')}
            type="email"
            inputMode="email"
            autoComplete="off"
            value={values.email}
            onChange={(event) => set('email', event.target.value)}
            error={errorOf('email')}
          />
          <TextField
            id={fieldId('phone')}
            label={labelOf('phone')}
            type="tel"
            placeholder="例）03-1234-5678"
            {...phone}
            error={errorOf('phone')}
          />
          {mayListUsers ? (
            <Select
              id={fieldId('user_id')}
              label="ログインアカウント"
              placeholder="なし"
              options={userOptions}
              value={values.user_id}
              onChange={(event) => set('user_id', event.target.value)}
              description={
                users.isError
                  ? 'ユーザーの一覧を読み込めませんでした。'
                  : 'このスタッフがログインに使うアカウント（テナントのユーザー）'
              }
              error={errorOf('user_id')}
            />
          ) : (
            <div className="grid gap-1.5" id={fieldId('user_id')} tabIndex={-1}>
              <span className="text-sm font-medium">ログインアカウント</span>
              <p className="text-sm">{base?.user_email ?? 'なし'}</p>
              <p className="text-xs text-muted-foreground">
                紐づけを変えるには、ユーザー管理を見る権限が必要です。
              </p>
            </div>
          )}
        </div>
        <Textarea
          id={fieldId('notes')}
          label={labelOf('notes')}
          rows={3}
          maxLength={2000}
          value={values.notes}
          onChange={(event) => set('notes', event.target.value)}
          error={errorOf('notes')}
        />
      </fieldset>

      <FormFailure message={failure} />
      <FormFooter kind={mode.kind} saving={saving} onCancel={onCancel} />
    </form>
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
