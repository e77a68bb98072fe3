import { TextField } from '@tsumiki/ui';
import { toFullWidthKatakana } from '../../lib/kana';
import { FormSection } from './form-section';
import { useConvertingInput } from './use-converting-input';
import type { FieldBinding, TextBinding } from './use-form-values';

type NameField = 'last_name' | 'first_name' | 'last_name_kana' | 'first_name_kana';

/** The part of a form (useFormValues) that holds a person's name. */
export interface PersonNameForm {
  values: Record<NameField, string>;
  field: (field: NameField) => FieldBinding;
  text: (field: NameField) => TextBinding;
  set: (field: NameField, value: string) => void;
}

export interface PersonNameSectionProps {
  form: PersonNameForm;
  /** `autocomplete` of 姓 and 名: the browser's own name for a person's own record, else 'off'. */
  autoComplete: { last: string; first: string };
  /** Examples in the フリガナ fields. */
  kanaPlaceholders: { last: string; first: string };
}

/** 氏名: 姓・名 and their フリガナ, which turns hiragana into katakana as it is typed. */
export function PersonNameSection({ form, autoComplete, kanaPlaceholders }: PersonNameSectionProps) {
  const lastNameKana = useConvertingInput(
    form.values.last_name_kana,
    (value) => form.set('last_name_kana', value),
    toFullWidthKatakana,
  );
  const firstNameKana = useConvertingInput(
    form.values.first_name_kana,
    (value) => form.set('first_name_kana', value),
    toFullWidthKatakana,
  );

  return (
    <FormSection legend="氏名">
      <TextField {...form.text('last_name')} required autoComplete={autoComplete.last} />
      <TextField {...form.text('first_name')} required autoComplete={autoComplete.first} />
      <TextField
        {...form.field('last_name_kana')}
        required
        placeholder={kanaPlaceholders.last}
        {...lastNameKana}
      />
      <TextField
        {...form.field('first_name_kana')}
        required
        placeholder={kanaPlaceholders.first}
        {...firstNameKana}
      />
    </FormSection>
  );
}
