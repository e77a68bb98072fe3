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
import { useMemo } from 'react';
import type { DataTableColumn, DataTableSort } from './data-table';

const features = tableFeatures({ rowSortingFeature, rowSelectionFeature });

export type DataTableFeatures = typeof features;

type DataTableStateOptions<TRow> = {
  columns: readonly DataTableColumn<TRow>[];
  rows: readonly TRow[];
  getRowId: (row: TRow) => string;
  sort: DataTableSort | null;
  onSortChange: ((sort: DataTableSort | null) => void) | undefined;
  selectedRowIds: readonly string[] | undefined;
  onSelectedRowIdsChange: ((ids: string[]) => void) | undefined;
};

/**
 * The table state as TanStack Table sees it, derived from the props on every render: the server
 * sorts and the caller owns the selection, so the table only reports what was asked for.
 */
export function useDataTable<TRow extends RowData>({
  columns,
  rows,
  getRowId,
  sort,
  onSortChange,
  selectedRowIds,
  onSelectedRowIdsChange,
}: DataTableStateOptions<TRow>) {
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
          }) as ColumnDef<DataTableFeatures, TRow>,
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
  return {
    table,
    tableRows,
    columnById,
    allSelected: rows.length > 0 && tableRows.every((row) => row.getIsSelected()),
    someSelected: tableRows.some((row) => row.getIsSelected()),
  };
}
