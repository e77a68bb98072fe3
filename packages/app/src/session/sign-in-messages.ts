/**
 * Messages only the sign-in screens and the authentication client need. They live apart from
 * `messages.ts` (which the session provider, and so the first screen, loads) to keep them out of
 * the first screen's JavaScript.
 */
import { messages } from './messages';

export const signInMessages = {
  signUpFailed: 'アカウントを作成できませんでした。',
  googleLoginFailed: 'Google ログインに失敗しました。',
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
