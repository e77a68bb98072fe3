import type { Messages } from '../messages';

/** The Japanese defaults of the `copyField` labels. */
export const copyFieldMessages: Messages['copyField'] = {
  copy: 'コピー',
  copied: 'コピーしました',
  failed: 'コピーできませんでした。選択された文字をコピーしてください',
};
