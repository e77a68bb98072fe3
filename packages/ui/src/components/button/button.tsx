import { Slot, Slottable } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import { type ComponentProps, useEffect } from 'react';
import { useMessages } from '../../i18n';
import { cn } from '../../lib/cn';
import { announce, clearAnnouncement, ensureLiveRegion } from '../../lib/live-announcer';
import { Spinner } from '../spinner/spinner';

export const buttonVariants = cva(
  [
    'inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium',
    'transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
    'disabled:pointer-events-none disabled:opacity-60 aria-busy:cursor-progress aria-disabled:pointer-events-none aria-disabled:opacity-60',
    "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  ],
  {
    variants: {
      variant: {
        primary: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary-hover',
        outline: 'border border-input bg-surface text-foreground shadow-sm hover:bg-muted',
        ghost: 'text-foreground hover:bg-muted',
        destructive: 'bg-error text-error-foreground shadow-sm hover:bg-error-hover',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        sm: 'h-8 px-3 text-sm',
        md: 'h-10 px-4 text-sm',
        lg: 'h-12 px-6 text-base',
        // While busy, the spinner takes the icon's place.
        icon: 'size-10 aria-busy:[&>svg]:hidden',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Render the single child element (e.g. a router link) with the button's styling. */
    asChild?: boolean;
    /** Busy: shows a spinner, sets aria-busy, disables the button and announces 処理中. */
    loading?: boolean;
  };

export function Button({
  className,
  variant,
  size,
  asChild = false,
  loading = false,
  disabled,
  type,
  children,
  ...props
}: ButtonProps) {
  const messages = useMessages();
  const loadingMessage = messages.button.loading;

  // The message goes to a shared live region outside the button (see lib/live-announcer).
  useEffect(() => {
    ensureLiveRegion();
  }, []);
  useEffect(() => {
    if (!loading) return;
    announce(loadingMessage);
    return () => clearAnnouncement(loadingMessage);
  }, [loading, loadingMessage]);

  const Comp = asChild ? Slot : 'button';
  const inactive = disabled || loading;
  return (
    <Comp
      data-slot="button"
      data-variant={variant ?? 'primary'}
      data-size={size ?? 'md'}
      // A plain <button> submits forms by default; ours only does when asked to.
      type={asChild ? type : (type ?? 'button')}
      disabled={asChild ? undefined : inactive}
      aria-disabled={asChild && inactive ? true : undefined}
      aria-busy={loading || undefined}
      {...props}
      className={cn(buttonVariants({ variant, size }), className)}
    >
      {loading && <Spinner decorative size="sm" />}
      <Slottable>{children}</Slottable>
    </Comp>
  );
}
