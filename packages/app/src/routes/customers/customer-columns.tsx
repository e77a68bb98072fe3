import { type DataTableColumn, EmptyValue } from '@tsumiki/ui';
import { Link } from 'react-router-dom';
import {
  type Customer,
  customerKana,
  customerName,
  NO_ASSIGNEE,
} from '../../features/customers/customer-fields';
import { birthDateLabel } from '../../features/customers/patient-card';
import { orEmpty } from '../../features/lists/list-pieces';
import { formatTenantDate } from '../../lib/format';

/** The customers table's columns; the name links to the customer, with the list's way back. */
export function customerColumns(listSearch: string): DataTableColumn<Customer>[] {
  return [
    {
      id: 'patient_number',
      header: '診察券番号',
      sortable: true,
      nowrap: true,
      cell: (customer) => <span className="tabular-nums">{customer.patient_number}</span>,
    },
    {
      id: 'last_name_kana',
      header: '氏名',
      sortable: true,
      className: 'min-w-40',
      cell: (customer) => (
        <div className="grid gap-0.5">
          <Link
            to={`/customers/${customer.id}`}
            state={{ listSearch }}
            onClick={(event) => event.stopPropagation()}
            className="w-fit rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            {customerName(customer)}
          </Link>
          <span className="text-xs text-muted-foreground">{customerKana(customer)}</span>
        </div>
      ),
    },
    {
      id: 'birth_date',
      header: '生年月日',
      sortable: true,
      nowrap: true,
      hideBelow: 'sm',
      cell: (customer) => orEmpty(birthDateLabel(customer.birth_date)),
    },
    {
      id: 'company',
      header: '会社名',
      hideBelow: 'md',
      cell: (customer) => orEmpty(customer.company_name),
    },
    {
      id: 'phone',
      header: '電話番号',
      nowrap: true,
      cell: (customer) => orEmpty(customer.phone),
    },
    {
      id: 'address',
      header: '住所',
      hideBelow: 'lg',
      cell: (customer) =>
        customer.prefecture || customer.city ? (
          `${customer.prefecture ?? ''} ${customer.city ?? ''}`.trim()
        ) : (
          <EmptyValue />
        ),
    },
    {
      id: 'assignee',
      header: '担当者',
      hideBelow: 'lg',
      cell: (customer) =>
        customer.assignee_name ?? <span className="text-muted-foreground">{NO_ASSIGNEE}</span>,
    },
    {
      id: 'updated_at',
      header: '更新日',
      sortable: true,
      nowrap: true,
      hideBelow: 'sm',
      cell: (customer) => (
        <time dateTime={customer.updated_at} className="tabular-nums">
          {formatTenantDate(customer.updated_at)}
        </time>
      ),
    },
  ];
}
