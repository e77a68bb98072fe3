import { isApiError, type ValidationErrorEntry } from '@tsumiki/api-client';
import { Alert } from '@tsumiki/ui';
import { type ReactNode, useEffect, useRef } from 'react';
import { fieldLabel } from './field-rules';
import { splitValidationErrors } from './form-fields';

/**
 * A ref for a notice that takes the focus (and so scrolls into view, in a long dialog at 375 px
 * too) each time `shown` becomes a new truthy value: what a sighted user must see after pressing
 * the form's button, and what a screen reader must read. The element needs `tabIndex={-1}`.
 */
export function useFocusWhenShown<E extends HTMLElement>(shown: unknown) {
  const ref = useRef<E>(null);
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
  return ref;
}

/**
 * Why a save failed, above the form's buttons; nothing while `message` is empty. Takes the focus
 * each time a new message appears, so that a screen reader reads it and the keyboard is there.
 */
export function FormFailure({ message }: { message: ReactNode }) {
  const ref = useFocusWhenShown<HTMLDivElement>(message);
  if (!message) return null;
  return (
    <div ref={ref} tabIndex={-1} className="outline-none">
      <Alert variant="error" title="保存できませんでした">
        {message}
      </Alert>
    </div>
  );
}

/** Server validation errors the form has no field for, each with the label of what it is about. */
export function ValidationErrorList({ entries }: { entries: readonly ValidationErrorEntry[] }) {
  return (
    <ul className="list-none">
      {entries.map((entry) => (
        <li key={`${entry.field}:${entry.message}`}>
          {fieldLabel(entry.field.split('.')[0] ?? '')}: {entry.message}
        </li>
      ))}
    </ul>
  );
}

/** How a form reads a refused save. */
export interface SaveFailureRules<F extends string> {
  /** The form's fields in screen order. */
  fields: readonly F[];
  /** The field a 409 is about (a code or an account already taken): the server's words go there. */
  conflictField?: F;
  /** Said when the record being edited was deleted by someone else meanwhile (a 404). */
  deletedMessage: string;
}

/** What the form shows after a refused save: messages at fields, one above the buttons, a field to focus. */
export interface SaveFailure<F extends string> {
  serverErrors?: Partial<Record<F, string>>;
  message?: ReactNode;
  focus?: F;
}

/**
 * Why a save failed, in the form's terms. The input always stays: every message says so, and a
 * 422 puts each message at its field (those without one are listed above the buttons).
 */
export function saveFailure<F extends string>(
  error: unknown,
  editing: boolean,
  rules: SaveFailureRules<F>,
): SaveFailure<F> {
  if (!isApiError(error))
    return { message: '保存できませんでした。入力内容はこのまま残っています。もう一度お試しください。' };
  if (error.status === 422 && error.validationErrors.length > 0) {
    const { byField, others, first } = splitValidationErrors(rules.fields, error.validationErrors);
    if (others.length > 0)
      return { serverErrors: byField, message: <ValidationErrorList entries={others} /> };
    return { serverErrors: byField, focus: first };
  }
  if (error.status === 409 && rules.conflictField) {
    const serverErrors: Partial<Record<F, string>> = {};
    serverErrors[rules.conflictField] = error.message;
    return { serverErrors, focus: rules.conflictField };
  }
  if (error.status === 404 && editing) return { message: rules.deletedMessage };
  return { message: `${error.message} 入力内容はこのまま残っています。もう一度お試しください。` };
}
