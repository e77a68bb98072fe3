import { Gauge, X } from 'lucide-react';
import { type ComponentProps, useEffect, useRef } from 'react';
import { commonMessages } from '../../i18n/groups/common';
import { networkMessages } from '../../i18n/groups/network';
import { useMessageGroups } from '../../i18n/messages-provider';
import { cn } from '../../lib/cn';
import { Button } from '../button/button';

/** SPEC section 9: the slow-connection message hides after 6 s. */
export const SLOW_CONNECTION_NOTICE_MS = 6000;

export type SlowConnectionNoticeProps = Omit<ComponentProps<'div'>, 'children'> & {
  open: boolean;
  /** Called with false after `durationMs` and on the close button. */
  onOpenChange: (open: boolean) => void;
  durationMs?: number;
};

/** An info message for a slow connection (2g, slow-2g) that hides by itself after 6 seconds. */
export function SlowConnectionNotice({
  open,
  onOpenChange,
  durationMs = SLOW_CONNECTION_NOTICE_MS,
  className,
  ...props
}: SlowConnectionNoticeProps) {
  const messages = useMessageGroups({ common: commonMessages, network: networkMessages });
  const text = messages.network;
  const onOpenChangeRef = useRef(onOpenChange);
  onOpenChangeRef.current = onOpenChange;

  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => onOpenChangeRef.current(false), durationMs);
    return () => clearTimeout(timer);
  }, [open, durationMs]);

  if (!open) return null;
  return (
    <div
      data-slot="slow-connection-notice"
      role="status"
      {...props}
      className={cn(
        'fixed inset-x-2 top-2 z-[60] mx-auto flex max-w-md items-start gap-3 rounded-lg border border-info/40 bg-info-subtle py-3 pr-2 pl-4 text-sm text-info-subtle-foreground shadow-md',
        'motion-safe:animate-fade-in',
        className,
      )}
    >
      <Gauge aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p className="min-w-0 flex-1">
        <span className="block font-semibold">{text.slowTitle}</span>
        {text.slowDescription}
      </p>
      <Button
        variant={null}
        size="icon-sm"
        className="text-info-subtle-foreground hover:bg-info/10"
        aria-label={messages.common.close}
        onClick={() => onOpenChange(false)}
      >
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}
