/** Japanese messages of the session and sign-in flow (SPEC sections 5 and 8). */
export const messages = {
  loginFailed: 'ログインに失敗しました。',
  signUpFailed: 'アカウントを作成できませんでした。',
  googleLoginFailed: 'Google ログインに失敗しました。',
  logoutFailed: 'ログアウトに失敗しました。',
  unknown: 'エラーが発生しました。',
  networkError: 'ネットワークエラーが発生しました。接続を確認してください。',
  initFailed: '認証の初期化に失敗しました。',
  notTenantUser: 'このアカウントはテナントユーザーとして登録されていません。管理者にお問い合わせください。',
  userLoadFailed: 'ユーザー情報の読み込みに失敗しました。',
  userFetchFailed: (status: number, body: string) => `ユーザー情報の取得に失敗しました: ${status} - ${body}`,
  /** /login after the session ended because an administrator disabled the account. */
  accountDisabled: 'このアカウントは無効にされています。管理者に連絡してください。',
  googleNotConfigured:
    'Google ログインはこのサーバーでまだ設定されていません。メールアドレスとパスワードでログインするか、管理者にお問い合わせください。',
} as const;

/**
 * Known error codes of the authentication service, in Japanese: for a service that answers in
 * English (a hosted one). The embedded service's own Japanese message says more (how long to wait)
 * and is shown first.
 */
export const authErrorCodes: Record<string, string> = {
  invalid_credentials: 'メールアドレスまたはパスワードが正しくありません。',
  over_request_rate_limit: 'ログインの試行回数が多すぎます。しばらく待ってから再度お試しください。',
  user_banned: messages.accountDisabled,
  email_not_confirmed: 'メールアドレスの確認が完了していません。',
  session_not_found: 'セッションが見つかりません。もう一度ログインしてください。',
};
