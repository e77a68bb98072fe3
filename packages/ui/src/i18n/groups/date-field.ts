import type { Messages } from '../messages';

/** The Japanese defaults of the `dateField` labels. */
export const dateFieldMessages: Messages['dateField'] = {
  hint: 'YYYY/MM/DD の形式で入力してください',
  placeholder: 'YYYY/MM/DD',
  invalid: '日付を YYYY/MM/DD の形式で正しく入力してください',
  wareki: '和暦',
};
