import type { Messages } from '../messages';

/** The Japanese defaults of the `pagination` labels. */
export const paginationMessages: Messages['pagination'] = {
  label: 'ページ送り',
  previous: '前へ',
  next: '次へ',
  page: (page) => `${page} ページ`,
  range: (from, to, total) =>
    `全 ${total.toLocaleString('ja-JP')} 件中 ${from.toLocaleString('ja-JP')}〜${to.toLocaleString('ja-JP')} 件`,
};
