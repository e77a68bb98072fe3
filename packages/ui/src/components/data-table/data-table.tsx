import type { RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { commonMessages } from '../../i18n/groups/common';
import { dataTableMessages } from '../../i18n/groups/data-table';
import { useMessageGroups } from '../../i18n/messages-provider';
import { cn } from '../../lib/cn';
import { Pagination } from '../pagination/pagination';
import { Spinner } from '../spinner/spinner';
import { DataTableBody } from './data-table-body';
import { DataTableHead } from './data-table-head';
import { useDataTable } from './use-data-table';
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
  const { table, tableRows, columnById, allSelected, someSelected } = useDataTable({
    columns,
    rows,
    getRowId,
    sort,
    onSortChange,
    selectedRowIds,
    onSelectedRowIdsChange,
  });

  const columnCount = columns.length + (selectable ? 1 : 0) + (rowActions ? 1 : 0);
  const showSkeleton = loading && rows.length === 0 && !error;
  const selectedCount = selectedRowIds?.length ?? 0;

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
          <DataTableHead
            headerGroups={table.getHeaderGroups()}
            columnById={columnById}
            selectable={selectable}
            hasRowActions={Boolean(rowActions)}
            hasRows={rows.length > 0}
            allSelected={allSelected}
            someSelected={someSelected}
            onToggleAll={(checked) => table.toggleAllRowsSelected(checked)}
            text={text}
          />
          <DataTableBody
            tableRows={tableRows}
            hasRows={rows.length > 0}
            columns={columns}
            columnCount={columnCount}
            selectable={selectable}
            getRowLabel={getRowLabel}
            rowActions={rowActions}
            onRowClick={onRowClick}
            loading={loading}
            showSkeleton={showSkeleton}
            skeletonRowCount={loadingRowCount ?? pagination?.pageSize ?? 5}
            error={error}
            onRetry={onRetry}
            empty={empty}
            retryLabel={messages.common.retry}
            text={text}
          />
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
