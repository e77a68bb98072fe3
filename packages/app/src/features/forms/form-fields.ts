import type { ValidationErrorEntry } from '@tsumiki/api-client';

/**
 * The element ids of a form's fields, one prefix a form:
 * `fieldIdOf<CustomerField>('customer-form')('last_name')` → `customer-form-last_name`.
 */
export function fieldIdOf<F extends string>(prefix: string): (field: F) => string {
  return (field) => `${prefix}-${field}`;
}

/** Focuses the field with this element id and scrolls it to the middle of the view. */
export function focusField(id: string): void {
  const element = document.getElementById(id);
  element?.focus();
  element?.scrollIntoView?.({ block: 'center' });
}

/** A server validation entry's field (`tags.0` → `tags`) when the form has it. */
export function formFieldOf<F extends string>(fields: readonly F[], entry: ValidationErrorEntry): F | null {
  const key = entry.field.split('.')[0] ?? '';
  return (fields as readonly string[]).includes(key) ? (key as F) : null;
}

/**
 * A 422's validation errors, split into the messages the form shows at its fields (the first one
 * a field), those it has no field for, and the first field with a message in the form's order.
 */
export function splitValidationErrors<F extends string>(
  fields: readonly F[],
  entries: readonly ValidationErrorEntry[],
): { byField: Partial<Record<F, string>>; others: ValidationErrorEntry[]; first: F | undefined } {
  const byField: Partial<Record<F, string>> = {};
  const others: ValidationErrorEntry[] = [];
  for (const entry of entries) {
    const field = formFieldOf(fields, entry);
    if (field) byField[field] ??= entry.message;
    else others.push(entry);
  }
  return { byField, others, first: fields.find((field) => byField[field]) };
}
