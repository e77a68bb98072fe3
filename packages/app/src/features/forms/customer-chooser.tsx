import { useQuery } from '@tanstack/react-query';
import { customersQueryOptions } from '@tsumiki/api-client/react';
import { Button, SearchInput } from '@tsumiki/ui';
import { UserRound, X } from 'lucide-react';
import { useState } from 'react';
import { useTenantApi } from '../../app/use-tenant-api';

/** A customer chosen for a form: enough to show and to send. */
export interface ChosenCustomer {
  id: string;
  name: string;
}

export interface CustomerChooserProps {
  value: ChosenCustomer | null;
  onChange: (customer: ChosenCustomer | null) => void;
  /** How many matches to offer. */
  limit: number;
  /** Words of the screen that uses it. */
  labels: {
    search: string;
    placeholder: string;
    /** Before the chosen name, e.g. 調べる顧客. */
    chosen: string;
    clear: string;
    clearFor: (name: string) => string;
  };
  /** Shown while chosen, for tests and styles. */
  testId: string;
  /** Each match shows its company too. */
  showCompany?: boolean;
  /** Emptying the box forgets the last search (and its matches). */
  forgetWhenEmptied?: boolean;
}

/** Search the tenant's customers by name or kana, then choose one (or choose again). */
export function CustomerChooser({
  value,
  onChange,
  limit,
  labels,
  testId,
  showCompany = false,
  forgetWhenEmptied = false,
}: CustomerChooserProps) {
  const { api, tenantId } = useTenantApi();
  const [search, setSearch] = useState('');
  const results = useQuery({
    ...customersQueryOptions(api, tenantId, { search, limit }),
    enabled: search.length > 0 && value === null,
  });
  if (value) {
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm" data-testid={testId}>
        <UserRound aria-hidden="true" className="size-4 text-muted-foreground" />
        <span>
          {labels.chosen}: <strong>{value.name}</strong>
        </span>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onChange(null)}
          aria-label={labels.clearFor(value.name)}
        >
          <X aria-hidden="true" />
          {labels.clear}
        </Button>
      </div>
    );
  }
  const customers = results.data?.customers ?? [];
  return (
    <div className="grid gap-2">
      <SearchInput
        label={labels.search}
        placeholder={labels.placeholder}
        {...(forgetWhenEmptied
          ? {
              onValueChange: (text: string) => {
                if (text === '') setSearch('');
              },
            }
          : {})}
        onSearch={setSearch}
        loading={results.isFetching}
      />
      {search && results.isSuccess ? (
        customers.length === 0 ? (
          <p className="text-xs text-muted-foreground">「{search}」に当てはまる顧客はいません。</p>
        ) : (
          <ul aria-label="顧客の検索結果" className="flex flex-wrap gap-2">
            {customers.map((customer) => {
              const name = `${customer.last_name} ${customer.first_name}`;
              return (
                <li key={customer.id}>
                  <Button variant="outline" size="sm" onClick={() => onChange({ id: customer.id, name })}>
                    {name}
                    {showCompany && customer.company_name ? `（${customer.company_name}）` : ''}
                  </Button>
                </li>
              );
            })}
          </ul>
        )
      ) : null}
    </div>
  );
}
