import type { Row, RowData } from '@tanstack/react-table';
import { RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Alert } from '../alert/alert';
import { Button } from '../button/button';
import { EmptyState } from '../empty-state/empty-state';
import { Skeleton } from '../skeleton/skeleton';
import { cellClasses } from './cell-classes';
import type { DataTableColumn } from './data-table';
import { DataTableRow, type DataTableRowProps } from './data-table-row';
import type { DataTableFeatures } from './use-data-table';

type DataTableBodyProps<TRow extends RowData> = Omit<DataTableRowProps<TRow>, 'row'> & {
  tableRows: Row<DataTableFeatures, TRow>[];
  /** Whether `rows` (the prop) has any. */
  hasRows: boolean;
  columnCount: number;
  loading: boolean;
  showSkeleton: boolean;
  skeletonRowCount: number;
  error: ReactNode;
  onRetry: (() => void) | undefined;
  empty: ReactNode;
  retryLabel: string;
};

/** The rows, or in their place the error, the skeleton rows or the empty state (in that order). */
export function DataTableBody<TRow extends RowData>({
  tableRows,
  hasRows,
  columnCount,
  loading,
  showSkeleton,
  skeletonRowCount,
  error,
  onRetry,
  empty,
  retryLabel,
  ...rowProps
}: DataTableBodyProps<TRow>) {
  const { columns, selectable, rowActions, text } = rowProps;
  let body: ReactNode;
  if (error) {
    body = (
      <tr>
        <td colSpan={columnCount} className="p-4">
          <ErrorState error={error} onRetry={onRetry} title={text.error} retryLabel={retryLabel} />
        </td>
      </tr>
    );
  } else if (showSkeleton) {
    body = Array.from({ length: skeletonRowCount }, (_, index) => (
      <SkeletonRow
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        key={index}
        columns={columns}
        selectable={selectable}
        hasRowActions={Boolean(rowActions)}
      />
    ));
  } else if (!hasRows) {
    body = (
      <tr>
        <td colSpan={columnCount} data-slot="data-table-empty">
          {empty ?? <EmptyState title={text.empty} description={text.emptyDescription} />}
        </td>
      </tr>
    );
  } else {
    body = tableRows.map((row) => <DataTableRow key={row.id} row={row} {...rowProps} />);
  }
  return <tbody className={cn(loading && hasRows && 'opacity-60')}>{body}</tbody>;
}

function ErrorState({
  error,
  onRetry,
  title,
  retryLabel,
}: {
  error: ReactNode;
  onRetry: (() => void) | undefined;
  title: string;
  retryLabel: string;
}) {
  return (
    <Alert
      variant="error"
      title={title}
      description={typeof error === 'string' ? error : undefined}
      data-slot="data-table-error"
    >
      {typeof error === 'string' ? null : error}
      {onRetry && (
        <div className="mt-2">
          <Button variant="outline" size="sm" onClick={onRetry}>
            <RotateCw aria-hidden="true" />
            {retryLabel}
          </Button>
        </div>
      )}
    </Alert>
  );
}

function SkeletonRow<TRow>({
  columns,
  selectable,
  hasRowActions,
}: {
  columns: readonly DataTableColumn<TRow>[];
  selectable: boolean;
  hasRowActions: boolean;
}) {
  return (
    <tr data-slot="data-table-skeleton-row" className="border-b last:border-b-0">
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
      {hasRowActions && <td className="w-12" />}
    </tr>
  );
}
