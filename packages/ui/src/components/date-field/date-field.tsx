import { CalendarDays } from 'lucide-react';
import { type ComponentProps, type ReactNode, useEffect, useState } from 'react';
import { dateFieldMessages } from '../../i18n/groups/date-field';
import { useMessageGroups } from '../../i18n/messages-provider';
import { controlClasses, FieldFrame, hasContent, useFieldIds } from '../../internal/field';
import { cn } from '../../lib/cn';
import { formatWareki, isoDateToLocalDate, isoDateToSlashes, parseDateInput } from '../../lib/date-input';
import { isSubmitEnter } from '../../lib/ime';

export type DateFieldProps = Omit<
  ComponentProps<'input'>,
  'type' | 'value' | 'defaultValue' | 'onChange' | 'children' | 'min' | 'max'
> & {
  label: ReactNode;
  hideLabel?: boolean;
  /** Help text; defaults to the format hint (YYYY/MM/DD の形式で入力してください). */
  description?: ReactNode;
  /** An error from outside (e.g. the server); a malformed date shows its own message. */
  error?: ReactNode;
  /** The date as an ISO date (`2026-11-22`), as the API sends it; null for none. */
  value?: string | null;
  defaultValue?: string | null;
  /**
   * Called when the typed text is committed (blur or Enter): the ISO date, or null when the field
   * is empty or the text is not a real date.
   */
  onValueChange?: (value: string | null) => void;
  /** Show the date in the Japanese era (令和8年11月22日) under the field. */
  showWareki?: boolean;
  inputClassName?: string;
};

/**
 * A date typed as YYYY/MM/DD (also 2026-11-22, 20261122, 2026年11月22日 and full-width digits),
 * shown back as YYYY/MM/DD with its 和暦 under it.
 */
export function DateField({
  label,
  hideLabel,
  description,
  error,
  value,
  defaultValue,
  onValueChange,
  showWareki = true,
  required,
  id,
  className,
  inputClassName,
  placeholder,
  onBlur,
  onKeyDown,
  'aria-describedby': ariaDescribedBy,
  ...props
}: DateFieldProps) {
  const messages = useMessageGroups({ dateField: dateFieldMessages });
  const initial = value ?? defaultValue ?? null;
  const [text, setText] = useState(initial ? isoDateToSlashes(initial) : '');
  const [malformed, setMalformed] = useState(false);

  // A controlled value changed from outside: show it.
  useEffect(() => {
    if (value === undefined) return;
    setText((current) => {
      const currentIso = parseDateInput(current);
      if (value === null) return currentIso === null ? current : '';
      return currentIso === value ? current : isoDateToSlashes(value);
    });
    if (value !== null) setMalformed(false);
  }, [value]);

  const shownError = hasContent(error) ? error : malformed ? messages.dateField.invalid : undefined;
  const ids = useFieldIds(id, description ?? messages.dateField.hint, shownError, ariaDescribedBy);
  const warekiId = `${ids.inputId}-wareki`;
  const parsed = parseDateInput(text);
  const localDate = parsed ? isoDateToLocalDate(parsed) : null;

  const commit = (raw: string) => {
    if (raw.trim() === '') {
      setMalformed(false);
      setText('');
      onValueChange?.(null);
      return;
    }
    const iso = parseDateInput(raw);
    setMalformed(iso === null);
    if (iso) setText(isoDateToSlashes(iso));
    onValueChange?.(iso);
  };

  return (
    <FieldFrame
      slot="date-field"
      ids={ids}
      label={label}
      hideLabel={hideLabel}
      required={required}
      description={description ?? messages.dateField.hint}
      error={shownError}
      className={className}
      footer={
        showWareki && localDate && !malformed ? (
          <p data-slot="date-field-wareki" id={warekiId} className="text-xs text-muted-foreground">
            {messages.dateField.wareki}: {formatWareki(localDate)}
          </p>
        ) : null
      }
    >
      <div className="relative">
        <input
          data-slot="date-field-input"
          id={ids.inputId}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          required={required}
          placeholder={placeholder ?? messages.dateField.placeholder}
          aria-invalid={ids.hasError || undefined}
          aria-describedby={
            [ids.describedBy, showWareki && localDate && !malformed ? warekiId : undefined]
              .filter(Boolean)
              .join(' ') || undefined
          }
          {...props}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onBlur={(event) => {
            commit(event.target.value);
            onBlur?.(event);
          }}
          onKeyDown={(event) => {
            onKeyDown?.(event);
            if (!event.defaultPrevented && isSubmitEnter(event)) commit(event.currentTarget.value);
          }}
          className={cn(controlClasses, 'h-10 pr-9 tabular-nums', inputClassName)}
        />
        <CalendarDays
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
      </div>
    </FieldFrame>
  );
}
