import type { Messages } from '../messages';

/** The Japanese defaults of the `network` labels. */
export const networkMessages: Messages['network'] = {
  offlineTitle: 'オフラインです',
  offlineDescription: 'インターネットに接続されていません。接続を確認してから再試行してください。',
  slowTitle: '通信速度が遅くなっています',
  slowDescription: '表示に時間がかかることがあります。',
  updateTitle: '新しいバージョンがあります',
  updateDescription: '更新すると新しいバージョンに切り替わります。入力中の内容は先に保存してください。',
  reload: '更新する',
  later: 'あとで',
};
