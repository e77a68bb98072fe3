import { useQuery } from '@tanstack/react-query';
import { customersQueryOptions } from '@tsumiki/api-client/react';
import { Button, SearchInput } from '@tsumiki/ui';
import { UserRound, X } from 'lucide-react';
import { useState } from 'react';
import { useTenantApi } from '../../app/use-tenant-api';

export interface Chosen {
  id: string;
  name: string;
}

/** Search the tenant's customers by name or kana and choose one to research. */
export function ExistingCustomer({
  value,
  onChange,
}: {
  value: Chosen | null;
  onChange: (value: Chosen | null) => void;
}) {
  const { api, tenantId } = useTenantApi();
  const [search, setSearch] = useState('');
  const results = useQuery({
    ...customersQueryOptions(api, tenantId, { search, limit: 8 }),
    enabled: search.length > 0 && value === null,
  });
  if (value) {
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="research-customer">
        <UserRound aria-hidden="true" className="size-4 text-muted-foreground" />
        <span>
          調べる顧客: <strong>{value.name}</strong>
        </span>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onChange(null)}
          aria-label={`${value.name} を選び直す`}
        >
          <X aria-hidden="true" />
          選び直す
        </Button>
      </div>
    );
  }
  const customers = results.data?.customers ?? [];
  return (
    <div className="grid gap-2">
      <SearchInput
        label="登録済みの顧客を検索"
        placeholder="名前・フリガナで検索"
        onValueChange={(text) => {
          if (text === '') setSearch('');
        }}
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
                    {customer.company_name ? `（${customer.company_name}）` : ''}
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
