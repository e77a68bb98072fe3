/** Japanese messages of two-factor sign-in and the screen lock. */
export const twoFactorMessages = {
  codeHeading: '確認コードの入力',
  codeIntro: '認証アプリ（Google Authenticator など）に表示されている 6 桁の確認コードを入力してください。',
  recoveryIntro: '保存しておいたリカバリーコードを 1 つ入力してください。使ったコードは二度と使えません。',
  recoveryLabel: 'リカバリーコード',
  useRecovery: 'リカバリーコードを使う',
  useApp: '認証アプリのコードを使う',
  verify: '確認',
  codeRequired: '6 桁の確認コードを入力してください。',
  recoveryRequired: 'リカバリーコードを入力してください。',
  wrongCode: '確認コードが正しくありません。もう一度入力してください。',
  wrongRecovery: 'リカバリーコードが正しくないか、すでに使われています。',
  verifyFailed: '確認できませんでした。もう一度お試しください。',
  enrolFailed: '認証アプリの登録を始められませんでした。もう一度お試しください。',
  enrolHeading: '二段階認証の登録',
  enrolRequiredTitle: '二段階認証の登録が必要です',
  enrolRequired:
    'このテナントでは、ログインに二段階認証が必須です。認証アプリを登録するまで、ほかの画面は使えません。',
  recoveryFailed: 'リカバリーコードを作成できませんでした。もう一度お試しください。',
  signOut: 'ログアウト',
  factorDefaultName: '認証アプリ',
  unlockFailed: 'パスワードが正しくありません。',
} as const;
