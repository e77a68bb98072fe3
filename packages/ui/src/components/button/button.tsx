import { cva, type VariantProps } from 'class-variance-authority';
import { type ComponentProps, lazy, type MouseEvent, Suspense, useEffect, useId, useState } from 'react';
import { buttonMessages } from '../../i18n/groups/button';
import { useMessageGroups } from '../../i18n/messages-provider';
import { cn } from '../../lib/cn';
import { announce, clearAnnouncement, ensureLiveRegion } from '../../lib/live-announcer';
import { Slot, Slottable } from '../../lib/slot';
import { Spinner } from '../spinner/spinner';

export const buttonVariants = cva(
  [
    'inline-flex shrink-0 cursor-pointer items-center gap-2 whitespace-nowrap rounded-md font-medium',
    'transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
    'disabled:pointer-events-none disabled:opacity-60 aria-busy:cursor-progress aria-disabled:opacity-60',
    // A button locked with a reason stays hoverable (its tooltip explains why); other aria-disabled
    // ones (a disabled link) take no pointer events.
    '[&[aria-disabled=true]:not([data-disabled-reason])]:pointer-events-none data-disabled-reason:cursor-not-allowed',
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
    /**
     * Why the action is not available (e.g. no permission). The button stays focusable but is
     * aria-disabled, ignores clicks, Enter and Space, and tells the reason in a tooltip on hover
     * and focus (linked with aria-describedby). Takes precedence over `disabled`.
     */
    disabledReason?: string;
  };

export function Button(props: ButtonProps) {
  const { disabledReason, onPointerEnter, onFocus } = props;
  // The hint's code loads on the first hover or focus of a locked button; it then follows the
  // button's hover and focus itself. The button is never re-mounted for it.
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const activate = disabledReason && !anchor ? (element: HTMLElement) => setAnchor(element) : null;
  return (
    <>
      <ButtonCore
        {...props}
        onPointerEnter={(event) => {
          onPointerEnter?.(event);
          activate?.(event.currentTarget);
        }}
        onFocus={(event) => {
          onFocus?.(event);
          activate?.(event.currentTarget);
        }}
      />
      {disabledReason && anchor && (
        <Suspense fallback={null}>
          <ReasonHint anchor={anchor}>{disabledReason}</ReasonHint>
        </Suspense>
      )}
    </>
  );
}

// Loaded on the first hover or focus of a locked button: most screens never show one.
const ReasonHint = lazy(() => import('./reason-hint').then(({ ReasonHint }) => ({ default: ReasonHint })));

/** Button without its tooltip: IconButton brings its own, which also shows the reason. */
export function ButtonCore({
  className,
  variant,
  size,
  align,
  asChild = false,
  loading = false,
  disabled,
  disabledReason,
  type,
  children,
  onClick,
  'aria-describedby': ariaDescribedBy,
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

  const reasonId = useId();
  const Comp = asChild ? Slot : 'button';
  const locked = Boolean(disabledReason);
  const inactive = !locked && (disabled || loading);
  // Enter and Space on a button end in a click, so blocking the click blocks them too (and keeps
  // a submit button from submitting, or a link from navigating).
  const handleClick = locked
    ? (event: MouseEvent<HTMLButtonElement>) => {
        event.preventDefault();
        event.stopPropagation();
      }
    : onClick;
  const describedBy = [ariaDescribedBy, locked ? reasonId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <Comp
      data-slot="button"
      data-variant={variant === null ? undefined : (variant ?? 'primary')}
      data-size={size === null ? undefined : (size ?? 'md')}
      data-disabled-reason={locked ? '' : undefined}
      // A plain <button> submits forms by default; ours only does when asked to.
      type={asChild ? type : (type ?? 'button')}
      disabled={asChild ? undefined : inactive}
      aria-disabled={locked || (asChild && inactive) ? true : undefined}
      aria-busy={loading || undefined}
      aria-describedby={describedBy}
      onClick={handleClick}
      {...props}
      className={cn(buttonVariants({ variant, size, align }), className)}
    >
      {loading && <Spinner decorative size="sm" />}
      <Slottable>{children}</Slottable>
      {locked && (
        // Hidden, so not part of the button's name; aria-describedby still reads it.
        <span id={reasonId} hidden data-slot="button-disabled-reason">
          {disabledReason}
        </span>
      )}
    </Comp>
  );
}
