import { RotateCw, WifiOff } from 'lucide-react';
import type { ComponentProps } from 'react';
import { commonMessages } from '../../i18n/groups/common';
import { networkMessages } from '../../i18n/groups/network';
import { useMessageGroups } from '../../i18n/messages-provider';
import { cn } from '../../lib/cn';
import { Button } from '../button/button';

export type OfflineBannerProps = Omit<ComponentProps<'div'>, 'children'> & {
  /** Retries the failed requests (the app also does so when the connection returns). */
  onRetry?: () => void;
  retrying?: boolean;
};

/** A warning bar while the browser is offline. Render it only while offline. */
export function OfflineBanner({ onRetry, retrying = false, className, ...props }: OfflineBannerProps) {
  const messages = useMessageGroups({ common: commonMessages, network: networkMessages });
  const text = messages.network;
  return (
    <div
      data-slot="offline-banner"
      role="alert"
      {...props}
      className={cn(
        'flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-warning/40 bg-warning-subtle px-4 py-2.5 text-sm text-warning-subtle-foreground',
        className,
      )}
    >
      <WifiOff aria-hidden="true" className="size-5 shrink-0" />
      <p className="min-w-0 flex-1">
        <span className="font-semibold">{text.offlineTitle}</span>
        <span className="ml-2 max-sm:block max-sm:ml-0">{text.offlineDescription}</span>
      </p>
      {onRetry && (
        <Button
          variant={null}
          size="sm"
          loading={retrying}
          onClick={onRetry}
          className="border border-warning/50 bg-surface text-foreground shadow-sm hover:bg-muted"
        >
          {!retrying && <RotateCw aria-hidden="true" />}
          {messages.common.retry}
        </Button>
      )}
    </div>
  );
}
