import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { copyFieldMessages } from '../../i18n/groups/copy-field';
import { useMessageGroups } from '../../i18n/messages-provider';
import { controlClasses, FieldFrame, useFieldIds } from '../../internal/field';
import { cn } from '../../lib/cn';
import { announce, ensureLiveRegion } from '../../lib/live-announcer';
import { ButtonCore } from '../button/button';

export type CopyFieldProps = {
  /** Visible label of the field. */
  label: string;
  /** The text to copy (e.g. an invitation URL). */
  value: string;
  /** Help text under the label. */
  description?: string;
  /** Called after the value was written to the clipboard. */
  onCopied?: () => void;
  className?: string;
};

/** How long the button says コピーしました. */
export const COPY_FEEDBACK_MS = 2000;

type Status = 'idle' | 'copied' | 'failed';

/**
 * A read-only field with a copy button. The text is selected on focus; when the clipboard cannot be
 * used the text is selected and the user is asked to copy it by hand.
 */
export function CopyField({ label, value, description, onCopied, className }: CopyFieldProps) {
  const messages = useMessageGroups({ copyField: copyFieldMessages });
  const m = messages.copyField;
  const inputRef = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<Status>('idle');
  const error = status === 'failed' ? m.failed : undefined;
  const ids = useFieldIds(undefined, description, error, undefined);

  useEffect(() => {
    ensureLiveRegion();
  }, []);
  useEffect(() => {
    if (status !== 'copied') return;
    const timer = setTimeout(() => setStatus('idle'), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [status]);
  // A new value forgets the previous outcome.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on value change only
  useEffect(() => {
    setStatus('idle');
  }, [value]);

  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(value);
      setStatus('copied');
      announce(m.copied);
      onCopied?.();
    } catch {
      setStatus('failed');
      // Select the text so that the user can copy it by hand (Ctrl+C or the context menu).
      inputRef.current?.focus();
      inputRef.current?.select();
      announce(m.failed);
    }
  };

  return (
    <FieldFrame
      slot="copy-field"
      ids={ids}
      label={label}
      description={description}
      error={error}
      className={cn('min-w-0', className)}
    >
      <div className="flex min-w-0 gap-2">
        <input
          ref={inputRef}
          id={ids.inputId}
          data-slot="copy-field-input"
          type="text"
          readOnly
          value={value}
          aria-describedby={ids.describedBy}
          onFocus={(event) => event.currentTarget.select()}
          className={cn(controlClasses, 'h-10 flex-1 bg-muted/50 font-mono text-ellipsis')}
        />
        <ButtonCore
          variant="outline"
          data-slot="copy-field-button"
          data-status={status}
          onClick={copy}
          className="min-w-[8.5rem]"
        >
          {status === 'copied' ? (
            <Check aria-hidden="true" className="text-success" />
          ) : (
            <Copy aria-hidden="true" />
          )}
          {status === 'copied' ? m.copied : m.copy}
        </ButtonCore>
      </div>
    </FieldFrame>
  );
}
