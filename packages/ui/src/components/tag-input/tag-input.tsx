import { type ComponentProps, type ReactNode, useId } from 'react';
import { tagInputMessages } from '../../i18n/groups/tag-input';
import { useMessageGroups } from '../../i18n/messages-provider';
import { FieldFrame, useFieldIds } from '../../internal/field';
import { cn } from '../../lib/cn';
import { TagList } from './tag-list';
import { useTagInput } from './use-tag-input';

export type TagInputProps = Omit<
  ComponentProps<'input'>,
  'value' | 'defaultValue' | 'onChange' | 'children' | 'type' | 'maxLength'
> & {
  label: ReactNode;
  hideLabel?: boolean;
  /** Help text; defaults to how to add and remove tags. */
  description?: ReactNode;
  error?: ReactNode;
  /** The tags (controlled). */
  value: readonly string[];
  onValueChange: (tags: string[]) => void;
  /** At most this many tags. */
  maxTags?: number;
  /** At most this many characters per tag. */
  maxTagLength?: number;
  /** Classes for the box around the chips and the input (`className` styles the wrapper). */
  boxClassName?: string;
};

/**
 * Tags as chips with a text input: Enter adds (never the Enter that confirms an IME conversion),
 * Backspace on an empty input removes the last tag, × removes one, and leaving the field adds what
 * was typed so nothing is lost. Duplicates are refused; every change is announced.
 */
export function TagInput({
  label,
  hideLabel,
  description,
  error,
  value,
  onValueChange,
  maxTags,
  maxTagLength,
  required,
  disabled,
  id,
  className,
  boxClassName,
  placeholder,
  onKeyDown,
  onBlur,
  'aria-describedby': ariaDescribedBy,
  ...props
}: TagInputProps) {
  const messages = useMessageGroups({ tagInput: tagInputMessages });
  const text = messages.tagInput;
  const { notice, inputRef, removeFromChip, inputProps } = useTagInput({
    value,
    onValueChange,
    maxTags,
    maxTagLength,
    text,
    onKeyDown,
    onBlur,
  });
  const noticeId = `${useId()}-notice`;
  const ids = useFieldIds(
    id,
    description ?? text.hint,
    error,
    [ariaDescribedBy, notice ? noticeId : undefined].filter(Boolean).join(' ') || undefined,
  );

  return (
    <FieldFrame
      slot="tag-input"
      ids={ids}
      label={label}
      hideLabel={hideLabel}
      required={required}
      description={description ?? text.hint}
      error={error}
      className={className}
      footer={
        notice ? (
          <p id={noticeId} data-slot="tag-input-notice" className="text-xs text-muted-foreground">
            {notice}
          </p>
        ) : null
      }
    >
      <div
        data-slot="tag-input-box"
        data-disabled={disabled || undefined}
        data-invalid={ids.hasError || undefined}
        className={cn(
          'flex min-h-10 w-full min-w-0 flex-wrap items-center gap-1.5 rounded-md border border-input bg-surface px-2 py-1.5 text-base text-foreground shadow-sm md:text-sm',
          'focus-within:border-ring focus-within:ring-2 focus-within:ring-ring/30',
          'data-invalid:border-error data-invalid:focus-within:ring-error/30',
          'data-disabled:cursor-not-allowed data-disabled:bg-muted data-disabled:opacity-70',
          boxClassName,
        )}
      >
        {value.length > 0 && (
          <TagList tags={value} disabled={disabled} onRemove={removeFromChip} text={text} />
        )}
        <input
          ref={inputRef}
          data-slot="tag-input-input"
          id={ids.inputId}
          type="text"
          enterKeyHint="enter"
          autoComplete="off"
          required={required && value.length === 0}
          disabled={disabled}
          aria-invalid={ids.hasError || undefined}
          aria-describedby={ids.describedBy}
          placeholder={placeholder}
          {...props}
          {...inputProps}
          className="h-7 min-w-32 flex-1 bg-transparent px-1 outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed"
        />
      </div>
    </FieldFrame>
  );
}
