import * as DialogPrimitive from '@radix-ui/react-dialog';
import { cva, type VariantProps } from 'class-variance-authority';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { commonMessages } from '../../i18n/groups/common';
import { useMessageGroups } from '../../i18n/messages-provider';
import { useReturnFocus } from '../../internal/use-return-focus';
import { cn } from '../../lib/cn';
import { buttonVariants } from '../button/button';

export type DrawerProps = ComponentProps<typeof DialogPrimitive.Root>;

/** A panel that slides in from an edge (a modal dialog underneath). */
export function Drawer(props: DrawerProps) {
  return <DialogPrimitive.Root data-slot="drawer" {...props} />;
}

export type DrawerTriggerProps = ComponentProps<typeof DialogPrimitive.Trigger>;

export function DrawerTrigger(props: DrawerTriggerProps) {
  return <DialogPrimitive.Trigger data-slot="drawer-trigger" {...props} />;
}

export type DrawerCloseProps = ComponentProps<typeof DialogPrimitive.Close>;

export function DrawerClose(props: DrawerCloseProps) {
  return <DialogPrimitive.Close data-slot="drawer-close" {...props} />;
}

export const drawerContentVariants = cva(
  'fixed z-50 flex flex-col gap-4 bg-surface text-surface-foreground shadow-lg outline-none',
  {
    variants: {
      side: {
        left: 'inset-y-0 left-0 w-80 max-w-[calc(100vw-3rem)] border-r motion-safe:data-[state=closed]:animate-drawer-out motion-safe:data-[state=open]:animate-drawer-in',
        right:
          'inset-y-0 right-0 w-96 max-w-[calc(100vw-3rem)] border-l motion-safe:data-[state=closed]:animate-drawer-out-right motion-safe:data-[state=open]:animate-drawer-in-right',
        bottom:
          'inset-x-0 bottom-0 max-h-[85dvh] rounded-t-xl border-t motion-safe:data-[state=closed]:animate-sheet-out motion-safe:data-[state=open]:animate-sheet-in',
      },
    },
    defaultVariants: { side: 'right' },
  },
);

export type DrawerContentProps = ComponentProps<typeof DialogPrimitive.Content> &
  VariantProps<typeof drawerContentVariants> & {
    showCloseButton?: boolean;
  };

/** Must contain a `DrawerTitle`. */
export function DrawerContent({
  className,
  side,
  showCloseButton = true,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: DrawerContentProps) {
  const messages = useMessageGroups({ common: commonMessages });
  const focusHandlers = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay
        data-slot="drawer-overlay"
        className="fixed inset-0 z-50 bg-overlay motion-safe:data-[state=closed]:animate-fade-out motion-safe:data-[state=open]:animate-fade-in"
      />
      <DialogPrimitive.Content
        data-slot="drawer-content"
        {...focusHandlers}
        data-side={side ?? 'right'}
        {...props}
        className={cn(drawerContentVariants({ side }), className)}
      >
        {children}
        {showCloseButton && (
          <DialogPrimitive.Close
            data-slot="drawer-close-button"
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

export type DrawerHeaderProps = ComponentProps<'div'>;

export function DrawerHeader({ className, ...props }: DrawerHeaderProps) {
  return (
    <div
      data-slot="drawer-header"
      {...props}
      className={cn('flex flex-col gap-1 border-b px-5 py-4 pr-12', className)}
    />
  );
}

export type DrawerBodyProps = ComponentProps<'div'>;

export function DrawerBody({ className, ...props }: DrawerBodyProps) {
  return (
    <div
      data-slot="drawer-body"
      {...props}
      className={cn('min-h-0 flex-1 overflow-y-auto px-5', className)}
    />
  );
}

export type DrawerFooterProps = ComponentProps<'div'>;

export function DrawerFooter({ className, ...props }: DrawerFooterProps) {
  return (
    <div
      data-slot="drawer-footer"
      {...props}
      className={cn(
        'mt-auto flex flex-col-reverse gap-2 border-t px-5 py-4 sm:flex-row sm:justify-end',
        className,
      )}
    />
  );
}

export type DrawerTitleProps = ComponentProps<typeof DialogPrimitive.Title>;

export function DrawerTitle({ className, ...props }: DrawerTitleProps) {
  return (
    <DialogPrimitive.Title
      data-slot="drawer-title"
      {...props}
      className={cn('text-lg font-semibold', className)}
    />
  );
}

export type DrawerDescriptionProps = ComponentProps<typeof DialogPrimitive.Description>;

export function DrawerDescription({ className, ...props }: DrawerDescriptionProps) {
  return (
    <DialogPrimitive.Description
      data-slot="drawer-description"
      {...props}
      className={cn('text-sm text-muted-foreground', className)}
    />
  );
}
