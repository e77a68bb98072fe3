import type { Messages } from '../messages';

/** The Japanese defaults of the `common` labels. */
export const commonMessages: Messages['common'] = {
  close: '閉じる',
  cancel: 'キャンセル',
  confirm: 'OK',
  retry: '再試行',
  dismiss: '閉じる',
  notAvailable: 'N/A',
};
