import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { announce, ensureLiveRegion } from '../../lib/live-announcer';
import { ButtonCore } from '../button/button';

export type CopyTextButtonProps = {
  /** The text written to the clipboard. */
  text: string;
  label: string;
  copiedLabel: string;
  failedLabel: string;
  /** Called when the clipboard refused: select the text for copying by hand. */
  onFailed?: () => void;
  className?: string;
};

/** A button that copies a text and says so for two seconds (the two-factor panels' copy). */
export function CopyTextButton({
  text,
  label,
  copiedLabel,
  failedLabel,
  onFailed,
  className,
}: CopyTextButtonProps) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    ensureLiveRegion();
  }, []);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(text);
      setCopied(true);
      announce(copiedLabel);
    } catch {
      announce(failedLabel);
      onFailed?.();
    }
  };
  return (
    <ButtonCore
      variant="outline"
      size="sm"
      data-status={copied ? 'copied' : 'idle'}
      onClick={copy}
      className={className}
    >
      {copied ? <Check aria-hidden="true" className="text-success" /> : <Copy aria-hidden="true" />}
      {copied ? copiedLabel : label}
    </ButtonCore>
  );
}

/** Selects the text of an element, for copying by hand when the clipboard is refused. */
export function selectText(element: HTMLElement | null): void {
  if (!element) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}
