import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { Slot } from '../../lib/slot';

export const cardVariants = cva('flex flex-col gap-4 rounded-lg border bg-surface text-surface-foreground', {
  variants: {
    elevation: {
      flat: '',
      raised: 'shadow-sm',
    },
    padding: {
      none: '',
      md: 'py-5',
      lg: 'py-6',
    },
  },
  defaultVariants: { elevation: 'raised', padding: 'md' },
});

export type CardProps = ComponentProps<'div'> &
  VariantProps<typeof cardVariants> & {
    /** Render as the child element (e.g. `<section>` or `<article>`). */
    asChild?: boolean;
  };

export function Card({ className, elevation, padding, asChild = false, ...props }: CardProps) {
  const Comp = asChild ? Slot : 'div';
  return <Comp data-slot="card" {...props} className={cn(cardVariants({ elevation, padding }), className)} />;
}

export type CardHeaderProps = ComponentProps<'div'> & {
  /** `stack`: title over description (default); `row`: the title with a note or an action beside it. */
  layout?: 'stack' | 'row';
};

const headerLayouts = {
  stack: 'flex-col gap-1',
  row: 'flex-row flex-wrap items-baseline justify-between gap-2',
} as const;

export function CardHeader({ className, layout = 'stack', ...props }: CardHeaderProps) {
  return (
    <div data-slot="card-header" {...props} className={cn('flex px-5', headerLayouts[layout], className)} />
  );
}

export type CardTitleProps = ComponentProps<'div'> & {
  /** Render the child element (e.g. `<h2>`) as the title instead of wrapping it. */
  asChild?: boolean;
};

/**
 * The card's title text. It is not a heading by itself, because the right level depends on the
 * page: put an `<h2>`… inside, or pass one with `asChild`.
 */
export function CardTitle({ className, asChild = false, ...props }: CardTitleProps) {
  const Comp = asChild ? Slot : 'div';
  return (
    <Comp
      data-slot="card-title"
      {...props}
      className={cn(
        'text-base leading-snug font-semibold [&>:is(h1,h2,h3,h4,h5,h6)]:text-inherit',
        className,
      )}
    />
  );
}

export type CardDescriptionProps = ComponentProps<'p'>;

export function CardDescription({ className, ...props }: CardDescriptionProps) {
  return (
    <p data-slot="card-description" {...props} className={cn('text-sm text-muted-foreground', className)} />
  );
}

export type CardContentProps = ComponentProps<'div'>;

export function CardContent({ className, ...props }: CardContentProps) {
  return <div data-slot="card-content" {...props} className={cn('px-5 text-sm', className)} />;
}

export type CardFooterProps = ComponentProps<'div'>;

export function CardFooter({ className, ...props }: CardFooterProps) {
  return <div data-slot="card-footer" {...props} className={cn('flex items-center gap-2 px-5', className)} />;
}
