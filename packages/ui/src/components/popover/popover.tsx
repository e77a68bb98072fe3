import * as PopoverPrimitive from '@radix-ui/react-popover';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export type PopoverProps = ComponentProps<typeof PopoverPrimitive.Root>;

export function Popover(props: PopoverProps) {
  return <PopoverPrimitive.Root data-slot="popover" {...props} />;
}

export type PopoverTriggerProps = ComponentProps<typeof PopoverPrimitive.Trigger>;

export function PopoverTrigger(props: PopoverTriggerProps) {
  return <PopoverPrimitive.Trigger data-slot="popover-trigger" {...props} />;
}

export type PopoverContentProps = ComponentProps<typeof PopoverPrimitive.Content> & {
  /** Width of the panel (never wider than the screen): `md` 20rem, `lg` 24rem. */
  size?: 'md' | 'lg';
};

const sizes = { md: 'w-80', lg: 'w-96' } as const;

/** A floating panel (not a menu): any content, focus moves into it, Escape and outside clicks close it. */
export function PopoverContent({
  className,
  sideOffset = 6,
  align = 'end',
  size = 'md',
  ...props
}: PopoverContentProps) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        data-slot="popover-content"
        sideOffset={sideOffset}
        align={align}
        collisionPadding={8}
        {...props}
        className={cn(
          'z-50 max-w-[calc(100vw-1rem)] rounded-lg border bg-surface text-surface-foreground shadow-lg outline-none',
          'motion-safe:data-[state=closed]:animate-fade-out motion-safe:data-[state=open]:animate-fade-in',
          sizes[size],
          className,
        )}
      />
    </PopoverPrimitive.Portal>
  );
}

export type PopoverCloseProps = ComponentProps<typeof PopoverPrimitive.Close>;

export function PopoverClose(props: PopoverCloseProps) {
  return <PopoverPrimitive.Close data-slot="popover-close" {...props} />;
}
