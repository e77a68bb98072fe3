import { useRef, useState } from 'react';
import { focusField } from './form-fields';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The fields whose value is free text (typed `string`, not a union of choices). */
export type TextFieldOf<V> = {
  [K in keyof V]: string extends V[K] ? (V[K] extends string ? K : never) : never;
}[keyof V] &
  string;

/** What a field component takes from the form: its element id, label and message. */
export interface FieldBinding {
  id: string;
  label: string;
  error: string | undefined;
}

/** A free-text field's binding: `<TextField {...form.text('city')} />`. */
export interface TextBinding extends FieldBinding {
  value: string;
  onChange: (event: { target: { value: string } }) => void;
}

export interface FormValuesOptions<V extends Record<F, unknown>, F extends string> {
  /** The form's fields in screen order: the first one at fault takes the focus. */
  fields: readonly F[];
  fieldId: (field: F) => string;
  label: (field: F) => string;
  initialValues: V | (() => V);
  /** The form's own checks, the same the server makes; empty when the values can be sent. */
  validate: (values: V) => FieldErrors<F>;
  /** Moves to a field by element id; by default it is also scrolled to the middle of the view. */
  focus?: (id: string) => void;
}

/**
 * A form's values and the messages at its fields: its own checks (shown once the user has tried
 * to send) and the server's (each cleared when its field changes).
 */
export function useFormValues<V extends Record<F, unknown>, F extends string>({
  fields,
  fieldId,
  label,
  initialValues,
  validate,
  focus = focusField,
}: FormValuesOptions<V, F>) {
  const [values, setValues] = useState<V>(initialValues);
  // The values as they are now, for work that finishes after a render (a lookup, a failed save).
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors<F>>({});

  const clientErrors: FieldErrors<F> = checked ? validate(values) : {};
  const errorOf = (field: F) => clientErrors[field] ?? serverErrors[field];
  const focusOn = (field: F) => focus(fieldId(field));

  const set = <K extends F>(field: K, value: V[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _removed, ...rest } = current;
      return rest as FieldErrors<F>;
    });
  };

  /** Shows the form's checks from now on; false, with the first field at fault focused, when one fails. */
  const check = (): boolean => {
    setChecked(true);
    const errors = validate(values);
    const firstInvalid = fields.find((field) => errors[field]);
    if (firstInvalid) focusOn(firstInvalid);
    return firstInvalid === undefined;
  };

  /** Starts again from these values, with no message anywhere. */
  const reset = (next: V) => {
    setValues(next);
    setServerErrors({});
    setChecked(false);
  };

  const field = (name: F): FieldBinding => ({ id: fieldId(name), label: label(name), error: errorOf(name) });
  const text = (name: TextFieldOf<V> & F): TextBinding => ({
    ...field(name),
    value: values[name] as string,
    onChange: (event) => set(name, event.target.value as V[typeof name]),
  });

  return { values, valuesRef, setValues, set, errorOf, field, text, check, reset, setServerErrors, focusOn };
}

export type FormValues<V extends Record<F, unknown>, F extends string> = ReturnType<
  typeof useFormValues<V, F>
>;
