import type { Messages } from '../messages';

/** The Japanese defaults of the `crash` labels. */
export const crashMessages: Messages['crash'] = {
  title: 'アプリケーションエラー',
  description: '予期しないエラーが発生しました。再読み込みするか、ホームに戻ってください。',
  errorId: 'エラーID',
  reload: '再読み込み',
  goHome: 'ホームに戻る',
  contactSupport: 'サポートに連絡',
  technicalDetails: '技術的な詳細',
  message: 'メッセージ',
  time: '発生時刻',
  url: 'URL',
  stack: 'スタックトレース',
  mailSubject: 'システムエラー報告',
  mailBody: ({ errorId, message, time, url }) =>
    `アプリケーションエラーについて問い合わせます。\n\nエラーID: ${errorId}\nメッセージ: ${message}\n発生時刻: ${time}\nURL: ${url}\n\n発生時の操作:\n`,
};
