import { ChevronRight } from 'lucide-react';
import type { ComponentProps, ComponentType, ReactNode } from 'react';
import { breadcrumbsMessages } from '../../i18n/groups/breadcrumbs';
import { useMessageGroups } from '../../i18n/messages-provider';
import { AnchorLink, type NavigationLinkProps } from '../../internal/anchor-link';
import { cn } from '../../lib/cn';

export type { NavigationLinkProps };

export type BreadcrumbItem = {
  /** Unique among the items. */
  key: string;
  label: ReactNode;
  /** Omit for the current page (the last item). */
  href?: string;
};

export type BreadcrumbsProps = Omit<ComponentProps<'nav'>, 'children'> & {
  items: readonly BreadcrumbItem[];
  /** Router link component; defaults to a plain `<a href>`. */
  linkComponent?: ComponentType<NavigationLinkProps>;
};

/** Where the user is in a hierarchy (e.g. folders): every level a link, the last one the current page. */
export function Breadcrumbs({
  items,
  linkComponent: Link = AnchorLink,
  className,
  ...props
}: BreadcrumbsProps) {
  const messages = useMessageGroups({ breadcrumbs: breadcrumbsMessages });
  return (
    <nav
      data-slot="breadcrumbs"
      aria-label={messages.breadcrumbs.label}
      className={cn('min-w-0', className)}
      {...props}
    >
      <ol className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={item.key} className="flex min-w-0 items-center gap-1">
              {item.href !== undefined && !last ? (
                <Link
                  href={item.href}
                  className="max-w-48 truncate rounded-sm underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {item.label}
                </Link>
              ) : (
                <span
                  aria-current={last ? 'page' : undefined}
                  className="max-w-64 truncate font-medium text-foreground"
                >
                  {item.label}
                </span>
              )}
              {last ? null : <ChevronRight aria-hidden="true" className="size-4 shrink-0" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
