import { EMPLOYMENT_TYPE_LABELS, STAFF_STATUS_LABELS, type TenantUser } from '@tsumiki/api-client';
import { DateField, Select, TagInput, Textarea, TextField } from '@tsumiki/ui';
import { toHalfWidthDigits } from '../../lib/kana';
import { FormSection } from '../forms/form-section';
import { useConvertingInput } from '../forms/use-converting-input';
import type { FormValues } from '../forms/use-form-values';
import {
  type EmploymentType,
  QUALIFICATION_MAX_LENGTH,
  QUALIFICATIONS_MAX,
  type StaffField,
  type StaffFormValues,
  type StaffMember,
  type StaffStatus,
} from './staff-form';

/** The staff form's values and messages, as its sections take them. */
export type StaffFormState = FormValues<StaffFormValues, StaffField>;

const EMPLOYMENT_OPTIONS = (Object.keys(EMPLOYMENT_TYPE_LABELS) as EmploymentType[]).map((value) => ({
  value,
  label: EMPLOYMENT_TYPE_LABELS[value],
}));
const STATUS_OPTIONS = (Object.keys(STAFF_STATUS_LABELS) as StaffStatus[]).map((value) => ({
  value,
  label: STAFF_STATUS_LABELS[value],
}));

/** 勤務: position, department, employment, status, hire date and qualifications. */
export function WorkSection({ form }: { form: StaffFormState }) {
  const { values, set } = form;
  return (
    <FormSection legend="勤務">
      <TextField {...form.text('position')} placeholder="例）看護師" />
      <TextField {...form.text('department')} placeholder="例）看護部" />
      <Select
        {...form.field('employment_type')}
        placeholder={false}
        options={EMPLOYMENT_OPTIONS}
        value={values.employment_type}
        onChange={(event) => set('employment_type', event.target.value as EmploymentType)}
      />
      <Select
        {...form.field('status')}
        placeholder={false}
        options={STATUS_OPTIONS}
        value={values.status}
        onChange={(event) => set('status', event.target.value as StaffStatus)}
      />
      <DateField
        {...form.field('hire_date')}
        value={values.hire_date || null}
        onValueChange={(value) => set('hire_date', value ?? '')}
      />
      <TagInput
        {...form.field('qualifications')}
        value={values.qualifications}
        onValueChange={(qualifications) => set('qualifications', qualifications)}
        maxTags={QUALIFICATIONS_MAX}
        maxTagLength={QUALIFICATION_MAX_LENGTH}
      />
    </FormSection>
  );
}

/** The tenant's users a staff member can be linked to, as the account select offers them. */
export interface AccountChoices {
  /** Whether the user may see the tenant's users (else the link is only shown). */
  mayList: boolean;
  users: readonly TenantUser[];
  failed: boolean;
}

/** 連絡先・アカウント: mail, phone, the login account and notes. */
export function ContactAccountSection({
  form,
  base,
  accounts,
}: {
  form: StaffFormState;
  base: StaffMember | null;
  accounts: AccountChoices;
}) {
  const phone = useConvertingInput(form.values.phone, (value) => form.set('phone', value), toHalfWidthDigits);
  const account = form.field('user_id');
  return (
    <FormSection
      legend="連絡先・アカウント"
      wide={<Textarea {...form.text('notes')} rows={3} maxLength={2000} />}
    >
      <TextField {...form.text('email')} type="email" inputMode="email" autoComplete="off" />
      <TextField {...form.field('phone')} type="tel" placeholder="例）03-1234-5678" {...phone} />
      {accounts.mayList ? (
        <Select
          {...form.text('user_id')}
          label="ログインアカウント"
          placeholder="なし"
          options={userOptions(accounts.users, form.values.user_id, base)}
          description={
            accounts.failed
              ? 'ユーザーの一覧を読み込めませんでした。'
              : 'このスタッフがログインに使うアカウント（テナントのユーザー）'
          }
        />
      ) : (
        <div className="grid gap-1.5" id={account.id} tabIndex={-1}>
          <span className="text-sm font-medium">ログインアカウント</span>
          <p className="text-sm">{base?.user_email ?? 'なし'}</p>
          <p className="text-xs text-muted-foreground">
            紐づけを変えるには、ユーザー管理を見る権限が必要です。
          </p>
        </div>
      )}
    </FormSection>
  );
}

function userOptions(users: AccountChoices['users'], selected: string, base: StaffMember | null) {
  const options = users.map((user) => ({
    value: user.id,
    label: user.full_name ? `${user.full_name}（${user.email}）` : user.email,
  }));
  // The current link stays selectable even when the list does not have it.
  if (selected && !options.some((option) => option.value === selected)) {
    options.unshift({ value: selected, label: base?.user_email ?? '（一覧にないユーザー）' });
  }
  return options;
}
