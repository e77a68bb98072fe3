import { type ComponentProps, type ReactNode, useState } from 'react';
import { twoFactorMessages } from '../../i18n/groups/two-factor';
import { useMessageGroups } from '../../i18n/messages-provider';
import { cn } from '../../lib/cn';
import { TextField } from '../text-field/text-field';
import { normalizeOneTimeCode } from './one-time-code';

export type OneTimeCodeInputProps = Omit<
  ComponentProps<'input'>,
  'value' | 'defaultValue' | 'onChange' | 'type' | 'children'
> & {
  /** The digits typed so far (ASCII, at most `length`). */
  value: string;
  /** Called with the normalised digits (never while an IME is still composing). */
  onChange: (value: string) => void;
  /** Called once the code has all its digits. */
  onComplete?: (value: string) => void;
  /** Number of digits; 6 for TOTP. */
  length?: number;
  /** Visible label; 「確認コード」 by default. */
  label?: ReactNode;
  /** Help text; says how many digits by default (null: none). */
  description?: ReactNode | null;
  error?: ReactNode;
  className?: string;
};

/**
 * A one-time code field: one input with `autocomplete="one-time-code"` and a numeric keyboard, so
 * that phones offer the code from a message and password managers fill it. It is IME-safe: while a
 * Japanese input method composes (全角 １２３), the text is left alone, and converted to ASCII
 * digits when the composition ends; a pasted 「123 456」 becomes 123456.
 */
export function OneTimeCodeInput({
  value,
  onChange,
  onComplete,
  length = 6,
  label,
  description,
  error,
  className,
  onCompositionStart,
  onCompositionEnd,
  ...props
}: OneTimeCodeInputProps) {
  const m = useMessageGroups({ twoFactor: twoFactorMessages }).twoFactor;
  /** The raw text while an IME composes; null otherwise. */
  const [composing, setComposing] = useState<string | null>(null);

  const commit = (raw: string) => {
    const next = normalizeOneTimeCode(raw, length);
    onChange(next);
    if (next.length === length && next !== value) onComplete?.(next);
  };

  return (
    <TextField
      data-slot="one-time-code-input"
      label={label ?? m.codeLabel}
      description={description === null ? undefined : (description ?? m.codeDescription(length))}
      error={error}
      className={className}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      pattern={`[0-9]{${length}}`}
      {...props}
      value={composing ?? value}
      onCompositionStart={(event) => {
        setComposing(event.currentTarget.value);
        onCompositionStart?.(event);
      }}
      onCompositionEnd={(event) => {
        setComposing(null);
        commit(event.currentTarget.value);
        onCompositionEnd?.(event);
      }}
      onChange={(event) => {
        const native = event.nativeEvent as InputEvent;
        if (composing !== null || native.isComposing) setComposing(event.target.value);
        else commit(event.target.value);
      }}
      inputClassName={cn('max-w-[12rem] font-mono text-lg tracking-[0.4em] md:text-lg')}
    />
  );
}
