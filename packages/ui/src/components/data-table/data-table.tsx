import {
  type ColumnDef,
  functionalUpdate,
  type RowData,
  type RowSelectionState,
  rowSelectionFeature,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, Ellipsis, RotateCw } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { commonMessages } from '../../i18n/groups/common';
import { dataTableMessages } from '../../i18n/groups/data-table';
import { useMessageGroups } from '../../i18n/messages-provider';
import { cn } from '../../lib/cn';
import { Alert } from '../alert/alert';
import { Button } from '../button/button';
import { Checkbox } from '../checkbox/checkbox';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../dropdown-menu/dropdown-menu';
import { EmptyState } from '../empty-state/empty-state';
import { Pagination } from '../pagination/pagination';
import { Skeleton } from '../skeleton/skeleton';
import { Spinner } from '../spinner/spinner';

/** Server-side sort, in the API's words (`sort_by`, `sort_order`). */
export type DataTableSort = { by: string; order: 'asc' | 'desc' };

export type DataTableColumn<TRow> = {
  /** Stable id; for a sortable column it is the `sort_by` value sent to the server. */
  id: string;
  header: ReactNode;
  cell: (row: TRow) => ReactNode;
  sortable?: boolean;
  align?: 'start' | 'center' | 'end';
  /** Hide the column below this breakpoint (sm 640px, md 900px, lg 1024px). */
  hideBelow?: 'sm' | 'md' | 'lg';
  /** Keep the cell on one line (headers always are). */
  nowrap?: boolean;
  /** Extra classes for the column's cells, e.g. a width. */
  className?: string;
};

export type DataTableRowAction<TRow> = {
  label: string;
  onSelect: (row: TRow) => void;
  icon?: ReactNode;
  destructive?: boolean;
  disabled?: boolean;
};

export type DataTablePagination = {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
};

export type DataTableProps<TRow> = {
  columns: readonly DataTableColumn<TRow>[];
  rows: readonly TRow[];
  getRowId: (row: TRow) => string;
  /** Names the table (visually hidden unless `showCaption`). */
  caption: string;
  showCaption?: boolean;
  /** Read in checkbox and action names, e.g. the customer's name. */
  getRowLabel?: (row: TRow) => string;
  /** Current server-side sort; clicking a sortable header cycles asc → desc → none. */
  sort?: DataTableSort | null;
  onSortChange?: (sort: DataTableSort | null) => void;
  /** Selection by row id; the checkbox column shows when `onSelectedRowIdsChange` is given. */
  selectedRowIds?: readonly string[];
  onSelectedRowIdsChange?: (ids: string[]) => void;
  /** Actions in a ⋯ menu at the end of each row. */
  rowActions?: (row: TRow) => DataTableRowAction<TRow>[];
  onRowClick?: (row: TRow) => void;
  /** Skeleton rows when there are no rows yet; a spinner over the rows otherwise (kept previous page). */
  loading?: boolean;
  /** An error message instead of the rows. */
  error?: ReactNode;
  onRetry?: () => void;
  /** Replaces the default empty state (データがありません). */
  empty?: ReactNode;
  pagination?: DataTablePagination;
  /** Skeleton row count while loading. */
  loadingRowCount?: number;
  className?: string;
  /** Classes for the scroll container, e.g. `max-h-[60vh]` so the header sticks while rows scroll. */
  scrollAreaClassName?: string;
};

const features = tableFeatures({ rowSortingFeature, rowSelectionFeature });

const hideClasses = {
  sm: 'hidden sm:table-cell',
  md: 'hidden md:table-cell',
  lg: 'hidden lg:table-cell',
} as const;

const alignClasses = { start: 'text-left', center: 'text-center', end: 'text-right' } as const;

/**
 * A table of server data: the server sorts and pages (the table only reports what was asked for),
 * with selection, row actions, loading, empty and error states, a sticky one-line header and
 * sideways scrolling (plus `hideBelow`) on narrow screens.
 */
export function DataTable<TRow extends RowData>({
  columns,
  rows,
  getRowId,
  caption,
  showCaption = false,
  getRowLabel,
  sort = null,
  onSortChange,
  selectedRowIds,
  onSelectedRowIdsChange,
  rowActions,
  onRowClick,
  loading = false,
  error,
  onRetry,
  empty,
  pagination,
  loadingRowCount,
  className,
  scrollAreaClassName,
}: DataTableProps<TRow>) {
  const messages = useMessageGroups({ common: commonMessages, dataTable: dataTableMessages });
  const text = messages.dataTable;
  const selectable = onSelectedRowIdsChange !== undefined;

  const columnDefs = useMemo(
    () =>
      columns.map(
        (column) =>
          ({
            id: column.id,
            // Sorting needs an accessor; the server sorts, so the value is never read.
            accessorFn: () => null,
            header: () => column.header,
            cell: () => null,
            enableSorting: Boolean(column.sortable && onSortChange),
          }) as ColumnDef<typeof features, TRow>,
      ),
    [columns, onSortChange],
  );
  const columnById = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns]);

  const sorting = useMemo<SortingState>(
    () => (sort ? [{ id: sort.by, desc: sort.order === 'desc' }] : []),
    [sort],
  );
  const rowSelection = useMemo<RowSelectionState>(
    () => Object.fromEntries((selectedRowIds ?? []).map((id) => [id, true])),
    [selectedRowIds],
  );

  const table = useTable({
    features,
    columns: columnDefs,
    data: rows as TRow[],
    getRowId: (row: TRow) => getRowId(row),
    state: { sorting, rowSelection },
    manualSorting: true,
    enableMultiSort: false,
    sortDescFirst: false,
    enableRowSelection: selectable,
    onSortingChange: (updater: Updater<SortingState>) => {
      const [first] = functionalUpdate(updater, sorting);
      onSortChange?.(first ? { by: first.id, order: first.desc ? 'desc' : 'asc' } : null);
    },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => {
      const next = functionalUpdate(updater, rowSelection);
      onSelectedRowIdsChange?.(Object.keys(next).filter((id) => next[id]));
    },
  });

  const tableRows = table.getRowModel().rows;
  const columnCount = columns.length + (selectable ? 1 : 0) + (rowActions ? 1 : 0);
  const showSkeleton = loading && rows.length === 0 && !error;
  const allSelected = rows.length > 0 && tableRows.every((row) => row.getIsSelected());
  const someSelected = tableRows.some((row) => row.getIsSelected());
  const selectedCount = selectedRowIds?.length ?? 0;

  const cellClasses = (column: DataTableColumn<TRow>) =>
    cn(
      'px-3 py-2.5 align-middle',
      alignClasses[column.align ?? 'start'],
      column.hideBelow && hideClasses[column.hideBelow],
      column.nowrap && 'whitespace-nowrap',
      column.className,
    );

  let body: ReactNode;
  if (error) {
    body = (
      <tr>
        <td colSpan={columnCount} className="p-4">
          <Alert
            variant="error"
            title={text.error}
            description={typeof error === 'string' ? error : undefined}
            data-slot="data-table-error"
          >
            {typeof error === 'string' ? null : error}
            {onRetry && (
              <div className="mt-2">
                <Button variant="outline" size="sm" onClick={onRetry}>
                  <RotateCw aria-hidden="true" />
                  {messages.common.retry}
                </Button>
              </div>
            )}
          </Alert>
        </td>
      </tr>
    );
  } else if (showSkeleton) {
    body = Array.from({ length: loadingRowCount ?? pagination?.pageSize ?? 5 }, (_, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
      <tr key={index} data-slot="data-table-skeleton-row" className="border-b last:border-b-0">
        {selectable && (
          <td className="w-10 px-3 py-2.5">
            <Skeleton className="size-4" />
          </td>
        )}
        {columns.map((column) => (
          <td key={column.id} className={cellClasses(column)}>
            <Skeleton className="h-4 w-full max-w-40" />
          </td>
        ))}
        {rowActions && <td className="w-12" />}
      </tr>
    ));
  } else if (rows.length === 0) {
    body = (
      <tr>
        <td colSpan={columnCount} data-slot="data-table-empty">
          {empty ?? <EmptyState title={text.empty} description={text.emptyDescription} />}
        </td>
      </tr>
    );
  } else {
    body = tableRows.map((row) => {
      const original = row.original;
      const rowLabel = getRowLabel?.(original);
      const actions = rowActions?.(original) ?? [];
      return (
        <tr
          key={row.id}
          data-slot="data-table-row"
          data-state={row.getIsSelected() ? 'selected' : undefined}
          onClick={onRowClick ? () => onRowClick(original) : undefined}
          className={cn(
            'border-b transition-colors last:border-b-0 hover:bg-muted/60 data-[state=selected]:bg-primary-subtle',
            onRowClick && 'cursor-pointer',
          )}
        >
          {selectable && (
            // biome-ignore lint/a11y/useKeyWithClickEvents: only stops the row click; the checkbox has its own keys
            <td className="w-10 px-3 py-2.5 align-middle" onClick={(event) => event.stopPropagation()}>
              <Checkbox
                checked={row.getIsSelected()}
                onCheckedChange={(checked) => row.toggleSelected(checked === true)}
                aria-label={text.selectRow(rowLabel)}
              />
            </td>
          )}
          {columns.map((column) => (
            <td key={column.id} data-column={column.id} className={cellClasses(column)}>
              {column.cell(original)}
            </td>
          ))}
          {rowActions && (
            // biome-ignore lint/a11y/useKeyWithClickEvents: only stops the row click; the menu has its own keys
            <td
              className="w-12 px-2 py-1.5 text-right align-middle"
              onClick={(event) => event.stopPropagation()}
            >
              {actions.length > 0 && (
                <DropdownMenu>
                  <DropdownMenuTrigger asChild>
                    <Button variant="ghost" size="icon-sm" aria-label={text.rowActions(rowLabel)}>
                      <Ellipsis aria-hidden="true" />
                    </Button>
                  </DropdownMenuTrigger>
                  <DropdownMenuContent align="end">
                    {actions.map((action) => (
                      <DropdownMenuItem
                        key={action.label}
                        variant={action.destructive ? 'destructive' : 'default'}
                        disabled={action.disabled}
                        onSelect={() => action.onSelect(original)}
                      >
                        {action.icon}
                        {action.label}
                      </DropdownMenuItem>
                    ))}
                  </DropdownMenuContent>
                </DropdownMenu>
              )}
            </td>
          )}
        </tr>
      );
    });
  }

  return (
    <div data-slot="data-table" className={cn('grid gap-3', className)}>
      {selectable && selectedCount > 0 && (
        <p
          data-slot="data-table-selection"
          aria-live="polite"
          className="text-sm font-medium text-primary-subtle-foreground"
        >
          {text.selected(selectedCount)}
        </p>
      )}
      <div
        data-slot="data-table-scroll"
        className={cn('relative overflow-auto rounded-lg border bg-surface', scrollAreaClassName)}
      >
        <table aria-busy={loading || undefined} className="w-full border-collapse text-sm">
          <caption className={cn(showCaption ? 'px-3 py-2 text-left font-semibold' : 'sr-only')}>
            {caption}
          </caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {selectable && (
                  <th scope="col" className="sticky top-0 z-10 w-10 border-b bg-muted px-3 py-2 text-left">
                    <Checkbox
                      checked={allSelected ? true : someSelected ? 'indeterminate' : false}
                      disabled={rows.length === 0}
                      onCheckedChange={(checked) => table.toggleAllRowsSelected(checked === true)}
                      aria-label={text.selectAll}
                    />
                  </th>
                )}
                {group.headers.map((header) => {
                  const column = columnById.get(header.column.id)!;
                  const sorted = header.column.getIsSorted();
                  const canSort = header.column.getCanSort();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={
                        sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                      }
                      className={cn(
                        'sticky top-0 z-10 border-b bg-muted px-3 py-2 font-medium whitespace-nowrap text-muted-foreground',
                        alignClasses[column.align ?? 'start'],
                        column.hideBelow && hideClasses[column.hideBelow],
                      )}
                    >
                      {canSort ? (
                        <button
                          type="button"
                          data-slot="data-table-sort"
                          onClick={header.column.getToggleSortingHandler()}
                          className={cn(
                            '-mx-1 inline-flex cursor-pointer items-center gap-1 rounded-sm px-1 py-0.5 outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
                            sorted && 'text-foreground',
                          )}
                        >
                          {column.header}
                          {sorted === 'asc' ? (
                            <ArrowUp aria-hidden="true" className="size-3.5" />
                          ) : sorted === 'desc' ? (
                            <ArrowDown aria-hidden="true" className="size-3.5" />
                          ) : (
                            <ArrowUpDown aria-hidden="true" className="size-3.5 opacity-60" />
                          )}
                          <span className="sr-only">
                            {sorted === 'asc'
                              ? text.sortAscending
                              : sorted === 'desc'
                                ? text.sortDescending
                                : text.sortable}
                          </span>
                        </button>
                      ) : (
                        column.header
                      )}
                    </th>
                  );
                })}
                {rowActions && (
                  <th scope="col" className="sticky top-0 z-10 w-12 border-b bg-muted px-2 py-2">
                    <span className="sr-only">{text.actionsColumn}</span>
                  </th>
                )}
              </tr>
            ))}
          </thead>
          <tbody className={cn(loading && rows.length > 0 && 'opacity-60')}>{body}</tbody>
        </table>
        {loading && rows.length > 0 && !error && (
          <div className="pointer-events-none absolute inset-0 grid place-items-center">
            <Spinner label={text.loading} className="rounded-full bg-surface p-2 shadow-md" />
          </div>
        )}
        {showSkeleton && (
          <span className="sr-only" role="status">
            {text.loading}
          </span>
        )}
      </div>
      {pagination && pagination.total > 0 && (
        <Pagination
          page={pagination.page}
          pageSize={pagination.pageSize}
          total={pagination.total}
          onPageChange={pagination.onPageChange}
          disabled={loading}
        />
      )}
    </div>
  );
}
