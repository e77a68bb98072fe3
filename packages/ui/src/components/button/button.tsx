import { Slot, Slottable } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import { type ComponentProps, useEffect } from 'react';
import { buttonMessages } from '../../i18n/groups/button';
import { useMessageGroups } from '../../i18n/messages-provider';
import { cn } from '../../lib/cn';
import { announce, clearAnnouncement, ensureLiveRegion } from '../../lib/live-announcer';
import { Spinner } from '../spinner/spinner';

export const buttonVariants = cva(
  [
    'inline-flex shrink-0 cursor-pointer items-center gap-2 whitespace-nowrap rounded-md font-medium',
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
        // A ghost button in secondary text: dismiss, details, log out.
        subtle: 'text-muted-foreground hover:bg-muted',
        destructive: 'bg-error text-error-foreground shadow-sm hover:bg-error-hover',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        sm: 'h-8 px-3 text-sm',
        md: 'h-10 px-4 text-sm',
        lg: 'h-12 px-6 text-base',
        // Square, for an icon alone (IconButton's sm, md and lg). While busy, the spinner takes the
        // icon's place.
        'icon-sm': 'size-8 aria-busy:[&>svg]:hidden',
        icon: 'size-10 aria-busy:[&>svg]:hidden',
        'icon-lg': 'size-12 aria-busy:[&>svg]:hidden [&_svg:not([class*=size-])]:size-5',
      },
      /** Where the content sits: centred, or from the start (a full-width button in a list). */
      align: {
        center: 'justify-center',
        start: 'justify-start',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md', align: 'center' },
  },
);

/**
 * `variant={null}` or `size={null}` leaves that variant's classes out, for a button that brings its
 * own colours or box in `className` (cn does not drop conflicting classes, so a `className` that
 * restates a colour or a padding of the variant would not reliably win).
 */
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
  align,
  asChild = false,
  loading = false,
  disabled,
  type,
  children,
  ...props
}: ButtonProps) {
  const messages = useMessageGroups({ button: buttonMessages });
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
      data-variant={variant === null ? undefined : (variant ?? 'primary')}
      data-size={size === null ? undefined : (size ?? 'md')}
      // A plain <button> submits forms by default; ours only does when asked to.
      type={asChild ? type : (type ?? 'button')}
      disabled={asChild ? undefined : inactive}
      aria-disabled={asChild && inactive ? true : undefined}
      aria-busy={loading || undefined}
      {...props}
      className={cn(buttonVariants({ variant, size, align }), className)}
    >
      {loading && <Spinner decorative size="sm" />}
      <Slottable>{children}</Slottable>
    </Comp>
  );
}
