import { TextField } from '@tsumiki/ui';
import { SortControls, type SortOptions } from '../../features/lists/list-controls';
import type { UrlSearch } from '../../features/lists/list-hooks';
import { FilterSelect, UrlSearchInput } from '../../features/lists/list-pieces';
import { PRODUCT_STATUS_LABELS } from '../../features/products/product-display';
import {
  DEFAULT_PRODUCT_LIST_STATE,
  defaultProductOrder,
  PRODUCT_ORDER_LABELS,
  PRODUCT_SORT_LABELS,
  PRODUCT_SORTS,
  PRODUCT_STATUSES,
  type ProductListState,
  type ProductSort,
} from '../../features/products/product-list-state';

export const PRODUCT_SORT_OPTIONS: SortOptions<ProductSort> = {
  sorts: PRODUCT_SORTS,
  sortLabels: PRODUCT_SORT_LABELS,
  orderLabels: PRODUCT_ORDER_LABELS,
  defaultOrder: defaultProductOrder,
  defaultSort: DEFAULT_PRODUCT_LIST_STATE.sort,
};

/** 商品の絞り込み: the search box, the category, the status and the sort. */
export function ProductFilters({
  state,
  update,
  search,
  category,
  searching,
}: {
  state: ProductListState;
  update: (patch: Partial<ProductListState>, options?: { replace?: boolean }) => void;
  search: UrlSearch;
  category: UrlSearch;
  /** A search is on its way (the box's spinner). */
  searching: boolean;
}) {
  const filterCategory = (value: string) => {
    category.markEmitted(value.trim());
    update({ category: value, page: 1 });
  };
  return (
    <search
      aria-label="商品の絞り込み"
      className="grid gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)] lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto]"
    >
      <UrlSearchInput
        search={search}
        label="商品を検索"
        placeholder="商品名・フリガナ・商品コードなど"
        loading={searching}
        onSearch={(q) => update({ q, page: 1 }, { replace: true })}
      />
      <TextField
        key={`category-${category.key}`}
        label={<span className="sr-only">カテゴリーで絞り込み</span>}
        placeholder="カテゴリー（例 物販）"
        defaultValue={state.category}
        onBlur={(event) => {
          if (event.target.value.trim() !== state.category) filterCategory(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.nativeEvent.isComposing)
            filterCategory(event.currentTarget.value);
        }}
      />
      <FilterSelect
        label="販売状況で絞り込み"
        allLabel="すべての販売状況"
        values={PRODUCT_STATUSES}
        labels={PRODUCT_STATUS_LABELS}
        value={state.status}
        onChange={(status) => update({ status, page: 1 })}
      />
      <SortControls
        options={PRODUCT_SORT_OPTIONS}
        value={state}
        onChange={(sort) => update({ ...sort, page: 1 })}
        className="grid grid-cols-2 gap-3 md:col-span-3 lg:col-span-1 lg:flex lg:items-end"
        sortClassName="lg:w-48"
        orderClassName="lg:w-32"
      />
    </search>
  );
}
