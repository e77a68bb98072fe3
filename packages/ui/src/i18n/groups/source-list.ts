import type { Messages } from '../messages';

/** The Japanese defaults of the `sourceList` labels. */
export const sourceListMessages: Messages['sourceList'] = {
  heading: '根拠にした箇所',
  page: (page) => `${page} ページ`,
  open: (index, title) => `根拠 ${index}（${title}）の箇所を開く`,
  openLabel: '箇所を開く',
  openAs: (index, title, label) => `根拠 ${index}（${title}）: ${label}`,
  deleted: '削除された資料',
};
