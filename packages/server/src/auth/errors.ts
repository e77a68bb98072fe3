/**
 * Errors of the embedded auth service. They travel in the Supabase Auth (GoTrue) shape
 * `{ code: <HTTP status>, error_code, msg }` that @supabase/auth-js parses (lib/fetch.ts reads
 * `error_code` and `msg`), with Japanese messages because the service is ours.
 */
export type AuthErrorCode =
  | 'validation_failed'
  | 'invalid_credentials'
  | 'refresh_token_not_found'
  | 'refresh_token_already_used'
  | 'session_expired'
  | 'session_not_found'
  | 'no_authorization'
  | 'bad_jwt'
  | 'user_not_found'
  | 'over_request_rate_limit'
  | 'provider_disabled'
  | 'not_found'
  | 'unexpected_failure';

export class AuthServiceError extends Error {
  /** Read by @fastify/rate-limit and Fastify when this error is thrown from their hooks. */
  readonly statusCode: number;

  constructor(
    readonly status: number,
    readonly errorCode: AuthErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AuthServiceError';
    this.statusCode = status;
  }
}

export const AUTH_MESSAGES = {
  invalidCredentials: 'メールアドレスまたはパスワードが正しくありません。',
  missingCredentials: 'メールアドレスとパスワードを入力してください。',
  missingRefreshToken: 'リフレッシュトークンがありません。',
  refreshTokenNotFound: 'セッションが見つかりません。もう一度ログインしてください。',
  refreshTokenAlreadyUsed: 'このセッションは無効になりました。安全のため、もう一度ログインしてください。',
  sessionExpired: 'セッションの有効期限が切れました。もう一度ログインしてください。',
  sessionNotFound: 'セッションが見つかりません。もう一度ログインしてください。',
  noAuthorization: 'ログインが必要です（Bearer トークンがありません）。',
  badJwt: 'アクセストークンが無効か、有効期限が切れています。',
  userNotFound: 'ユーザーが見つかりません。',
  unsupportedGrantType: '対応していない grant_type です。',
  unsupportedLogoutScope: 'scope は global / local / others のいずれかを指定してください。',
  googleNotConfigured: 'Google ログインは設定されていません。管理者にお問い合わせください。',
  googleNotAvailable:
    'Google ログインはまだ利用できません。メールアドレスとパスワードでログインしてください。',
  unsupportedProvider: 'このログイン方法には対応していません。',
  rateLimited: 'リクエストが多すぎます。しばらく待ってから、もう一度お試しください。',
  signInLocked: (minutes: number) =>
    `ログインの失敗が続いたため、ログインを一時的に制限しています。${minutes} 分ほど待ってから、もう一度お試しください。`,
  notFound: '指定された認証 API が見つかりません。',
  malformedRequest: 'リクエストの形式が正しくありません。',
  unexpected: '認証処理でエラーが発生しました。時間をおいて、もう一度お試しください。',
} as const;
