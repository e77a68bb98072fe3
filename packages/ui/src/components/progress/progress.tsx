import * as ProgressPrimitive from '@radix-ui/react-progress';
import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { progressMessages } from '../../i18n/groups/progress';
import { useMessageGroups } from '../../i18n/messages-provider';
import { cn } from '../../lib/cn';

export const progressVariants = cva('relative w-full overflow-hidden rounded-full bg-secondary', {
  variants: {
    size: { sm: 'h-1.5', md: 'h-2', lg: 'h-3' },
  },
  defaultVariants: { size: 'md' },
});

const indicatorTones = {
  primary: 'bg-primary',
  success: 'bg-success',
  warning: 'bg-warning',
  error: 'bg-error',
  info: 'bg-info',
} as const;

export type ProgressProps = Omit<ComponentProps<typeof ProgressPrimitive.Root>, 'value' | 'max'> &
  VariantProps<typeof progressVariants> & {
    /** 0 to `max`; `null` or absent for an indeterminate bar (progress unknown). */
    value?: number | null;
    max?: number;
    tone?: keyof typeof indicatorTones;
    /** Accessible name; defaults to 進捗. */
    label?: string;
  };

/** A linear progress bar, determinate (`value`) or indeterminate (no value). */
export function Progress({
  value,
  max = 100,
  tone = 'primary',
  size,
  label,
  className,
  ...props
}: ProgressProps) {
  const messages = useMessageGroups({ progress: progressMessages });
  const determinate = typeof value === 'number' && Number.isFinite(value);
  const clamped = determinate ? Math.min(max, Math.max(0, value)) : null;
  const percent = clamped === null ? 0 : (clamped / max) * 100;
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      data-tone={tone}
      value={clamped}
      max={max}
      aria-label={props['aria-labelledby'] ? undefined : (label ?? messages.progress.label)}
      getValueLabel={(current, total) => `${Math.round((current / total) * 100)}%`}
      {...props}
      className={cn(progressVariants({ size }), className)}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className={cn(
          'h-full rounded-full transition-[width] duration-300',
          indicatorTones[tone],
          !determinate && 'w-1/3 motion-safe:animate-progress-indeterminate',
        )}
        style={determinate ? { width: `${percent}%` } : undefined}
      />
    </ProgressPrimitive.Root>
  );
}
