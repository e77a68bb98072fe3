import { type ComponentProps, type ReactNode, useId } from 'react';
import { textFieldMessages } from '../../i18n/groups/text-field';
import { useMessageGroups } from '../../i18n/messages-provider';
import { cn } from '../../lib/cn';

export type TextFieldProps = Omit<ComponentProps<'input'>, 'children'> & {
  /** Visible label, tied to the input. */
  label: ReactNode;
  /** Help text under the label, read after the label. */
  description?: ReactNode;
  /** Error message; marks the input aria-invalid and is read with it. */
  error?: ReactNode;
  /** Classes for the input element (`className` styles the wrapper). */
  inputClassName?: string;
  /**
   * A control inside the input's end, e.g. PasswordField's show/hide button. Give the input room
   * for it with `inputClassName` (`pr-11`).
   */
  trailing?: ReactNode;
};

/**
 * Label + input + help text + error message, wired for assistive technology. All input props
 * (type="email", autoComplete, ref, …) go to the `<input>`.
 */
export function TextField({
  label,
  description,
  error,
  required,
  id,
  className,
  inputClassName,
  trailing,
  'aria-describedby': ariaDescribedBy,
  ...inputProps
}: TextFieldProps) {
  const messages = useMessageGroups({ textField: textFieldMessages });
  const generatedId = useId();
  const inputId = id ?? `${generatedId}-input`;
  const descriptionId = `${inputId}-description`;
  const errorId = `${inputId}-error`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const describedBy =
    [ariaDescribedBy, description ? descriptionId : undefined, hasError ? errorId : undefined]
      .filter(Boolean)
      .join(' ') || undefined;

  const input = (
    <input
      data-slot="text-field-input"
      id={inputId}
      required={required}
      aria-invalid={hasError || undefined}
      aria-describedby={describedBy}
      {...inputProps}
      className={cn(
        'h-10 w-full min-w-0 rounded-md border border-input bg-surface px-3 text-base text-foreground shadow-sm md:text-sm',
        'placeholder:text-muted-foreground',
        'outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30',
        'disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70',
        'aria-invalid:border-error aria-invalid:focus-visible:ring-error/30',
        inputClassName,
      )}
    />
  );

  return (
    <div
      data-slot="text-field"
      data-invalid={hasError || undefined}
      className={cn('grid gap-1.5', className)}
    >
      <label
        data-slot="text-field-label"
        htmlFor={inputId}
        className="flex items-center gap-2 text-sm font-medium text-foreground"
      >
        {label}
        {required && (
          // The input's `required` already tells assistive technology; the marker is for the eye.
          <span
            data-slot="text-field-required"
            aria-hidden="true"
            className="rounded-sm bg-error-subtle px-1.5 py-0.5 text-xs leading-none font-medium text-error-subtle-foreground"
          >
            {messages.textField.required}
          </span>
        )}
      </label>
      {description && (
        <p data-slot="text-field-description" id={descriptionId} className="text-xs text-muted-foreground">
          {description}
        </p>
      )}
      {trailing ? (
        <div data-slot="text-field-control" className="relative">
          {input}
          <div data-slot="text-field-trailing" className="absolute inset-y-0 right-1 flex items-center">
            {trailing}
          </div>
        </div>
      ) : (
        input
      )}
      {hasError && (
        <p
          data-slot="text-field-error"
          id={errorId}
          className="text-xs font-medium text-error-subtle-foreground"
        >
          {error}
        </p>
      )}
    </div>
  );
}
