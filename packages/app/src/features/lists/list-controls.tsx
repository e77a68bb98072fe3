import { type DataTableSort, Pagination, type PaginationProps, Select } from '@tsumiki/ui';
import type { ReactNode } from 'react';

export type SortOrder = 'asc' | 'desc';

const ORDERS = ['asc', 'desc'] as const;

/** A list's server-side sort, as its URL state holds it. */
export interface ListSort<S extends string> {
  sort: S;
  order: SortOrder;
}

/** The sorts a list offers and how they read. */
export interface SortOptions<S extends string> {
  /** In the 並べ替え menu's order. */
  sorts: readonly S[];
  sortLabels: Record<S, string>;
  /** What each order reads as for a sort (ア → ン, 新しい順…). */
  orderLabels: Record<S, Record<SortOrder, string>>;
  /** The order a sort starts with when it is chosen. */
  defaultOrder: (sort: S) => SortOrder;
  /** The list's default sort: the one in force when the table's header turns sorting off. */
  defaultSort: S;
}

/**
 * The 並べ替え and 並び順 selects of a list's filters. Choosing a sort starts it in its default
 * order; the order's labels follow the sort. `className` lays out the pair; `sortClassName` and
 * `orderClassName` size each select.
 */
export function SortControls<S extends string>({
  options,
  value,
  onChange,
  className,
  sortClassName,
  orderClassName,
}: {
  options: SortOptions<S>;
  value: ListSort<S>;
  onChange: (sort: ListSort<S>) => void;
  className?: string;
  sortClassName?: string;
  orderClassName?: string;
}) {
  return (
    <div className={className}>
      <Select
        label="並べ替え"
        hideLabel
        placeholder={false}
        className={sortClassName}
        options={options.sorts.map((sort) => ({ value: sort, label: options.sortLabels[sort] }))}
        value={value.sort}
        onChange={(event) => {
          const sort = event.target.value as S;
          onChange({ sort, order: options.defaultOrder(sort) });
        }}
      />
      <Select
        label="並び順"
        hideLabel
        placeholder={false}
        className={orderClassName}
        options={ORDERS.map((order) => ({ value: order, label: options.orderLabels[value.sort][order] }))}
        value={value.order}
        onChange={(event) => onChange({ sort: value.sort, order: event.target.value as SortOrder })}
      />
    </div>
  );
}

/**
 * The DataTable's `sort` and `onSortChange` for a list sorted on the server: a header sorts by
 * its column (asc → desc), and turning sorting off goes back to the default sort in its order.
 */
export function tableSort<S extends string>(
  options: Pick<SortOptions<S>, 'defaultSort' | 'defaultOrder'>,
  value: ListSort<S>,
  onChange: (sort: ListSort<S>) => void,
): { sort: DataTableSort; onSortChange: (sort: DataTableSort | null) => void } {
  return {
    sort: { by: value.sort, order: value.order },
    onSortChange: (sort) => {
      const next = (sort?.by ?? options.defaultSort) as S;
      onChange({ sort: next, order: sort?.order ?? options.defaultOrder(next) });
    },
  };
}

/** The line over a list that says how many rows match, read out when it changes. */
export function ListTotal({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <p aria-live="polite" className="min-h-5 text-sm text-muted-foreground tabular-nums" data-testid={testId}>
      {children}
    </p>
  );
}

/**
 * The pages under a list, none while it has no rows (or no answer yet): a new page is shown
 * from the top of the screen.
 */
export function ListPagination({
  total,
  onPageChange,
  ...props
}: Omit<PaginationProps, 'total'> & { total: number | undefined }) {
  if (!total) return null;
  return (
    <Pagination
      {...props}
      total={total}
      onPageChange={(page) => {
        onPageChange(page);
        window.scrollTo({ top: 0 });
      }}
    />
  );
}
