import type { ComponentProps, ReactNode } from 'react';
import { textareaMessages } from '../../i18n/groups/textarea';
import { useMessageGroups } from '../../i18n/messages-provider';
import { controlClasses, FieldFrame, useFieldIds } from '../../internal/field';
import { cn } from '../../lib/cn';

export type TextareaProps = Omit<ComponentProps<'textarea'>, 'children'> & {
  label: ReactNode;
  hideLabel?: boolean;
  description?: ReactNode;
  error?: ReactNode;
  /** Classes for the textarea element (`className` styles the wrapper). */
  textareaClassName?: string;
  /** Shows `12 / 200 文字` under the field when `maxLength` is set. */
  showCount?: boolean;
};

/** Label + multi-line input + help text + error, with line-height 1.7 for prose. */
export function Textarea({
  label,
  hideLabel,
  description,
  error,
  required,
  id,
  className,
  textareaClassName,
  showCount = true,
  maxLength,
  value,
  defaultValue,
  'aria-describedby': ariaDescribedBy,
  rows = 4,
  ...props
}: TextareaProps) {
  const messages = useMessageGroups({ textarea: textareaMessages });
  const ids = useFieldIds(id, description, error, ariaDescribedBy);
  const text = String(value ?? defaultValue ?? '');
  const counter =
    showCount && maxLength !== undefined && value !== undefined ? (
      <p
        data-slot="textarea-count"
        aria-live="polite"
        className="justify-self-end text-xs text-muted-foreground tabular-nums"
      >
        {messages.textarea.count(Array.from(text).length, maxLength)}
      </p>
    ) : null;
  return (
    <FieldFrame
      slot="textarea"
      ids={ids}
      label={label}
      hideLabel={hideLabel}
      required={required}
      description={description}
      error={error}
      className={className}
      footer={counter}
    >
      <textarea
        data-slot="textarea-input"
        id={ids.inputId}
        required={required}
        rows={rows}
        maxLength={maxLength}
        value={value}
        defaultValue={defaultValue}
        aria-invalid={ids.hasError || undefined}
        aria-describedby={ids.describedBy}
        {...props}
        className={cn(controlClasses, 'min-h-20 py-2 leading-[1.7]', textareaClassName)}
      />
    </FieldFrame>
  );
}
