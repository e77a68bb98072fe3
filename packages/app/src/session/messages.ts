/** Japanese messages of the session and sign-in flow (SPEC sections 5 and 8). */
export const messages = {
  loginFailed: 'ログインに失敗しました。',
  logoutFailed: 'ログアウトに失敗しました。',
  unknown: 'エラーが発生しました。',
  networkError: 'ネットワークエラーが発生しました。接続を確認してください。',
  initFailed: '認証の初期化に失敗しました。',
  notTenantUser: 'このアカウントはテナントユーザーとして登録されていません。管理者にお問い合わせください。',
  userLoadFailed: 'ユーザー情報の読み込みに失敗しました。',
  userFetchFailed: (status: number, body: string) => `ユーザー情報の取得に失敗しました: ${status} - ${body}`,
  /** /login after the session ended because an administrator disabled the account. */
  accountDisabled: 'このアカウントは無効にされています。管理者に連絡してください。',
} as const;
