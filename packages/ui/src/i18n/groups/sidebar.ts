import type { Messages } from '../messages';

/** The Japanese defaults of the `sidebar` labels. */
export const sidebarMessages: Messages['sidebar'] = {
  navigationLabel: 'メインメニュー',
  drawerTitle: 'メニュー',
  close: '閉じる',
  logout: 'ログアウト',
  brandTagline: '業務管理',
  itemBadge: (count) => `（未読 ${count} 件）`,
};
