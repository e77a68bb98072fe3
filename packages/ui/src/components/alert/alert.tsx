import { cva, type VariantProps } from 'class-variance-authority';
import { CircleAlert, CircleCheck, Info, type LucideIcon, TriangleAlert } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

export const alertVariants = cva(
  'relative flex w-full items-start gap-3 rounded-lg border px-4 py-3 text-sm [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0',
  {
    variants: {
      variant: {
        info: 'border-info/30 bg-info-subtle text-info-subtle-foreground',
        success: 'border-success/30 bg-success-subtle text-success-subtle-foreground',
        warning: 'border-warning/30 bg-warning-subtle text-warning-subtle-foreground',
        error: 'border-error/30 bg-error-subtle text-error-subtle-foreground',
      },
    },
    defaultVariants: { variant: 'info' },
  },
);

type AlertVariant = NonNullable<VariantProps<typeof alertVariants>['variant']>;

const variantIcons: Record<AlertVariant, LucideIcon> = {
  info: Info,
  success: CircleCheck,
  warning: TriangleAlert,
  error: CircleAlert,
};

export type AlertProps = Omit<ComponentProps<'div'>, 'title'> &
  VariantProps<typeof alertVariants> & {
    /** Bold first line. */
    title?: ReactNode;
    /** Text under the title; `children` are rendered after it (plain text or `AlertTitle`/`AlertDescription`). */
    description?: ReactNode;
    /** Replaces the variant's icon; `null` shows none. */
    icon?: ReactNode;
  };

/**
 * A message block. Errors and warnings interrupt (role="alert"); info and success wait their turn
 * (role="status"). Pass `role` to change that.
 */
export function Alert({ className, variant, title, description, icon, children, ...props }: AlertProps) {
  const resolved: AlertVariant = variant ?? 'info';
  const VariantIcon = variantIcons[resolved];
  return (
    <div
      data-slot="alert"
      data-variant={resolved}
      role={resolved === 'error' || resolved === 'warning' ? 'alert' : 'status'}
      {...props}
      className={cn(alertVariants({ variant: resolved }), className)}
    >
      {icon === undefined ? <VariantIcon aria-hidden="true" /> : icon}
      <div data-slot="alert-content" className="flex min-w-0 flex-1 flex-col gap-0.5">
        {title !== undefined && title !== null && <AlertTitle>{title}</AlertTitle>}
        {description !== undefined && description !== null && (
          <AlertDescription>{description}</AlertDescription>
        )}
        {children}
      </div>
    </div>
  );
}

export type AlertTitleProps = ComponentProps<'div'>;

export function AlertTitle({ className, ...props }: AlertTitleProps) {
  return <div data-slot="alert-title" {...props} className={cn('font-semibold', className)} />;
}

export type AlertDescriptionProps = ComponentProps<'div'>;

export function AlertDescription({ className, ...props }: AlertDescriptionProps) {
  return <div data-slot="alert-description" {...props} className={cn('leading-relaxed', className)} />;
}
