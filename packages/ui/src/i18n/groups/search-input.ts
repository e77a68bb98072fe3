import type { Messages } from '../messages';

/** The Japanese defaults of the `searchInput` labels. */
export const searchInputMessages: Messages['searchInput'] = {
  label: '検索',
  placeholder: '検索',
  clear: '検索語を消去',
};
