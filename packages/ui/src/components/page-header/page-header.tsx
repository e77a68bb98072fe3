import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

export type PageHeaderProps = Omit<ComponentProps<'div'>, 'title'> & {
  /** The page's `<h1>`. */
  title: ReactNode;
  description?: ReactNode;
  /** Buttons on the right (under the title below 640px). */
  actions?: ReactNode;
  /** Above the title, e.g. a back link or breadcrumbs. */
  eyebrow?: ReactNode;
};

/** The top of a screen: title, short description and the main actions. */
export function PageHeader({
  title,
  description,
  actions,
  eyebrow,
  className,
  children,
  ...props
}: PageHeaderProps) {
  return (
    <div
      data-slot="page-header"
      {...props}
      className={cn('flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between', className)}
    >
      <div className="flex min-w-0 flex-col gap-1">
        {eyebrow && (
          <div data-slot="page-header-eyebrow" className="text-sm text-muted-foreground">
            {eyebrow}
          </div>
        )}
        <h1 data-slot="page-header-title" className="text-2xl leading-tight font-bold">
          {title}
        </h1>
        {description && (
          <p data-slot="page-header-description" className="text-sm leading-[1.7] text-muted-foreground">
            {description}
          </p>
        )}
        {children}
      </div>
      {actions && (
        <div data-slot="page-header-actions" className="flex shrink-0 flex-wrap items-center gap-2">
          {actions}
        </div>
      )}
    </div>
  );
}
