import { ChevronDown } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { selectMessages } from '../../i18n/groups/select';
import { useMessageGroups } from '../../i18n/messages-provider';
import { controlClasses, FieldFrame, useFieldIds } from '../../internal/field';
import { cn } from '../../lib/cn';

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = Omit<ComponentProps<'select'>, 'children' | 'multiple'> & {
  label: ReactNode;
  hideLabel?: boolean;
  description?: ReactNode;
  error?: ReactNode;
  options: readonly SelectOption[];
  /** A first, empty choice (選択してください); `false` for none. Selected while the value is ''. */
  placeholder?: string | false;
  /** Classes for the select element (`className` styles the wrapper). */
  selectClassName?: string;
};

/**
 * A native `<select>` with the field layout: the platform's own picker works best with touch,
 * screen readers and long Japanese lists.
 */
export function Select({
  label,
  hideLabel,
  description,
  error,
  options,
  placeholder,
  required,
  id,
  className,
  selectClassName,
  'aria-describedby': ariaDescribedBy,
  ...props
}: SelectProps) {
  const messages = useMessageGroups({ select: selectMessages });
  const ids = useFieldIds(id, description, error, ariaDescribedBy);
  const placeholderText = placeholder === false ? null : (placeholder ?? messages.select.placeholder);
  return (
    <FieldFrame
      slot="select"
      ids={ids}
      label={label}
      hideLabel={hideLabel}
      required={required}
      description={description}
      error={error}
      className={className}
    >
      <div className="relative">
        <select
          data-slot="select-input"
          id={ids.inputId}
          required={required}
          aria-invalid={ids.hasError || undefined}
          aria-describedby={ids.describedBy}
          {...props}
          className={cn(controlClasses, 'h-10 cursor-pointer appearance-none pr-9', selectClassName)}
        >
          {placeholderText !== null && (
            <option value="" disabled={required}>
              {placeholderText}
            </option>
          )}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
      </div>
    </FieldFrame>
  );
}
