import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { commonMessages } from '../../i18n/groups/common';
import { useMessageGroups } from '../../i18n/messages-provider';
import { useReturnFocus } from '../../internal/use-return-focus';
import { cn } from '../../lib/cn';
import { buttonVariants } from '../button/button';

export type DialogProps = ComponentProps<typeof DialogPrimitive.Root>;

export function Dialog(props: DialogProps) {
  return <DialogPrimitive.Root data-slot="dialog" {...props} />;
}

export type DialogTriggerProps = ComponentProps<typeof DialogPrimitive.Trigger>;

export function DialogTrigger(props: DialogTriggerProps) {
  return <DialogPrimitive.Trigger data-slot="dialog-trigger" {...props} />;
}

export type DialogCloseProps = ComponentProps<typeof DialogPrimitive.Close>;

export function DialogClose(props: DialogCloseProps) {
  return <DialogPrimitive.Close data-slot="dialog-close" {...props} />;
}

export type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  /** The × button in the corner (閉じる). */
  showCloseButton?: boolean;
  /** Width of the panel. */
  size?: 'sm' | 'md' | 'lg';
  /** Gap and padding of the panel (gap-4 p-6); `null` leaves them out for your own in `className`. */
  spacing?: 'md' | null;
};

const sizes = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl' } as const;
const spacings = { md: 'gap-4 p-6' } as const;

/**
 * The dialog panel with its overlay, in a portal. It must contain a `DialogTitle` (visually hidden
 * with `className="sr-only"` if need be); without a `DialogDescription` pass `aria-describedby={undefined}`.
 */
export function DialogContent({
  className,
  children,
  showCloseButton = true,
  size = 'md',
  spacing = 'md',
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: DialogContentProps) {
  const messages = useMessageGroups({ common: commonMessages });
  const focusHandlers = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay
        data-slot="dialog-overlay"
        className="fixed inset-0 z-50 bg-overlay motion-safe:data-[state=closed]:animate-fade-out motion-safe:data-[state=open]:animate-fade-in"
      />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        {...focusHandlers}
        {...props}
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border bg-surface text-surface-foreground shadow-lg outline-none',
          'motion-safe:data-[state=closed]:animate-fade-out motion-safe:data-[state=open]:animate-dialog-in',
          sizes[size],
          spacing && spacings[spacing],
          className,
        )}
      >
        {children}
        {showCloseButton && (
          <DialogPrimitive.Close
            data-slot="dialog-close-button"
            aria-label={messages.common.close}
            className={cn(buttonVariants({ variant: 'ghost', size: 'icon-sm' }), 'absolute top-3 right-3')}
          >
            <X aria-hidden="true" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export type DialogHeaderProps = ComponentProps<'div'> & {
  /** Leave room on the right for the dialog's × button (default); `false` where there is none. */
  reserveCloseButton?: boolean;
};

export function DialogHeader({ className, reserveCloseButton = true, ...props }: DialogHeaderProps) {
  return (
    <div
      data-slot="dialog-header"
      {...props}
      className={cn('flex flex-col gap-1.5', reserveCloseButton && 'pr-8', className)}
    />
  );
}

export type DialogFooterProps = ComponentProps<'div'> & {
  /** Below `sm` the buttons stack, the main action on top (default); `false` keeps them in a row. */
  stack?: boolean;
};

export function DialogFooter({ className, stack = true, ...props }: DialogFooterProps) {
  return (
    <div
      data-slot="dialog-footer"
      {...props}
      className={cn(
        'flex gap-2 sm:flex-row sm:justify-end',
        stack ? 'flex-col-reverse' : 'flex-row',
        className,
      )}
    />
  );
}

export type DialogTitleProps = ComponentProps<typeof DialogPrimitive.Title>;

export function DialogTitle({ className, ...props }: DialogTitleProps) {
  return (
    <DialogPrimitive.Title
      data-slot="dialog-title"
      {...props}
      className={cn('text-lg leading-snug font-semibold', className)}
    />
  );
}

export type DialogDescriptionProps = ComponentProps<typeof DialogPrimitive.Description>;

export function DialogDescription({ className, ...props }: DialogDescriptionProps) {
  return (
    <DialogPrimitive.Description
      data-slot="dialog-description"
      {...props}
      className={cn('text-sm leading-relaxed text-muted-foreground', className)}
    />
  );
}
