import { useQuery } from '@tanstack/react-query';
import { productsQueryOptions } from '@tsumiki/api-client/react';
import { Chip, Select } from '@tsumiki/ui';
import { X } from 'lucide-react';
import { useTenantApi } from '../../app/use-tenant-api';
import { usePermissions } from '../access/permissions';
import { isFeatureEnabled, useFeatureFlags } from '../feature-flags';
import { fieldLabel } from '../forms/field-rules';

export type ProductChoice = { id: string; name: string };

/** The products an interaction was about: chosen from the tenant's products on sale, shown as removable chips. */
export function ProductPicker({
  selected,
  onChange,
  error,
}: {
  selected: ProductChoice[];
  onChange: (products: ProductChoice[]) => void;
  error?: string | undefined;
}) {
  const { api, tenantId } = useTenantApi();
  const { can } = usePermissions();
  const { flags } = useFeatureFlags();
  const available = isFeatureEnabled(flags, 'products') && can('products.read');
  const catalogue = useQuery({
    ...productsQueryOptions(api, tenantId, {
      status: 'active',
      sort_by: 'name_kana',
      sort_order: 'asc',
      limit: 100,
    }),
    enabled: available,
  });
  if (!available) return null;
  const options = (catalogue.data?.products ?? [])
    .filter((product) => !selected.some((chosen) => chosen.id === product.id))
    .map((product) => ({ value: product.id, label: product.name }));
  return (
    <div className="grid gap-2">
      <Select
        label={fieldLabel('product_ids')}
        placeholder={catalogue.isPending ? '読み込んでいます…' : '商品を追加'}
        options={options}
        value=""
        disabled={selected.length >= 20}
        description={
          catalogue.isError
            ? '商品の一覧を読み込めませんでした。'
            : selected.length >= 20
              ? '商品は 20 件まで選べます。'
              : 'この対応で扱った商品・サービス（任意・複数可）'
        }
        onChange={(event) => {
          const product = catalogue.data?.products.find((candidate) => candidate.id === event.target.value);
          if (product) onChange([...selected, { id: product.id, name: product.name }]);
        }}
        error={error}
      />
      {selected.length > 0 ? (
        <ul aria-label="選んだ商品" className="flex flex-wrap gap-1.5">
          {selected.map((product) => (
            <li key={product.id}>
              <Chip size="sm" variant="primary" className="gap-1 pr-1">
                {product.name}
                <button
                  type="button"
                  aria-label={`${product.name}を外す`}
                  className="grid size-5 place-items-center rounded-full hover:bg-primary/15 focus-visible:outline-2 focus-visible:outline-ring"
                  onClick={() => onChange(selected.filter((chosen) => chosen.id !== product.id))}
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </Chip>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
