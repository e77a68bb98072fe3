import { cva, type VariantProps } from 'class-variance-authority';
import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';
import { spinnerMessages } from '../../i18n/groups/spinner';
import { useMessageGroups } from '../../i18n/messages-provider';
import { cn } from '../../lib/cn';

export const spinnerVariants = cva('inline-block shrink-0 animate-spin text-current', {
  variants: {
    size: {
      sm: 'size-4',
      md: 'size-6',
      lg: 'size-10',
    },
  },
  defaultVariants: { size: 'md' },
});

export type SpinnerProps = Omit<ComponentProps<'span'>, 'children'> &
  VariantProps<typeof spinnerVariants> & {
    /** Accessible name; defaults to 読み込み中. */
    label?: string;
    /**
     * Purely visual spinner (e.g. inside a busy button that announces itself): no status role,
     * hidden from assistive technology.
     */
    decorative?: boolean;
  };

export function Spinner({ className, size, label, decorative = false, ...props }: SpinnerProps) {
  const messages = useMessageGroups({ spinner: spinnerMessages });
  const a11yProps = decorative
    ? { 'aria-hidden': true as const }
    : { role: 'status' as const, 'aria-label': label ?? messages.spinner.label };
  return (
    <span
      data-slot="spinner"
      data-size={size ?? 'md'}
      {...a11yProps}
      {...props}
      className={cn('inline-flex items-center justify-center', className)}
    >
      <LoaderCircle aria-hidden="true" className={spinnerVariants({ size })} />
    </span>
  );
}
