import { Button, Select, TagInput, Textarea, TextField } from '@tsumiki/ui';
import { toFullWidthKatakana, toHalfWidthDigits } from '../../lib/kana';
import { FormSection } from '../forms/form-section';
import { useConvertingInput } from '../forms/use-converting-input';
import type { FormValues } from '../forms/use-form-values';
import { PREFECTURES } from './customer-contract';
import { type Customer, type CustomerAssignee, type CustomerField, NO_ASSIGNEE } from './customer-fields';
import { type CustomerFormValues, TAG_MAX_LENGTH, TAGS_MAX } from './customer-form';
import { usePostalLookup } from './use-postal-lookup';

/** The customer form's values and messages, as its sections take them. */
export type CustomerFormState = FormValues<CustomerFormValues, CustomerField>;

const PREFECTURE_OPTIONS = PREFECTURES.map((name) => ({ value: name, label: name }));

/** 勤務先・連絡先 */
export function ContactSection({ form }: { form: CustomerFormState }) {
  const companyKana = useConvertingInput(
    form.values.company_name_kana,
    (value) => form.set('company_name_kana', value),
    toFullWidthKatakana,
  );
  const phone = useConvertingInput(form.values.phone, (value) => form.set('phone', value), toHalfWidthDigits);
  return (
    <FormSection legend="勤務先・連絡先">
      <TextField {...form.text('company_name')} autoComplete="organization" />
      <TextField {...form.field('company_name_kana')} {...companyKana} />
      <TextField {...form.text('email')} type="email" autoComplete="email" inputMode="email" />
      <TextField
        {...form.field('phone')}
        type="tel"
        autoComplete="tel"
        placeholder="例）03-1234-5678"
        {...phone}
      />
    </FormSection>
  );
}

/** 住所, filled from the postal code as it is typed. */
export function AddressSection({
  form,
  savedPostalCode,
}: {
  form: CustomerFormState;
  savedPostalCode?: string | null;
}) {
  const lookup = usePostalLookup({ savedPostalCode, values: form.valuesRef, setValues: form.setValues });
  const postalCode = useConvertingInput(
    form.values.postal_code,
    (value) => {
      form.set('postal_code', value);
      lookup.lookUp(value);
    },
    toHalfWidthDigits,
  );
  const { postal } = lookup;

  return (
    <FormSection legend="住所">
      <div className="grid gap-1.5">
        <TextField
          {...form.field('postal_code')}
          type="text"
          inputMode="tel"
          autoComplete="postal-code"
          placeholder="例）150-0001"
          description="7 桁を入力すると住所を自動で入力します"
          aria-describedby="customer-form-postal-status"
          {...postalCode}
        />
        <p
          id="customer-form-postal-status"
          aria-live="polite"
          data-testid="postal-status"
          className="min-h-4 text-xs text-muted-foreground"
        >
          {lookup.hint}
        </p>
      </div>
      <Select
        {...form.text('prefecture')}
        autoComplete="address-level1"
        placeholder="未選択"
        options={PREFECTURE_OPTIONS}
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
                onClick={() => lookup.choose(address)}
              >
                {address.town || `${address.city}（町域なし）`}
              </Button>
            ))}
          </div>
        </fieldset>
      )}
      <TextField {...form.text('city')} autoComplete="address-level2" />
      <TextField
        {...form.text('address_line')}
        autoComplete="address-line1"
        placeholder="例）神宮前1-2-3 さくらビル 4階"
      />
    </FormSection>
  );
}

/** The assignees to choose from; the current one stays selectable even when the list lost them. */
export function assigneeOptions(
  assignees: readonly CustomerAssignee[],
  selected: string,
  base: Customer | null,
): { value: string; label: string }[] {
  const options = assignees.map((assignee) => ({ value: assignee.user_id, label: assignee.name }));
  if (selected && !options.some((option) => option.value === selected)) {
    const name = base?.assignee_user_id === selected ? base.assignee_name : null;
    options.unshift({ value: selected, label: name ?? '（一覧にない担当者）' });
  }
  return options;
}

/** 管理: tags, assignee and notes. */
export function ManagementSection({
  form,
  assignees,
  assigneesFailed,
  base,
}: {
  form: CustomerFormState;
  assignees: readonly CustomerAssignee[];
  assigneesFailed: boolean;
  base: Customer | null;
}) {
  return (
    <FormSection legend="管理" wide={<Textarea {...form.text('notes')} rows={4} maxLength={2000} />}>
      <TagInput
        {...form.field('tags')}
        value={form.values.tags}
        onValueChange={(tags) => form.set('tags', tags)}
        maxTags={TAGS_MAX}
        maxTagLength={TAG_MAX_LENGTH}
      />
      <Select
        {...form.text('assignee_user_id')}
        placeholder={NO_ASSIGNEE}
        options={assigneeOptions(assignees, form.values.assignee_user_id, base)}
        description={assigneesFailed ? '担当者の一覧を読み込めませんでした。' : undefined}
      />
    </FormSection>
  );
}
