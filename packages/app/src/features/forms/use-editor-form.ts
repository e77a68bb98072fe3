import type { ToastOptions } from '@tsumiki/ui';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useToast } from '../../app/toasts';
import type { EditorFormProps } from './editor-dialog';
import { type SaveFailureRules, saveFailure } from './form-failure';
import { type FormValuesOptions, useFormValues } from './use-form-values';

export interface EditorFormOptions<V extends Record<F, unknown>, F extends string, R>
  extends FormValuesOptions<V, F> {
  /** What the EditorDialog hands its form. */
  editor: EditorFormProps;
  /** After a save, with the saved record (or the unchanged one); the dialog is closed by then. */
  onSaved?: (record: R) => void;
  /** The record being edited; null while creating one. */
  base: R | null;
  /** Whether these values hold input that is not saved. */
  isDirty: (values: V) => boolean;
  /** While a save runs: another submit is ignored. */
  saving: boolean;
  create: (values: V) => Promise<R>;
  /** Sends what changed from `base`; null, sending nothing, when nothing did. */
  update: (base: R, values: V) => Promise<R | null>;
  /** The confirmations after a save. */
  toasts: { created: (record: R) => ToastOptions; updated: (record: R) => ToastOptions };
  failure: Omit<SaveFailureRules<F>, 'fields'>;
  /**
   * A refusal the form resolves itself, before the usual reading (someone saved first): the values
   * to show instead, or null when it is not one.
   */
  resolveFailure?: (error: unknown, submitted: R | null, values: V) => V | null;
}

/**
 * The state and the save of a form in an EditorDialog: values and messages (useFormValues), the
 * dirty flag the dialog asks about, create or update with their toasts, and a refused save put
 * where it belongs. Whatever fails, the input stays.
 */
export function useEditorForm<V extends Record<F, unknown>, F extends string, R>(
  options: EditorFormOptions<V, F, R>,
) {
  const { editor, onSaved, base, saving, create, update, toasts, failure, resolveFailure } = options;
  const { toast } = useToast();
  const form = useFormValues<V, F>(options);
  const [message, setMessage] = useState<ReactNode>(null);

  const { onDirtyChange } = editor;
  const dirty = options.isDirty(form.values);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const saved = (record: R) => {
    editor.onSaved();
    onSaved?.(record);
  };

  const fail = (error: unknown) => {
    const resolved = resolveFailure?.(error, base, form.valuesRef.current);
    if (resolved) {
      form.setValues(resolved);
      return;
    }
    const outcome = saveFailure(error, base !== null, { fields: options.fields, ...failure });
    if (outcome.serverErrors) form.setServerErrors(outcome.serverErrors);
    if (outcome.message) setMessage(outcome.message);
    if (outcome.focus) form.focusOn(outcome.focus);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (saving) return;
    setMessage(null);
    if (!form.check()) return;
    const { values } = form;
    try {
      if (base === null) {
        const record = await create(values);
        toast(toasts.created(record));
        saved(record);
        return;
      }
      const record = await update(base, values);
      if (record === null) {
        toast({ title: '変更はありません', variant: 'info' });
        saved(base);
        return;
      }
      toast(toasts.updated(record));
      saved(record);
    } catch (error) {
      fail(error);
    }
  };

  return { ...form, failure: message, submit, saving };
}

export type EditorForm<V extends Record<F, unknown>, F extends string, R> = ReturnType<
  typeof useEditorForm<V, F, R>
>;
