import { RefreshCw, Sparkles } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useMessages } from '../../i18n';
import { cn } from '../../lib/cn';
import { Button } from '../button/button';

export type UpdateBannerProps = Omit<ComponentProps<'div'>, 'children'> & {
  /** Activates the waiting service worker and reloads the page. */
  onReload: () => void;
  reloading?: boolean;
  /** あとで: hide for now. */
  onDismiss?: () => void;
};

/** A new version is ready: reload to use it. */
export function UpdateBanner({
  onReload,
  reloading = false,
  onDismiss,
  className,
  ...props
}: UpdateBannerProps) {
  const messages = useMessages();
  const text = messages.network;
  return (
    <div
      data-slot="update-banner"
      role="status"
      {...props}
      className={cn(
        'flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-primary/30 bg-primary-subtle px-4 py-2.5 text-sm text-primary-subtle-foreground',
        className,
      )}
    >
      <Sparkles aria-hidden="true" className="size-5 shrink-0" />
      <p className="min-w-0 flex-1">
        <span className="font-semibold">{text.updateTitle}</span>
        <span className="ml-2 max-sm:ml-0 max-sm:block">{text.updateDescription}</span>
      </p>
      <div className="flex gap-2">
        {onDismiss && (
          <Button
            variant={null}
            size="sm"
            onClick={onDismiss}
            className="text-primary-subtle-foreground hover:bg-muted"
          >
            {text.later}
          </Button>
        )}
        <Button size="sm" loading={reloading} onClick={onReload}>
          {!reloading && <RefreshCw aria-hidden="true" />}
          {text.reload}
        </Button>
      </div>
    </div>
  );
}
