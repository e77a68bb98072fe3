import { Select, TextField } from '@tsumiki/ui';
import { toHalfWidthDigits } from '../../lib/kana';
import { FormSection } from '../forms/form-section';
import { useConvertingInput } from '../forms/use-converting-input';
import type { CustomerFormState } from './customer-form-sections';
import { birthDatePreview, GENDER_OPTIONS, patientNumberText } from './patient-card';

/**
 * 診察券: the number (typed only by admins; otherwise given on save and shown), the birth date
 * in 西暦 or 和暦 with what it will be saved as, and the gender.
 */
export function PatientCardSection({
  form,
  canChooseNumber,
  creating,
}: {
  form: CustomerFormState;
  canChooseNumber: boolean;
  creating: boolean;
}) {
  const number = useConvertingInput(
    form.values.patient_number,
    (value) => form.set('patient_number', value),
    patientNumberText,
  );
  const birth = useConvertingInput(
    form.values.birth_date,
    (value) => form.set('birth_date', value),
    toHalfWidthDigits,
  );
  const preview = birthDatePreview(form.values.birth_date);
  const numberField = form.field('patient_number');
  return (
    <FormSection legend="診察券">
      {canChooseNumber ? (
        <TextField
          {...numberField}
          {...number}
          autoComplete="off"
          spellCheck={false}
          placeholder={creating ? '空欄なら自動で付きます' : undefined}
          description="管理者だけが指定・変更できます"
        />
      ) : (
        <TextField
          {...numberField}
          value={creating ? '' : form.values.patient_number}
          readOnly
          placeholder={creating ? '登録すると自動で付きます' : undefined}
        />
      )}
      <div className="grid gap-1.5">
        <TextField
          {...form.field('birth_date')}
          {...birth}
          autoComplete="bday"
          placeholder="例）S55.4.1、昭和55年4月1日、1980/4/1"
          aria-describedby="customer-form-birth-date-preview"
        />
        <p
          id="customer-form-birth-date-preview"
          aria-live="polite"
          data-testid="birth-date-preview"
          className="min-h-4 text-xs text-muted-foreground"
        >
          {preview?.ok ? preview.text : ''}
        </p>
      </div>
      <Select {...form.text('gender')} placeholder="未選択" options={GENDER_OPTIONS} />
    </FormSection>
  );
}
