import type { Messages } from '../messages';

/** The Japanese defaults of the `folderTree` labels. */
export const folderTreeMessages: Messages['folderTree'] = {
  expand: (name) => `${name}を開く`,
  collapse: (name) => `${name}を閉じる`,
  count: (count) => `（文書 ${count.toLocaleString('ja-JP')} 件）`,
  loading: '読み込み中…',
};
