import type { Messages } from '../messages';

/** The Japanese defaults of the `topBar` labels. */
export const topBarMessages: Messages['topBar'] = {
  openMenu: 'メニューを開く',
  tenant: 'テナント',
  account: 'アカウント',
  plan: 'プラン',
  role: '権限',
  planLabels: { basic: 'ベーシック', standard: 'スタンダード', premium: 'プレミアム' },
  roleLabels: { admin: '管理者', staff: 'スタッフ', user: 'ユーザー' },
};
