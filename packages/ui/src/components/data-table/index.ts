export {
  DataTable,
  type DataTableColumn,
  type DataTablePagination,
  type DataTableProps,
  type DataTableRowAction,
  type DataTableSort,
} from './data-table';
