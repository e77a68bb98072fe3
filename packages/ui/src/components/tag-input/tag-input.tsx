import { X } from 'lucide-react';
import { type ComponentProps, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { tagInputMessages } from '../../i18n/groups/tag-input';
import { useMessageGroups } from '../../i18n/messages-provider';
import { FieldFrame, useFieldIds } from '../../internal/field';
import { cn } from '../../lib/cn';
import { isImeComposing, isSubmitEnter } from '../../lib/ime';
import { announce, ensureLiveRegion } from '../../lib/live-announcer';

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
  const [draft, setDraft] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const noticeId = `${useId()}-notice`;
  const ids = useFieldIds(
    id,
    description ?? text.hint,
    error,
    [ariaDescribedBy, notice ? noticeId : undefined].filter(Boolean).join(' ') || undefined,
  );

  useEffect(() => {
    ensureLiveRegion();
  }, []);

  const refuse = (message: string) => {
    setNotice(message);
    announce(message);
  };

  /** Adds the draft; true when the draft was used up (added or a duplicate). */
  const commit = (raw: string): boolean => {
    const tag = raw.trim();
    if (tag === '') return true;
    if (value.includes(tag)) {
      refuse(text.duplicate(tag));
      return true;
    }
    if (maxTags !== undefined && value.length >= maxTags) {
      refuse(text.limit(maxTags));
      return false;
    }
    if (maxTagLength !== undefined && Array.from(tag).length > maxTagLength) {
      refuse(text.tooLong(maxTagLength));
      return false;
    }
    setNotice(null);
    onValueChange([...value, tag]);
    announce(text.added(tag));
    return true;
  };

  const remove = (tag: string) => {
    setNotice(null);
    onValueChange(value.filter((item) => item !== tag));
    announce(text.removed(tag));
  };

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
          <ul aria-label={text.listLabel} className="contents">
            {value.map((tag) => (
              <li
                key={tag}
                data-slot="tag-input-tag"
                className="inline-flex h-7 max-w-full min-w-0 items-center gap-0.5 rounded-full border border-border bg-muted pr-0.5 pl-2.5 text-xs font-medium"
              >
                <span className="truncate">{tag}</span>
                <button
                  type="button"
                  data-slot="tag-input-remove"
                  aria-label={text.remove(tag)}
                  disabled={disabled}
                  onClick={() => {
                    remove(tag);
                    inputRef.current?.focus();
                  }}
                  className="grid size-6 shrink-0 cursor-pointer place-items-center rounded-full text-muted-foreground outline-none hover:bg-secondary hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed"
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </li>
            ))}
          </ul>
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
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            if (notice) setNotice(null);
          }}
          onKeyDown={(event) => {
            onKeyDown?.(event);
            if (event.defaultPrevented) return;
            if (isSubmitEnter(event)) {
              // Enter adds a tag; it never submits the surrounding form.
              event.preventDefault();
              if (commit(event.currentTarget.value)) setDraft('');
            } else if (
              event.key === 'Backspace' &&
              !isImeComposing(event) &&
              event.currentTarget.value === '' &&
              value.length > 0
            ) {
              event.preventDefault();
              remove(value[value.length - 1]!);
            }
          }}
          onBlur={(event) => {
            onBlur?.(event);
            if (commit(event.currentTarget.value)) setDraft('');
          }}
          className="h-7 min-w-32 flex-1 bg-transparent px-1 outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed"
        />
      </div>
    </FieldFrame>
  );
}
