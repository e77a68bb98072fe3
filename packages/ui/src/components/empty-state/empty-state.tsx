import { Inbox } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

export type EmptyStateProps = Omit<ComponentProps<'div'>, 'title'> & {
  title: ReactNode;
  description?: ReactNode;
  /** An icon element; defaults to an inbox. `null` for none. */
  icon?: ReactNode;
  /** A button or link, e.g. 顧客を登録. */
  action?: ReactNode;
  /**
   * Heading level of the title. Defaults to 2: an empty state usually stands right under the
   * page's h1 (a list with nothing in it); inside a section with its own h2, pass 3.
   */
  headingLevel?: 2 | 3 | 4;
};

/** Nothing to show yet: what is missing, why, and what to do. */
export function EmptyState({
  title,
  description,
  icon,
  action,
  headingLevel = 2,
  className,
  children,
  ...props
}: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div
      data-slot="empty-state"
      {...props}
      className={cn('flex flex-col items-center gap-2 px-4 py-10 text-center', className)}
    >
      {icon === undefined ? (
        <span className="mb-1 grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
          <Inbox aria-hidden="true" className="size-6" />
        </span>
      ) : (
        icon
      )}
      <Heading data-slot="empty-state-title" className="text-base font-semibold">
        {title}
      </Heading>
      {description && (
        <p
          data-slot="empty-state-description"
          className="max-w-md text-sm leading-[1.7] text-muted-foreground"
        >
          {description}
        </p>
      )}
      {children}
      {action && <div className="mt-2 flex flex-wrap justify-center gap-2">{action}</div>}
    </div>
  );
}
