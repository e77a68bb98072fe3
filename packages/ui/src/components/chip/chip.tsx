import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { Slot } from '../../lib/slot';

export const chipVariants = cva(
  [
    'inline-flex w-fit shrink-0 items-center gap-1 whitespace-nowrap rounded-full border font-medium',
    "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-3.5",
  ],
  {
    variants: {
      variant: {
        default: 'border-border bg-muted text-foreground',
        primary: 'border-transparent bg-primary text-primary-foreground',
        success: 'border-transparent bg-success-subtle text-success-subtle-foreground',
        warning: 'border-transparent bg-warning-subtle text-warning-subtle-foreground',
        error: 'border-transparent bg-error-subtle text-error-subtle-foreground',
        info: 'border-transparent bg-info-subtle text-info-subtle-foreground',
      },
      size: {
        sm: 'h-5 px-2 text-xs leading-none',
        md: 'h-6 px-2.5 text-xs leading-none',
        lg: 'h-8 px-3 text-sm leading-none',
      },
    },
    defaultVariants: { variant: 'default', size: 'md' },
  },
);

export type ChipProps = ComponentProps<'span'> &
  VariantProps<typeof chipVariants> & {
    asChild?: boolean;
  };

/** A small non-interactive label (status, plan, role). */
export function Chip({ className, variant, size, asChild = false, ...props }: ChipProps) {
  const Comp = asChild ? Slot : 'span';
  return (
    <Comp
      data-slot="chip"
      data-variant={variant ?? 'default'}
      data-size={size ?? 'md'}
      {...props}
      className={cn(chipVariants({ variant, size }), className)}
    />
  );
}
