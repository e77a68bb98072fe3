import { STAFF_STATUS_LABELS } from '@tsumiki/api-client';
import { SortControls, type SortOptions } from '../../features/lists/list-controls';
import type { UrlSearch } from '../../features/lists/list-hooks';
import { FilterSelect, UrlSearchInput } from '../../features/lists/list-pieces';
import {
  DEFAULT_STAFF_LIST_STATE,
  defaultStaffOrder,
  STAFF_SORT_LABELS,
  STAFF_SORTS,
  STAFF_STATUSES,
  type StaffListState,
  type StaffSort,
} from '../../features/staff/staff-list-state';

export const STAFF_SORT_OPTIONS: SortOptions<StaffSort> = {
  sorts: STAFF_SORTS,
  sortLabels: STAFF_SORT_LABELS,
  orderLabels: {
    last_name_kana: { asc: 'ア → ン', desc: 'ン → ア' },
    department: { asc: 'ア → ン', desc: 'ン → ア' },
    hire_date: { asc: '古い順', desc: '新しい順' },
    created_at: { asc: '古い順', desc: '新しい順' },
  },
  defaultOrder: defaultStaffOrder,
  defaultSort: DEFAULT_STAFF_LIST_STATE.sort,
};

/** スタッフの絞り込み: the search box, the status and the sort. */
export function StaffFilters({
  state,
  update,
  search,
  searching,
}: {
  state: StaffListState;
  update: (patch: Partial<StaffListState>, options?: { replace?: boolean }) => void;
  search: UrlSearch;
  /** A search is on its way (the box's spinner). */
  searching: boolean;
}) {
  return (
    <search
      aria-label="スタッフの絞り込み"
      className="grid gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto]"
    >
      <UrlSearchInput
        search={search}
        label="スタッフを検索"
        placeholder="氏名・フリガナ・部署・職種・資格など"
        loading={searching}
        onSearch={(query) => update({ q: query, page: 1 }, { replace: true })}
      />
      <FilterSelect
        label="在籍状況で絞り込み"
        allLabel="すべての在籍状況"
        values={STAFF_STATUSES}
        labels={STAFF_STATUS_LABELS}
        value={state.status}
        onChange={(status) => update({ status, page: 1 })}
      />
      <SortControls
        options={STAFF_SORT_OPTIONS}
        value={state}
        onChange={(sort) => update({ ...sort, page: 1 })}
        className="grid grid-cols-2 gap-3 md:flex md:items-end"
        sortClassName="md:w-52"
        orderClassName="md:w-32"
      />
    </search>
  );
}
