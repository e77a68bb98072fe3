import { type ReactNode, useId } from 'react';
import { textFieldMessages } from '../i18n/groups/text-field';
import { useMessageGroups } from '../i18n/messages-provider';
import { cn } from '../lib/cn';

/** Shared classes of text-like controls (TextField's input, Textarea, Select, SearchInput, DateField). */
export const controlClasses = cn(
  'w-full min-w-0 rounded-md border border-input bg-surface px-3 text-base text-foreground shadow-sm md:text-sm',
  'placeholder:text-muted-foreground',
  'outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30',
  'disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70',
  'aria-invalid:border-error aria-invalid:focus-visible:ring-error/30',
);

export function hasContent(node: ReactNode): boolean {
  return node !== undefined && node !== null && node !== false && node !== '';
}

export type FieldIds = {
  inputId: string;
  descriptionId: string;
  errorId: string;
  describedBy: string | undefined;
  hasError: boolean;
};

/** Ids for label, help text and error, and the aria-describedby that joins them. */
export function useFieldIds(
  id: string | undefined,
  description: ReactNode,
  error: ReactNode,
  ariaDescribedBy: string | undefined,
): FieldIds {
  const generatedId = useId();
  const inputId = id ?? `${generatedId}-input`;
  const descriptionId = `${inputId}-description`;
  const errorId = `${inputId}-error`;
  const hasError = hasContent(error);
  const describedBy =
    [ariaDescribedBy, hasContent(description) ? descriptionId : undefined, hasError ? errorId : undefined]
      .filter(Boolean)
      .join(' ') || undefined;
  return { inputId, descriptionId, errorId, describedBy, hasError };
}

type FieldFrameProps = {
  slot: string;
  ids: FieldIds;
  label: ReactNode;
  /** Hide the label visually (still read out). */
  hideLabel?: boolean;
  required?: boolean;
  description?: ReactNode;
  error?: ReactNode;
  className?: string;
  children: ReactNode;
  /** Under the control, before the error (e.g. a character counter). */
  footer?: ReactNode;
};

/** Label, help text, control and error message laid out like TextField. */
export function FieldFrame({
  slot,
  ids,
  label,
  hideLabel,
  required,
  description,
  error,
  className,
  children,
  footer,
}: FieldFrameProps) {
  const messages = useMessageGroups({ textField: textFieldMessages });
  return (
    <div data-slot={slot} data-invalid={ids.hasError || undefined} className={cn('grid gap-1.5', className)}>
      <label
        data-slot={`${slot}-label`}
        htmlFor={ids.inputId}
        className={cn('flex items-center gap-2 text-sm font-medium text-foreground', hideLabel && 'sr-only')}
      >
        {label}
        {required && (
          <span
            data-slot={`${slot}-required`}
            aria-hidden="true"
            className="rounded-sm bg-error-subtle px-1.5 py-0.5 text-xs leading-none font-medium text-error-subtle-foreground"
          >
            {messages.textField.required}
          </span>
        )}
      </label>
      {hasContent(description) && (
        <p data-slot={`${slot}-description`} id={ids.descriptionId} className="text-xs text-muted-foreground">
          {description}
        </p>
      )}
      {children}
      {footer}
      {ids.hasError && (
        <p
          data-slot={`${slot}-error`}
          id={ids.errorId}
          className="text-xs font-medium text-error-subtle-foreground"
        >
          {error}
        </p>
      )}
    </div>
  );
}
