import type { Messages } from '../messages';

/** The Japanese defaults of the `dataTable` labels. */
export const dataTableMessages: Messages['dataTable'] = {
  selectAll: 'すべて選択',
  selectRow: (row) => (row ? `${row} を選択` : '行を選択'),
  rowActions: (row) => (row ? `${row} の操作` : '操作'),
  actionsColumn: '操作',
  loading: '読み込み中',
  empty: 'データがありません',
  emptyDescription: '条件を変えるか、新しく登録してください。',
  error: 'データを読み込めませんでした',
  sortAscending: '昇順',
  sortDescending: '降順',
  sortable: '並べ替え',
  selected: (count) => `${count} 件を選択中`,
};
