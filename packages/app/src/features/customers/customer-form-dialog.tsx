import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@tsumiki/api-client';
import {
  createCustomerMutationOptions,
  customerAssigneesQueryOptions,
  customerKeys,
  postalCodeQueryOptions,
  updateCustomerMutationOptions,
} from '@tsumiki/api-client/react';
import { Alert, Button, isImeComposing, Select, TagInput, Textarea, TextField } from '@tsumiki/ui';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useToast } from '../../app/toasts';
import { EditorDialog } from '../forms/editor-dialog';
import { FormFailure, ValidationErrorList } from '../forms/form-failure';
import { fieldIdOf, focusField, splitValidationErrors } from '../forms/form-fields';
import { FormFooter } from '../forms/form-footer';
import { fieldLabel, PREFECTURES } from './customer-contract';
import { CUSTOMER_FIELDS, type Customer, type CustomerField, NO_ASSIGNEE } from './customer-fields';
import {
  type ConflictResolution,
  type CustomerFormErrors,
  type CustomerFormValues,
  changedFields,
  customerUpdateBody,
  describeStoredValue,
  EMPTY_CUSTOMER_FORM,
  formValuesFromCustomer,
  resolveConflict,
  TAG_MAX_LENGTH,
  TAGS_MAX,
  toCustomerInput,
  validateCustomerForm,
} from './customer-form';
import { postalCodeDigits, toFullWidthKatakana, toHalfWidthDigits } from './kana';
import { useConvertingInput } from './use-converting-input';
import { useTenantApi } from './use-tenant-api';

export type CustomerFormMode = { kind: 'create' } | { kind: 'edit'; customer: Customer };

export interface CustomerFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: CustomerFormMode;
  /** After a successful save, with the saved customer. */
  onSaved?: (customer: Customer) => void;
}

const fieldId = fieldIdOf<CustomerField>('customer-form');

/**
 * 顧客の登録・編集ダイアログ。閉じる前に未保存の入力があれば確認し、どんなエラーでも入力は残す。
 */
export function CustomerFormDialog({ open, onOpenChange, mode, onSaved }: CustomerFormDialogProps) {
  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      title={mode.kind === 'create' ? '顧客を登録' : '顧客情報を編集'}
      description="「必須」の項目は入力が必要です。フリガナはひらがなで入力してもカタカナになります。"
      testId="customer-form-dialog"
      initialFocusId={fieldId('last_name')}
    >
      {(form) => (
        <CustomerForm
          mode={mode}
          onDirtyChange={form.onDirtyChange}
          onCancel={form.onCancel}
          onSaved={(customer) => {
            form.onSaved();
            onSaved?.(customer);
          }}
        />
      )}
    </EditorDialog>
  );
}

type PostalAddress = { prefecture: string; city: string; town: string };
type PostalState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'filled'; address: PostalAddress }
  | { status: 'choose'; addresses: PostalAddress[] }
  | { status: 'notFound' }
  | { status: 'failed' };

type AddressField = 'prefecture' | 'city' | 'address_line';

function CustomerForm({
  mode,
  onDirtyChange,
  onCancel,
  onSaved,
}: {
  mode: CustomerFormMode;
  onDirtyChange: (dirty: boolean) => void;
  onCancel: () => void;
  onSaved: (customer: Customer) => void;
}) {
  const { api, tenantId } = useTenantApi();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [base, setBase] = useState<Customer | null>(mode.kind === 'edit' ? mode.customer : null);
  const [values, setValues] = useState<CustomerFormValues>(() =>
    mode.kind === 'edit' ? formValuesFromCustomer(mode.customer) : EMPTY_CUSTOMER_FORM,
  );
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<CustomerFormErrors>({});
  const [failure, setFailure] = useState<ReactNode>(null);
  const [conflict, setConflict] = useState<(ConflictResolution & { latest: Customer }) | null>(null);
  const conflictRef = useRef<HTMLDivElement>(null);
  const [postal, setPostal] = useState<PostalState>({ status: 'idle' });
  const autoFilled = useRef<Record<AddressField, string> | null>(null);
  const lastLookup = useRef<string | null>(
    mode.kind === 'edit' ? postalCodeDigits(mode.customer.postal_code ?? '') : null,
  );
  const lookupSequence = useRef(0);

  const assignees = useQuery(customerAssigneesQueryOptions(api, tenantId));
  const create = useMutation({
    ...createCustomerMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });
  const update = useMutation({
    ...updateCustomerMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });
  const saving = create.isPending || update.isPending;

  const clientErrors = checked ? validateCustomerForm(values) : {};
  const errorOf = (field: CustomerField) => clientErrors[field] ?? serverErrors[field];

  const dirty =
    base === null
      ? changedFields({ ...emptyCustomer, tags: [] }, values).length > 0
      : changedFields(base, values).length > 0 || conflict !== null;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  useEffect(() => {
    if (conflict) conflictRef.current?.focus();
  }, [conflict]);

  const set = <K extends keyof CustomerFormValues>(field: K, value: CustomerFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _removed, ...rest } = current;
      return rest;
    });
  };

  const fillAddress = (address: PostalAddress) => {
    const current = valuesRef.current;
    const previous = autoFilled.current;
    const next = { ...current };
    const fill = (field: AddressField, value: string) => {
      if (value === '') return;
      const existing = current[field].trim();
      // Only empty fields, or ones an earlier lookup filled and the user has not changed.
      if (existing === '' || (previous !== null && current[field] === previous[field])) next[field] = value;
    };
    fill('prefecture', address.prefecture);
    fill('city', address.city);
    fill('address_line', address.town);
    autoFilled.current = { prefecture: address.prefecture, city: address.city, address_line: address.town };
    setValues(next);
  };

  const lookUpPostalCode = (text: string) => {
    const digits = postalCodeDigits(text);
    if (digits === null) {
      lastLookup.current = null;
      lookupSequence.current += 1;
      setPostal({ status: 'idle' });
      return;
    }
    if (digits === lastLookup.current) return;
    lastLookup.current = digits;
    const sequence = ++lookupSequence.current;
    setPostal({ status: 'loading' });
    queryClient.fetchQuery({ ...postalCodeQueryOptions(api, digits), retry: false }).then(
      (result) => {
        if (sequence !== lookupSequence.current) return;
        const [first, ...others] = result.addresses;
        if (!first) return setPostal({ status: 'notFound' });
        if (others.length === 0) {
          fillAddress(first);
          return setPostal({ status: 'filled', address: first });
        }
        // Several towns share the code: fill what they have in common, let the user pick the town.
        if (others.every((a) => a.prefecture === first.prefecture && a.city === first.city)) {
          fillAddress({ ...first, town: '' });
        }
        setPostal({ status: 'choose', addresses: result.addresses });
      },
      (error: unknown) => {
        if (sequence !== lookupSequence.current) return;
        setPostal({ status: isApiError(error) && error.status === 404 ? 'notFound' : 'failed' });
      },
    );
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
  const companyKana = useConvertingInput(
    values.company_name_kana,
    (value) => set('company_name_kana', value),
    toFullWidthKatakana,
  );
  const phone = useConvertingInput(values.phone, (value) => set('phone', value), toHalfWidthDigits);
  const postalCode = useConvertingInput(
    values.postal_code,
    (value) => {
      set('postal_code', value);
      lookUpPostalCode(value);
    },
    toHalfWidthDigits,
  );

  const handleFailure = (error: unknown, submitted: Customer | null) => {
    if (isApiError(error)) {
      const latest = error.body.context?.current as Customer | undefined;
      if (error.status === 409 && error.code === 'RES_003' && latest && submitted) {
        const resolution = resolveConflict(submitted, latest, valuesRef.current);
        setValues(resolution.values);
        setBase(latest);
        setConflict({ ...resolution, latest });
        return;
      }
      if (error.status === 422 && error.validationErrors.length > 0) {
        const { byField, others, first } = splitValidationErrors(CUSTOMER_FIELDS, error.validationErrors);
        setServerErrors(byField);
        if (others.length > 0) setFailure(<ValidationErrorList entries={others} />);
        else if (first) focusField(fieldId(first));
        return;
      }
      if (error.status === 404 && submitted) {
        setFailure('この顧客はほかの人が削除したため保存できませんでした。入力内容はこのまま残っています。');
        return;
      }
      setFailure(`${error.message} 入力内容はこのまま残っています。もう一度お試しください。`);
      return;
    }
    setFailure('保存できませんでした。入力内容はこのまま残っています。もう一度お試しください。');
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (saving) return;
    setFailure(null);
    setChecked(true);
    const errors = validateCustomerForm(values);
    const firstInvalid = CUSTOMER_FIELDS.find((field) => errors[field]);
    if (firstInvalid) {
      focusField(fieldId(firstInvalid));
      return;
    }
    if (base === null) {
      try {
        const customer = await create.mutateAsync(toCustomerInput(values));
        toast({
          title: '顧客を登録しました',
          description: `${customer.last_name} ${customer.first_name}`,
          variant: 'success',
        });
        onSaved(customer);
      } catch (error) {
        handleFailure(error, null);
      }
      return;
    }
    const body = customerUpdateBody(base, values);
    if (body === null) {
      setConflict(null);
      toast({ title: '変更はありません', variant: 'info' });
      onSaved(base);
      return;
    }
    try {
      const customer = await update.mutateAsync({ id: base.id, body });
      queryClient.setQueryData(customerKeys.detail(tenantId, customer.id), customer);
      toast({ title: '顧客情報を保存しました', variant: 'success' });
      onSaved(customer);
    } catch (error) {
      handleFailure(error, base);
    }
  };

  const loadLatest = () => {
    if (!conflict) return;
    setValues(formValuesFromCustomer(conflict.latest));
    setBase(conflict.latest);
    setConflict(null);
    setServerErrors({});
    setChecked(false);
  };

  const assigneeName = (id: string) => assignees.data?.assignees.find((a) => a.user_id === id)?.name;
  const assigneeOptions = (assignees.data?.assignees ?? []).map((assignee) => ({
    value: assignee.user_id,
    label: assignee.name,
  }));
  // Keep the current assignee selectable even if they are no longer in the list.
  if (values.assignee_user_id && !assigneeOptions.some((o) => o.value === values.assignee_user_id)) {
    const name = base?.assignee_user_id === values.assignee_user_id ? base.assignee_name : null;
    assigneeOptions.unshift({ value: values.assignee_user_id, label: name ?? '（一覧にない担当者）' });
  }

  const postalHint = postalHintText(postal);

  return (
    <form
      noValidate
      aria-label={base === null ? '顧客の登録' : '顧客情報の編集'}
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        // The Enter that confirms an IME conversion must never submit.
        if (event.key === 'Enter' && isImeComposing(event)) event.preventDefault();
      }}
      className="grid gap-5"
    >
      {conflict && (
        <div ref={conflictRef} tabIndex={-1} className="outline-none" data-testid="customer-conflict">
          <Alert
            variant="warning"
            title="ほかの人がこの顧客を先に更新しました"
            description="あなたの入力はそのまま残っています。違いを確かめて、どちらを残すか選んでください。"
          >
            {conflict.conflicts.length > 0 ? (
              <dl className="mt-2 grid gap-2">
                {conflict.conflicts.map((item) => (
                  <div key={item.field} className="grid gap-0.5 rounded-md bg-surface/70 p-2 text-foreground">
                    <dt className="font-semibold">{item.label}</dt>
                    <dd className="break-words">
                      <span className="text-muted-foreground">ほかの人: </span>
                      {describeStoredValue(item.field, item.theirs, assigneeName)}
                    </dd>
                    <dd className="break-words">
                      <span className="text-muted-foreground">あなた: </span>
                      {describeStoredValue(item.field, item.yours, assigneeName)}
                    </dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p className="mt-1">あなたが変えた項目とほかの人の更新は重なっていません。</p>
            )}
            {conflict.takenFromLatest.length > 0 && (
              <p className="mt-2">
                ほかの人が変えた次の項目は最新の内容にしました:{' '}
                {conflict.takenFromLatest.map(fieldLabel).join('、')}
              </p>
            )}
            <div className="mt-3 flex flex-col gap-2 sm:flex-row">
              <Button type="button" size="sm" loading={update.isPending} onClick={() => void submit()}>
                自分の内容で上書き
              </Button>
              <Button type="button" size="sm" variant="outline" disabled={saving} onClick={loadLatest}>
                最新の内容を読み込む
              </Button>
            </div>
          </Alert>
        </div>
      )}

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold text-muted-foreground">氏名</legend>
        <div className="grid items-start gap-3 sm:grid-cols-2">
          <TextField
            id={fieldId('last_name')}
            label={fieldLabel('last_name')}
            required
            autoComplete="family-name"
            value={values.last_name}
            onChange={(event) => set('last_name', event.target.value)}
            error={errorOf('last_name')}
          />
          <TextField
            id={fieldId('first_name')}
            label={fieldLabel('first_name')}
            required
            autoComplete="given-name"
            value={values.first_name}
            onChange={(event) => set('first_name', event.target.value)}
            error={errorOf('first_name')}
          />
          <TextField
            id={fieldId('last_name_kana')}
            label={fieldLabel('last_name_kana')}
            required
            placeholder="例）サトウ"
            {...lastNameKana}
            error={errorOf('last_name_kana')}
          />
          <TextField
            id={fieldId('first_name_kana')}
            label={fieldLabel('first_name_kana')}
            required
            placeholder="例）ハナコ"
            {...firstNameKana}
            error={errorOf('first_name_kana')}
          />
        </div>
      </fieldset>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold text-muted-foreground">勤務先・連絡先</legend>
        <div className="grid items-start gap-3 sm:grid-cols-2">
          <TextField
            id={fieldId('company_name')}
            label={fieldLabel('company_name')}
            autoComplete="organization"
            value={values.company_name}
            onChange={(event) => set('company_name', event.target.value)}
            error={errorOf('company_name')}
          />
          <TextField
            id={fieldId('company_name_kana')}
            label={fieldLabel('company_name_kana')}
            {...companyKana}
            error={errorOf('company_name_kana')}
          />
          <TextField
            id={fieldId('email')}
            label={fieldLabel('email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            value={values.email}
            onChange={(event) => set('email', event.target.value)}
            error={errorOf('email')}
          />
          <TextField
            id={fieldId('phone')}
            label={fieldLabel('phone')}
            type="tel"
            autoComplete="tel"
            placeholder="例）03-1234-5678"
            {...phone}
            error={errorOf('phone')}
          />
        </div>
      </fieldset>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold text-muted-foreground">住所</legend>
        <div className="grid items-start gap-3 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <TextField
              id={fieldId('postal_code')}
              label={fieldLabel('postal_code')}
              type="text"
              inputMode="tel"
              autoComplete="postal-code"
              placeholder="例）150-0001"
              description="7 桁を入力すると住所を自動で入力します"
              aria-describedby="customer-form-postal-status"
              {...postalCode}
              error={errorOf('postal_code')}
            />
            <p
              id="customer-form-postal-status"
              aria-live="polite"
              data-testid="postal-status"
              className="min-h-4 text-xs text-muted-foreground"
            >
              {postalHint}
            </p>
          </div>
          <Select
            id={fieldId('prefecture')}
            label={fieldLabel('prefecture')}
            autoComplete="address-level1"
            placeholder="未選択"
            options={PREFECTURES.map((name) => ({ value: name, label: name }))}
            value={values.prefecture}
            onChange={(event) => set('prefecture', event.target.value)}
            error={errorOf('prefecture')}
          />
          {postal.status === 'choose' && (
            <fieldset className="grid gap-2 rounded-md border border-border p-3 sm:col-span-2">
              <legend className="px-1 text-sm font-medium">町域を選んでください</legend>
              <div className="flex flex-wrap gap-2">
                {postal.addresses.map((address) => (
                  <Button
                    key={`${address.prefecture}${address.city}${address.town}`}
                    type="button"
                    variant="outline"
                    size="sm"
                    onClick={() => {
                      fillAddress(address);
                      setPostal({ status: 'filled', address });
                    }}
                  >
                    {address.town || `${address.city}（町域なし）`}
                  </Button>
                ))}
              </div>
            </fieldset>
          )}
          <TextField
            id={fieldId('city')}
            label={fieldLabel('city')}
            autoComplete="address-level2"
            value={values.city}
            onChange={(event) => set('city', event.target.value)}
            error={errorOf('city')}
          />
          <TextField
            id={fieldId('address_line')}
            label={fieldLabel('address_line')}
            autoComplete="address-line1"
            placeholder="例）神宮前1-2-3 さくらビル 4階"
            value={values.address_line}
            onChange={(event) => set('address_line', event.target.value)}
            error={errorOf('address_line')}
          />
        </div>
      </fieldset>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold text-muted-foreground">管理</legend>
        <div className="grid items-start gap-3 sm:grid-cols-2">
          <TagInput
            id={fieldId('tags')}
            label={fieldLabel('tags')}
            value={values.tags}
            onValueChange={(tags) => set('tags', tags)}
            maxTags={TAGS_MAX}
            maxTagLength={TAG_MAX_LENGTH}
            error={errorOf('tags')}
          />
          <Select
            id={fieldId('assignee_user_id')}
            label={fieldLabel('assignee_user_id')}
            placeholder={NO_ASSIGNEE}
            options={assigneeOptions}
            value={values.assignee_user_id}
            onChange={(event) => set('assignee_user_id', event.target.value)}
            description={assignees.isError ? '担当者の一覧を読み込めませんでした。' : undefined}
            error={errorOf('assignee_user_id')}
          />
        </div>
        <Textarea
          id={fieldId('notes')}
          label={fieldLabel('notes')}
          rows={4}
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

/** A customer with nothing filled in, to tell whether a new form was touched. */
const emptyCustomer: Customer = {
  id: '',
  last_name: '',
  first_name: '',
  last_name_kana: '',
  first_name_kana: '',
  company_name: null,
  company_name_kana: null,
  email: null,
  phone: null,
  postal_code: null,
  prefecture: null,
  city: null,
  address_line: null,
  tags: [],
  assignee_user_id: null,
  assignee_name: null,
  notes: null,
  version: 1,
  created_by: null,
  updated_by: null,
  created_at: '',
  updated_at: '',
  deleted_at: null,
};

function postalHintText(state: PostalState): string {
  switch (state.status) {
    case 'loading':
      return '住所を調べています…';
    case 'filled': {
      const { prefecture, city, town } = state.address;
      return `住所を入力しました: ${prefecture} ${city} ${town}`.trim();
    }
    case 'choose':
      return `この郵便番号には ${state.addresses.length} つの町域があります。下から選んでください。`;
    case 'notFound':
      return 'この郵便番号の住所は見つかりませんでした。住所を直接入力してください。';
    case 'failed':
      return '住所を自動で入力できませんでした。住所を直接入力してください。';
    default:
      return '';
  }
}
