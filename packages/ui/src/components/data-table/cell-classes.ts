import { cn } from '../../lib/cn';
import type { DataTableColumn } from './data-table';

// Whole class names, not assembled from the breakpoint: Tailwind's scanner must see them.
export const hideClasses = {
  sm: 'hidden sm:table-cell',
  md: 'hidden md:table-cell',
  lg: 'hidden lg:table-cell',
} as const;

export const alignClasses = { start: 'text-left', center: 'text-center', end: 'text-right' } as const;

/** The classes of a body cell (data and skeleton rows alike). */
export function cellClasses<TRow>(column: DataTableColumn<TRow>): string {
  return cn(
    'px-3 py-2.5 align-middle',
    alignClasses[column.align ?? 'start'],
    column.hideBelow && hideClasses[column.hideBelow],
    column.nowrap && 'whitespace-nowrap',
    column.className,
  );
}
