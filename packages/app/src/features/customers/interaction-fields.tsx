import { isApiError } from '@tsumiki/api-client';
import { Select, Textarea, TextField } from '@tsumiki/ui';
import { type RefObject, useRef, useState } from 'react';
import { characterCount, fieldLabel, fieldMessages } from '../forms/field-rules';
import {
  INTERACTION_TYPE_LABELS,
  INTERACTION_TYPES,
  type Interaction,
  type InteractionType,
} from './customer-fields';
import { type ProductChoice, ProductPicker } from './product-picker';

type FieldName = 'type' | 'summary' | 'content' | 'product_ids';
export type InteractionErrors = Partial<Record<FieldName, string>>;

export interface InteractionValues {
  type: InteractionType;
  summary: string;
  content: string;
  products: ProductChoice[];
}

const EMPTY: InteractionValues = { type: 'call', summary: '', content: '', products: [] };

/** What an interaction says, as the form edits it. */
export function interactionValues(interaction: Interaction): InteractionValues {
  return {
    type: interaction.type,
    summary: interaction.summary ?? '',
    content: interaction.content,
    products: interaction.products,
  };
}

/** What an interaction says, as the API takes it (trimmed; an empty summary is none). */
export function interactionBody({ type, summary, content, products }: InteractionValues) {
  return {
    type,
    summary: summary.trim() || null,
    content: content.trim(),
    product_ids: products.map((product) => product.id),
  };
}

/**
 * The state of an interaction's fields, for recording one and for correcting one: the values,
 * the checks the contract makes (said before sending), and the server's refusal put on its fields.
 */
export function useInteractionFields(initial: InteractionValues = EMPTY) {
  const [values, setValues] = useState<InteractionValues>(initial);
  const [errors, setErrors] = useState<InteractionErrors>({});
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const summaryRef = useRef<HTMLInputElement>(null);

  const change = <Field extends keyof InteractionValues>(field: Field, value: InteractionValues[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    const key: FieldName = field === 'products' ? 'product_ids' : field;
    setErrors(({ [key]: _, ...rest }) => rest);
  };

  /** Says what must change before sending, and focuses the first field; false when it must. */
  const check = (): boolean => {
    const next: InteractionErrors = {};
    if (values.content.trim() === '') next.content = fieldMessages.required;
    else if (characterCount(values.content) > 10000) next.content = fieldMessages.maxLength(10000);
    if (characterCount(values.summary.trim()) > 200) next.summary = fieldMessages.maxLength(200);
    setErrors(next);
    if (next.summary) summaryRef.current?.focus();
    else if (next.content) contentRef.current?.focus();
    return Object.keys(next).length === 0;
  };

  /**
   * Puts a 422's messages on their fields; returns the lines of the others (null when the error
   * is not a refusal of the input).
   */
  const refusal = (error: unknown): string[] | null => {
    if (!isApiError(error) || error.status !== 422 || error.validationErrors.length === 0) return null;
    const byField: InteractionErrors = {};
    const others: string[] = [];
    for (const entry of error.validationErrors) {
      if (
        entry.field === 'type' ||
        entry.field === 'summary' ||
        entry.field === 'content' ||
        entry.field === 'product_ids'
      )
        byField[entry.field] ??= entry.message;
      else others.push(`${fieldLabel(entry.field)}: ${entry.message}`);
    }
    setErrors(byField);
    return others;
  };

  /**
   * What to say above the buttons after a save failed (null when the fields say it all): the
   * refusals without a field, or why it failed and that the input stays.
   */
  const failureOf = (error: unknown, fallback: string): string | null => {
    const others = refusal(error);
    if (others) return others.length > 0 ? others.join('\n') : null;
    return `${error instanceof Error ? error.message : fallback} 入力内容はこのまま残っています。`;
  };

  const reset = (next: InteractionValues = EMPTY) => {
    setValues(next);
    setErrors({});
  };

  return { values, errors, change, check, refusal, failureOf, reset, contentRef, summaryRef };
}

export type InteractionFieldsState = ReturnType<typeof useInteractionFields>;

/**
 * 種類・要約・内容・商品: the fields of an interaction, laid out as the timeline's form has them.
 * `idPrefix` names the fields' elements (`<prefix>-content` …) where a dialog focuses one.
 */
export function InteractionFields({
  fields,
  idPrefix,
}: {
  fields: InteractionFieldsState;
  idPrefix?: string;
}) {
  const { values, errors, change } = fields;
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)]">
        <Select
          label={fieldLabel('type')}
          required
          placeholder={false}
          options={INTERACTION_TYPES.map((value) => ({ value, label: INTERACTION_TYPE_LABELS[value] }))}
          value={values.type}
          onChange={(event) => change('type', event.target.value as InteractionType)}
          error={errors.type}
        />
        <TextField
          ref={fields.summaryRef as RefObject<HTMLInputElement>}
          {...(idPrefix ? { id: `${idPrefix}-summary` } : {})}
          label={fieldLabel('summary')}
          placeholder="例）検査結果の説明"
          value={values.summary}
          onChange={(event) => change('summary', event.target.value)}
          error={errors.summary}
        />
      </div>
      <Textarea
        ref={fields.contentRef as RefObject<HTMLTextAreaElement>}
        {...(idPrefix ? { id: `${idPrefix}-content` } : {})}
        label={fieldLabel('content')}
        required
        rows={3}
        maxLength={10000}
        showCount={false}
        placeholder="対応の内容を入力してください（改行できます）"
        value={values.content}
        onChange={(event) => change('content', event.target.value)}
        error={errors.content}
      />
      <ProductPicker
        selected={values.products}
        onChange={(products) => change('products', products)}
        error={errors.product_ids}
      />
    </>
  );
}
