import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  checkCustomerDuplicatesMutationOptions,
  createCustomerMutationOptions,
  customerAssigneesQueryOptions,
  customerKeys,
  updateCustomerMutationOptions,
} from '@tsumiki/api-client/react';
import { useRef, useState } from 'react';
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
import { CustomerConflictAlert, useCustomerConflict } from './customer-conflict';
import { CUSTOMER_FIELDS, type Customer, type CustomerField } from './customer-fields';
import {
  type CustomerFormValues,
  changedFields,
  customerUpdateBody,
  EMPTY_CUSTOMER,
  EMPTY_CUSTOMER_FORM,
  formValuesFromCustomer,
  toCustomerInput,
  validateCustomerForm,
} from './customer-form';
import { AddressSection, ContactSection, ManagementSection } from './customer-form-sections';
import { type DuplicateCandidate, duplicateDraftOf } from './duplicates/duplicate-text';
import { DuplicateWarning } from './duplicates/duplicate-warning';
import { PatientCardSection } from './patient-card-section';

export type CustomerFormMode = { kind: 'create' } | { kind: 'edit'; customer: Customer };

export interface CustomerFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: CustomerFormMode;
  /** After a successful save, with the saved customer. */
  onSaved?: (customer: Customer) => void;
}

const fieldId = fieldIdOf<CustomerField>('customer-form');

/** A registration stopped to show its likely duplicates first (not an error the form reports). */
class DuplicatesFound extends Error {}

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
      {(editor) => <CustomerForm mode={mode} editor={editor} onSaved={onSaved} />}
    </EditorDialog>
  );
}

function CustomerForm({
  mode,
  editor,
  onSaved,
}: {
  mode: CustomerFormMode;
  editor: EditorFormProps;
  onSaved?: (customer: Customer) => void;
}) {
  const { api, tenantId } = useTenantApi();
  const { can } = usePermissions();
  const queryClient = useQueryClient();
  const { base, conflict, resolveFailure, takeLatest, dismiss } = useCustomerConflict(
    mode.kind === 'edit' ? mode.customer : null,
  );

  const assignees = useQuery(customerAssigneesQueryOptions(api, tenantId));
  const create = useMutation({
    ...createCustomerMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });
  const update = useMutation({
    ...updateCustomerMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });
  // Before a registration, its likely duplicates (名寄せ); 「このまま登録する」 saves without asking again.
  const duplicateCheck = useMutation({
    ...checkCustomerDuplicatesMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });
  const [duplicates, setDuplicates] = useState<DuplicateCandidate[]>([]);
  const saveAnyway = useRef(false);
  const createAfterCheck = async (values: CustomerFormValues) => {
    const input = toCustomerInput(values);
    if (!saveAnyway.current) {
      // A check that fails does not stop the registration: it is a warning, never a gate.
      const found = await duplicateCheck.mutateAsync(duplicateDraftOf(input)).catch(() => null);
      if (found && found.candidates.length > 0) {
        setDuplicates(found.candidates);
        throw new DuplicatesFound();
      }
    }
    return create.mutateAsync(input);
  };

  const form = useEditorForm<CustomerFormValues, CustomerField, Customer>({
    fields: CUSTOMER_FIELDS,
    fieldId,
    label: fieldLabel,
    initialValues: () => (mode.kind === 'edit' ? formValuesFromCustomer(mode.customer) : EMPTY_CUSTOMER_FORM),
    validate: validateCustomerForm,
    editor,
    onSaved,
    base,
    isDirty: (values) =>
      base === null
        ? changedFields(EMPTY_CUSTOMER, values).length > 0
        : changedFields(base, values).length > 0 || conflict !== null,
    saving: create.isPending || update.isPending || duplicateCheck.isPending,
    create: createAfterCheck,
    update: async (current, values) => {
      const body = customerUpdateBody(current, values);
      if (body === null) {
        dismiss();
        return null;
      }
      const customer = await update.mutateAsync({ id: current.id, body });
      queryClient.setQueryData(customerKeys.detail(tenantId, customer.id), customer);
      return customer;
    },
    toasts: {
      created: (customer) => ({
        title: '顧客を登録しました',
        description: `${customer.last_name} ${customer.first_name}`,
        variant: 'success',
      }),
      updated: () => ({ title: '顧客情報を保存しました', variant: 'success' }),
    },
    failure: {
      deletedMessage:
        'この顧客はほかの人が削除したため保存できませんでした。入力内容はこのまま残っています。',
    },
    resolveFailure: (error, submitted, values) =>
      error instanceof DuplicatesFound ? values : resolveFailure(error, submitted, values),
  });

  const assigneeList = assignees.data?.assignees ?? [];

  return (
    <ImeSafeForm
      aria-label={base === null ? '顧客の登録' : '顧客情報の編集'}
      onSubmit={(event) => void form.submit(event)}
      className="grid gap-5"
    >
      {conflict && (
        <CustomerConflictAlert
          conflict={conflict}
          assigneeName={(id) => assigneeList.find((a) => a.user_id === id)?.name}
          overwriting={update.isPending}
          saving={form.saving}
          onOverwrite={() => void form.submit()}
          onLoadLatest={() => {
            const latest = takeLatest();
            if (latest) form.reset(latest);
          }}
        />
      )}
      <PersonNameSection
        form={form}
        autoComplete={{ last: 'family-name', first: 'given-name' }}
        kanaPlaceholders={{ last: '例）サトウ', first: '例）ハナコ' }}
      />
      <PatientCardSection
        form={form}
        canChooseNumber={can('settings.manage')}
        creating={mode.kind === 'create'}
      />
      <ContactSection form={form} />
      <AddressSection
        form={form}
        savedPostalCode={mode.kind === 'edit' ? mode.customer.postal_code : undefined}
      />
      <ManagementSection
        form={form}
        assignees={assigneeList}
        assigneesFailed={assignees.isError}
        base={base}
      />
      {duplicates.length > 0 && (
        <DuplicateWarning
          candidates={duplicates}
          saving={form.saving}
          onSaveAnyway={() => {
            saveAnyway.current = true;
            void form.submit();
          }}
        />
      )}
      <FormFailure message={form.failure} />
      <FormFooter kind={mode.kind} saving={form.saving} onCancel={editor.onCancel} />
    </ImeSafeForm>
  );
}
