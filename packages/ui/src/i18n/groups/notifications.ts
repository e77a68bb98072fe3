import type { Messages } from '../messages';

/** The Japanese defaults of the `notifications` labels. */
export const notificationsMessages: Messages['notifications'] = {
  title: '通知',
  bell: '通知',
  bellUnreadBefore: '（未読 ',
  bellUnreadAfter: ' 件）',
  unread: '未読',
  markRead: '既読にする',
  markAllRead: 'すべて既読にする',
  showMore: 'もっと見る',
  viewAll: 'すべての通知を見る',
  empty: '通知はありません',
  emptyDescription: '新しいお知らせが届くとここに表示されます。',
  loading: '通知を読み込み中',
  error: '通知を読み込めませんでした',
  types: { success: '成功', warning: '警告', error: 'エラー', info: 'お知らせ' },
  categories: {
    customer: '顧客',
    interaction: '対応履歴',
    document: '文書',
    ai_analysis: 'AI分析',
    user: 'ユーザー',
    system: 'システム',
  },
};
