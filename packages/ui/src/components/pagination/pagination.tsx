import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ComponentProps } from 'react';
import { paginationMessages } from '../../i18n/groups/pagination';
import { useMessageGroups } from '../../i18n/messages-provider';
import { cn } from '../../lib/cn';
import { Button } from '../button/button';

export type PaginationItem = number | 'ellipsis-start' | 'ellipsis-end';

/** Pages to show: the first, the last, the current one with `siblings` each side, gaps as ellipses. */
export function paginationItems(page: number, pageCount: number, siblings = 1): PaginationItem[] {
  if (pageCount <= 0) return [];
  // first + last + current + siblings + two ellipses
  const slots = siblings * 2 + 5;
  if (pageCount <= slots) return Array.from({ length: pageCount }, (_, index) => index + 1);
  const current = Math.min(Math.max(page, 1), pageCount);
  const start = Math.max(2, Math.min(current - siblings, pageCount - siblings * 2 - 2));
  const end = Math.min(pageCount - 1, Math.max(current + siblings, siblings * 2 + 3));
  const items: PaginationItem[] = [1];
  if (start > 2) items.push('ellipsis-start');
  for (let value = start; value <= end; value += 1) items.push(value);
  if (end < pageCount - 1) items.push('ellipsis-end');
  items.push(pageCount);
  return items;
}

export type PaginationProps = Omit<ComponentProps<'nav'>, 'children' | 'onChange'> & {
  /** 1-based current page. */
  page: number;
  pageSize: number;
  /** Total number of items on the server. */
  total: number;
  onPageChange: (page: number) => void;
  siblings?: number;
  /** Show 全 123 件中 21〜40 件. */
  showRange?: boolean;
  disabled?: boolean;
};

/** Page numbers with previous/next; below 640px only previous, n / N and next. */
export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
  siblings = 1,
  showRange = true,
  disabled = false,
  className,
  ...props
}: PaginationProps) {
  const messages = useMessageGroups({ pagination: paginationMessages });
  const text = messages.pagination;
  const pageCount = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  const current = Math.min(Math.max(page, 1), pageCount);
  const from = total === 0 ? 0 : (current - 1) * pageSize + 1;
  const to = Math.min(total, current * pageSize);
  return (
    <nav
      data-slot="pagination"
      aria-label={text.label}
      {...props}
      className={cn('flex flex-col items-center gap-3 sm:flex-row sm:justify-between', className)}
    >
      {showRange ? (
        <p data-slot="pagination-range" className="text-sm text-muted-foreground tabular-nums">
          {text.range(from, to, total)}
        </p>
      ) : (
        <span />
      )}
      <ul className="flex items-center gap-1">
        <li>
          <Button
            variant="outline"
            size="sm"
            disabled={disabled || current <= 1}
            onClick={() => onPageChange(current - 1)}
            data-slot="pagination-previous"
          >
            <ChevronLeft aria-hidden="true" />
            {text.previous}
          </Button>
        </li>
        {paginationItems(current, pageCount, siblings).map((item) =>
          typeof item === 'number' ? (
            <li key={item} className="hidden sm:block">
              <Button
                variant={item === current ? 'primary' : 'ghost'}
                size={null}
                className="h-8 min-w-8 px-2 text-sm tabular-nums"
                aria-label={text.page(item)}
                aria-current={item === current ? 'page' : undefined}
                disabled={disabled}
                onClick={() => item !== current && onPageChange(item)}
              >
                {item}
              </Button>
            </li>
          ) : (
            <li key={item} aria-hidden="true" className="hidden px-1 text-muted-foreground sm:block">
              …
            </li>
          ),
        )}
        <li className="px-2 text-sm tabular-nums sm:hidden" data-slot="pagination-compact">
          {current} / {pageCount}
        </li>
        <li>
          <Button
            variant="outline"
            size="sm"
            disabled={disabled || current >= pageCount}
            onClick={() => onPageChange(current + 1)}
            data-slot="pagination-next"
          >
            {text.next}
            <ChevronRight aria-hidden="true" />
          </Button>
        </li>
      </ul>
    </nav>
  );
}
