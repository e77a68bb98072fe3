import type { Row, RowData } from '@tanstack/react-table';
import { Ellipsis } from 'lucide-react';
import type { Messages } from '../../i18n/messages';
import { cn } from '../../lib/cn';
import { Button } from '../button/button';
import { Checkbox } from '../checkbox/checkbox';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../dropdown-menu/dropdown-menu';
import { cellClasses } from './cell-classes';
import type { DataTableColumn, DataTableRowAction } from './data-table';
import type { DataTableFeatures } from './use-data-table';

export type DataTableRowProps<TRow extends RowData> = {
  row: Row<DataTableFeatures, TRow>;
  columns: readonly DataTableColumn<TRow>[];
  selectable: boolean;
  getRowLabel: ((row: TRow) => string) | undefined;
  rowActions: ((row: TRow) => DataTableRowAction<TRow>[]) | undefined;
  onRowClick: ((row: TRow) => void) | undefined;
  text: Messages['dataTable'];
};

/** One data row: its checkbox, its cells and its ⋯ menu (neither of which clicks the row). */
export function DataTableRow<TRow extends RowData>({
  row,
  columns,
  selectable,
  getRowLabel,
  rowActions,
  onRowClick,
  text,
}: DataTableRowProps<TRow>) {
  const original = row.original;
  const rowLabel = getRowLabel?.(original);
  return (
    <tr
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
        <td className="w-12 px-2 py-1.5 text-right align-middle" onClick={(event) => event.stopPropagation()}>
          <RowActionsMenu row={original} actions={rowActions(original)} label={text.rowActions(rowLabel)} />
        </td>
      )}
    </tr>
  );
}

function RowActionsMenu<TRow>({
  row,
  actions,
  label,
}: {
  row: TRow;
  actions: DataTableRowAction<TRow>[];
  label: string;
}) {
  if (actions.length === 0) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={label}>
          <Ellipsis aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {actions.map((action) => (
          <DropdownMenuItem
            key={action.label}
            variant={action.destructive ? 'destructive' : 'default'}
            disabled={action.disabled}
            onSelect={() => action.onSelect(row)}
          >
            {action.icon}
            {action.label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
