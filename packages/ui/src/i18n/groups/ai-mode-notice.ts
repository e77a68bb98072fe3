import type { Messages } from '../messages';

/** The Japanese defaults of the `aiModeNotice` labels. */
export const aiModeNoticeMessages: Messages['aiModeNotice'] = {
  offline: 'AI を使わず、登録データの集計・検索だけで作成しました。',
  openai: 'AI が作成しました。内容を確認してからお使いください。',
};
