import { RefreshCw, Sparkles } from 'lucide-react';
import type { ComponentProps } from 'react';
import { networkMessages } from '../../i18n/groups/network';
import { useMessageGroups } from '../../i18n/messages-provider';
import { cn } from '../../lib/cn';
import { Button } from '../button/button';

export type UpdateBannerProps = Omit<ComponentProps<'div'>, 'children'> & {
  /** 更新する: activates the waiting service worker and reloads the page. */
  onReload: () => void;
  /** The new version is taking over: the button spins and あとで goes away. */
  reloading?: boolean;
  /** あとで (and Escape inside the banner): hide for now. */
  onDismiss?: () => void;
  /**
   * A card fixed to the bottom of the screen, above every page (one app-wide banner that must not
   * move the layout or hide the sidebar); otherwise a bar in the flow of the page.
   */
  floating?: boolean;
};

/** A new version is ready: 更新する switches to it, あとで keeps this one for now. */
export function UpdateBanner({
  onReload,
  reloading = false,
  onDismiss,
  floating = false,
  className,
  onKeyDown,
  ...props
}: UpdateBannerProps) {
  const messages = useMessageGroups({ network: networkMessages });
  const text = messages.network;
  const dismiss = reloading ? undefined : onDismiss;
  return (
    <div
      data-slot="update-banner"
      data-floating={floating || undefined}
      role="status"
      {...props}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.key === 'Escape' && dismiss && !event.defaultPrevented) dismiss();
      }}
      className={cn(
        'flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2.5 text-sm text-primary-subtle-foreground',
        floating
          ? 'fixed inset-x-2 bottom-2 z-[60] mx-auto max-w-xl rounded-lg border border-primary/30 bg-primary-subtle shadow-lg sm:bottom-4 motion-safe:animate-toast-in'
          : 'border-b border-primary/30 bg-primary-subtle',
        className,
      )}
    >
      <Sparkles aria-hidden="true" className="size-5 shrink-0" />
      {/* Floating, the buttons go under the text when both do not fit on one line. */}
      <p className={cn('min-w-0 flex-1', floating && 'min-w-[15rem]')}>
        <span className="font-semibold">{text.updateTitle}</span>
        <span className={cn(floating ? 'block' : 'ml-2 max-sm:ml-0 max-sm:block')}>
          {text.updateDescription}
        </span>
      </p>
      <div className="ml-auto flex gap-2">
        {dismiss && (
          <Button
            variant={null}
            size="sm"
            onClick={dismiss}
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
