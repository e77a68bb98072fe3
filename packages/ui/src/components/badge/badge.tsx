import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export const badgeVariants = cva(
  'inline-flex shrink-0 items-center justify-center rounded-full font-bold tabular-nums',
  {
    variants: {
      /** `sm` fits on the corner of an icon button (NotificationBell). */
      size: {
        md: 'min-w-5 px-1.5 text-xs leading-5',
        sm: 'h-[1.125rem] min-w-[1.125rem] px-1 text-[0.6875rem] leading-[1.125rem]',
      },
      variant: {
        error: 'bg-error text-error-foreground',
        primary: 'bg-primary text-primary-foreground',
        neutral: 'bg-secondary text-secondary-foreground',
        success: 'bg-success text-success-foreground',
        warning: 'bg-warning text-warning-foreground',
        info: 'bg-info text-info-foreground',
      },
    },
    defaultVariants: { variant: 'error', size: 'md' },
  },
);

export type BadgeProps = Omit<ComponentProps<'span'>, 'children'> &
  VariantProps<typeof badgeVariants> & {
    /** The count; 0 renders nothing unless `showZero`. */
    count: number;
    /** Above this the badge shows e.g. 99+. */
    max?: number;
    showZero?: boolean;
  };

/** A small count, e.g. unread notifications. Give the surrounding control the full sentence to read. */
export function Badge({ count, max = 99, showZero = false, variant, size, className, ...props }: BadgeProps) {
  if (count <= 0 && !showZero) return null;
  return (
    <span
      data-slot="badge"
      data-variant={variant ?? 'error'}
      {...props}
      className={cn(badgeVariants({ variant, size }), className)}
    >
      {count > max ? `${max}+` : count}
    </span>
  );
}
