/** Labels of the two-factor components: the code input, enrolment, recovery codes and the lock screen. */
export type TwoFactorMessages = {
  /** Default label of the one-time code input. */
  codeLabel: string;
  /** Help under the code input. */
  codeDescription: (length: number) => string;
  enrolHeading: string;
  /** Step 1: scan the QR code. */
  scanStep: string;
  /** Alternative text of the QR code image. */
  qrAlt: string;
  /** Step 2: when the app cannot scan, type this key. */
  secretStep: string;
  /** Label of the secret shown in groups. */
  secretLabel: string;
  copySecret: string;
  copied: string;
  copyFailed: string;
  /** Step 3: type the code the app shows. */
  codeStep: string;
  enrolSubmit: string;
  cancel: string;
  recoveryHeading: string;
  recoveryDescription: string;
  /** Accessible name of the list of codes. */
  recoveryListLabel: string;
  copyAll: string;
  download: string;
  /** The confirmation that the codes were kept somewhere safe. */
  saved: string;
  /** The first line of the downloaded .txt, given the account. */
  recoveryFileHeader: (account: string) => string;
  lockHeading: string;
  lockDescription: string;
  /** The same when the second factor's code is asked too. */
  lockDescriptionWithCode: string;
  /** Accessible prefix for the signed-in person. */
  signedInAs: string;
  password: string;
  unlock: string;
  signOutInstead: string;
};

/** The Japanese defaults of the `twoFactor` labels. */
export const twoFactorMessages: TwoFactorMessages = {
  codeLabel: '確認コード',
  codeDescription: (length) => `認証アプリに表示されている ${length} 桁の数字を入力してください。`,
  enrolHeading: '認証アプリを登録',
  scanStep: '1. 認証アプリ（Google Authenticator、Microsoft Authenticator など）で QR コードを読み取ります。',
  qrAlt: '認証アプリで読み取る二段階認証の QR コード',
  secretStep: '2. 読み取れないときは、次のキーを認証アプリに手で入力します。',
  secretLabel: 'セットアップキー',
  copySecret: 'キーをコピー',
  copied: 'コピーしました',
  copyFailed: 'コピーできませんでした。キーを選択してコピーしてください',
  codeStep: '3. 認証アプリに表示された 6 桁の確認コードを入力します。',
  enrolSubmit: '確認して有効にする',
  cancel: 'キャンセル',
  recoveryHeading: 'リカバリーコード',
  recoveryDescription:
    '認証アプリを使えなくなったときに、確認コードの代わりに使えます。各コードは 1 回だけ使えます。この画面を閉じると二度と表示されません。印刷するかダウンロードして、安全な場所に保管してください。',
  recoveryListLabel: 'リカバリーコードの一覧',
  copyAll: 'すべてコピー',
  download: 'テキストファイルでダウンロード',
  saved: '保存しました',
  recoveryFileHeader: (account) => `Tsumiki のリカバリーコード（${account}）。各コードは 1 回だけ使えます。`,
  lockHeading: '画面をロックしました',
  lockDescription:
    '一定時間操作がなかったため、画面をロックしました。続けるには、パスワードを入力してください。',
  lockDescriptionWithCode:
    '一定時間操作がなかったため、画面をロックしました。続けるには、パスワードと認証アプリの確認コードを入力してください。',
  signedInAs: 'ログイン中のユーザー',
  password: 'パスワード',
  unlock: 'ロックを解除',
  signOutInstead: '別のユーザーでログイン（ログアウト）',
};
