import type { Header, HeaderGroup, RowData } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { Messages } from '../../i18n/messages';
import { cn } from '../../lib/cn';
import { Checkbox } from '../checkbox/checkbox';
import { alignClasses, hideClasses } from './cell-classes';
import type { DataTableColumn } from './data-table';
import type { DataTableFeatures } from './use-data-table';

type DataTableHeadProps<TRow extends RowData> = {
  headerGroups: HeaderGroup<DataTableFeatures, TRow>[];
  columnById: ReadonlyMap<string, DataTableColumn<TRow>>;
  selectable: boolean;
  hasRowActions: boolean;
  hasRows: boolean;
  allSelected: boolean;
  someSelected: boolean;
  onToggleAll: (checked: boolean) => void;
  text: Messages['dataTable'];
};

/** The sticky one-line header: select-all, the column headers (sortable ones as buttons), actions. */
export function DataTableHead<TRow extends RowData>({
  headerGroups,
  columnById,
  selectable,
  hasRowActions,
  hasRows,
  allSelected,
  someSelected,
  onToggleAll,
  text,
}: DataTableHeadProps<TRow>) {
  return (
    <thead>
      {headerGroups.map((group) => (
        <tr key={group.id}>
          {selectable && (
            <th scope="col" className="sticky top-0 z-10 w-10 border-b bg-muted px-3 py-2 text-left">
              <Checkbox
                checked={allSelected ? true : someSelected ? 'indeterminate' : false}
                disabled={!hasRows}
                onCheckedChange={(checked) => onToggleAll(checked === true)}
                aria-label={text.selectAll}
              />
            </th>
          )}
          {group.headers.map((header) => (
            <HeaderCell
              key={header.id}
              header={header}
              column={columnById.get(header.column.id)!}
              text={text}
            />
          ))}
          {hasRowActions && (
            <th scope="col" className="sticky top-0 z-10 w-12 border-b bg-muted px-2 py-2">
              <span className="sr-only">{text.actionsColumn}</span>
            </th>
          )}
        </tr>
      ))}
    </thead>
  );
}

function HeaderCell<TRow extends RowData>({
  header,
  column,
  text,
}: {
  header: Header<DataTableFeatures, TRow>;
  column: DataTableColumn<TRow>;
  text: Messages['dataTable'];
}) {
  const sorted = header.column.getIsSorted();
  return (
    <th
      scope="col"
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
      className={cn(
        'sticky top-0 z-10 border-b bg-muted px-3 py-2 font-medium whitespace-nowrap text-muted-foreground',
        alignClasses[column.align ?? 'start'],
        column.hideBelow && hideClasses[column.hideBelow],
      )}
    >
      {header.column.getCanSort() ? (
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
            {sorted === 'asc' ? text.sortAscending : sorted === 'desc' ? text.sortDescending : text.sortable}
          </span>
        </button>
      ) : (
        column.header
      )}
    </th>
  );
}
