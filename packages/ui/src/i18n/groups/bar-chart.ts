import type { Messages } from '../messages';

/** The Japanese defaults of the `barChart` labels. */
export const barChartMessages: Messages['barChart'] = {
  empty: '表示するデータがありません。',
  item: '項目',
  value: '値',
};
