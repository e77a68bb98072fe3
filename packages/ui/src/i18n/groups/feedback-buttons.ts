import type { Messages } from '../messages';

/** The Japanese defaults of the `feedbackButtons` labels. */
export const feedbackButtonsMessages: Messages['feedbackButtons'] = {
  label: 'この回答の評価',
  helpful: '役に立った',
  notHelpful: '役に立たなかった',
  comment: 'ひとこと（任意）',
  commentPlaceholder: '足りなかった点や良かった点',
  save: '評価を送る',
  saved: (helpful) => `評価を保存しました（${helpful ? '役に立った' : '役に立たなかった'}）`,
};
