import type { Messages } from '../messages';

/** The Japanese defaults of the `session` labels. */
export const sessionMessages: Messages['session'] = {
  menu: 'セッション',
  title: 'セッション',
  active: '有効',
  expiring: 'まもなく期限切れ',
  refreshSoon: '更新をおすすめします',
  invalid: '無効なセッション',
  expired: '期限切れ',
  invalidShort: '無効',
  remaining: (minutes) => `残り ${minutes} 分`,
  remainingShort: (minutes) => `${minutes}分`,
  expiresAt: '有効期限',
  extend: (minutes) => `${minutes}分延長`,
  eventsTitle: '最近のセキュリティイベント',
  noEvents: '最近のセキュリティイベントはありません',
  attentionEvents: (count) => `確認が必要なイベント ${count} 件`,
  attention: '要確認',
  atCap: (limit) => `これ以上延長できません（上限 ${limit} 分）`,
  capRoom: (limit, room) => `上限は ${limit} 分のため、あと ${room} 分まで延長できます。`,
  manage: 'セッション管理',
};
