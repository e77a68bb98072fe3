import { cva, type VariantProps } from 'class-variance-authority';
import { ExternalLink } from 'lucide-react';
import type { ComponentProps } from 'react';
import { linkMessages } from '../../i18n/groups/link';
import { useMessageGroups } from '../../i18n/messages-provider';
import { cn } from '../../lib/cn';
import { Slot, Slottable } from '../../lib/slot';

export const linkVariants = cva(
  'inline-flex items-center gap-1 rounded-sm underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-ring',
  {
    variants: {
      variant: {
        default: 'text-primary underline hover:text-primary-hover',
        subtle: 'text-foreground hover:text-primary hover:underline',
        muted: 'text-muted-foreground underline hover:text-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type LinkProps = ComponentProps<'a'> &
  VariantProps<typeof linkVariants> & {
    /** Render the single child (e.g. a router `<Link>`) with the link styling. */
    asChild?: boolean;
    /** Opens in a new tab (target=_blank, rel=noopener) with an icon and a read-out note. */
    external?: boolean;
  };

/** A text link. For a button-looking link use `<Button asChild>`. */
export function Link({
  className,
  variant,
  asChild = false,
  external = false,
  children,
  ...props
}: LinkProps) {
  const messages = useMessageGroups({ link: linkMessages });
  const Comp = asChild ? Slot : 'a';
  return (
    <Comp
      data-slot="link"
      data-variant={variant === null ? undefined : (variant ?? 'default')}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      {...props}
      className={cn(linkVariants({ variant }), className)}
    >
      <Slottable>{children}</Slottable>
      {external && (
        <>
          <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
          <span className="sr-only">{messages.link.opensInNewTab}</span>
        </>
      )}
    </Comp>
  );
}
