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
  | 'user_banned'
  | 'over_request_rate_limit'
  | 'current_password_required'
  | 'current_password_mismatch'
  | 'same_password'
  | 'weak_password'
  | 'provider_disabled'
  | 'flow_state_not_found'
  | 'flow_state_expired'
  | 'bad_code_verifier'
  | 'signup_disabled'
  | 'user_already_exists'
  | 'not_found'
  | 'unexpected_failure'
  | 'insufficient_aal'
  | 'mfa_factor_not_found'
  | 'mfa_challenge_expired'
  | 'mfa_verification_failed'
  | 'mfa_verification_rejected'
  | 'mfa_factor_name_conflict'
  | 'too_many_enrolled_mfa_factors'
  | 'mfa_verified_factor_exists'
  | 'mfa_recovery_codes_sole_factor'
  | 'mfa_unavailable';

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

/**
 * A 429 that says when to come back: the auth routes send `retryAfterSeconds` as Retry-After
 * (what @fastify/rate-limit does for its own 429s).
 */
export class AuthRateLimitError extends AuthServiceError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, 'over_request_rate_limit', message);
    this.name = 'AuthRateLimitError';
  }
}

/** Why a new password was refused, as GoTrue's `weak_password.reasons` names it. */
export type WeakPasswordReason = 'length' | 'characters' | 'pwned';

/**
 * A new password the rules refuse: GoTrue answers 422 `weak_password` with the reasons in a
 * `weak_password` member, which @supabase/auth-js turns into an AuthWeakPasswordError.
 */
export class WeakPasswordError extends AuthServiceError {
  constructor(
    message: string,
    readonly reasons: WeakPasswordReason[],
  ) {
    super(422, 'weak_password', message);
    this.name = 'WeakPasswordError';
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
  unsupportedProvider: 'このログイン方法には対応していません。',
  pkceRequired: 'code_challenge（PKCE）を指定してください。',
  missingAuthCode: 'auth_code と code_verifier を指定してください。',
  authCodeNotFound: 'ログインの確認コードが無効か、すでに使われています。もう一度ログインしてください。',
  authCodeExpired: 'ログインの確認コードの有効期限が切れました。もう一度ログインしてください。',
  badCodeVerifier: 'ログインを確認できませんでした。ログインを始めたブラウザーで、もう一度お試しください。',
  googleStateInvalid:
    'Google ログインの要求が無効か、すでに使われています。ログイン画面から、もう一度お試しください。',
  googleFlowExpired: 'Google ログインの有効期限が切れました。ログイン画面から、もう一度お試しください。',
  googleCancelled: 'Google でのログインがキャンセルされました。',
  googleRefused: 'Google でログインできませんでした。もう一度お試しください。',
  googleUnavailable: 'Google に接続できませんでした。時間をおいて、もう一度お試しください。',
  googleEmailUnverified:
    'Google アカウントのメールアドレスが確認されていないため、ログインできません。確認済みのアカウントをお使いください。',
  signupNeedsInvitation:
    'アカウントの作成には招待が必要です。管理者から届いた招待リンクから登録してください。',
  userAlreadyExists:
    'このメールアドレスのアカウントはすでにあります。ログインしてから、招待を受けてください。',
  emailInvalid: 'メールアドレスの形式が正しくありません。',
  rateLimited: 'リクエストが多すぎます。しばらく待ってから、もう一度お試しください。',
  signInLocked: (minutes: number) =>
    `ログインの失敗が続いたため、ログインを一時的に制限しています。${minutes} 分ほど待ってから、もう一度お試しください。`,
  signInSlowed: (seconds: number) =>
    `この接続元からのログインの失敗が多いため、受け付けを遅らせています。${seconds} 秒ほど待ってから、もう一度お試しください。`,
  signInBusy: (seconds: number) =>
    `ログインが混み合っています。${seconds} 秒ほど待ってから、もう一度お試しください。`,
  userDisabled: 'このアカウントは無効にされています。管理者に連絡してください。',
  currentPasswordRequired: 'パスワードを変更するには、現在のパスワードを入力してください。',
  currentPasswordMismatch: '現在のパスワードが正しくありません。',
  samePassword: '新しいパスワードには、現在のパスワードと異なるものを指定してください。',
  passwordTooShort: (min: number) => `パスワードは ${min} 文字以上で入力してください。`,
  passwordTooLong: (max: number) => `パスワードは ${max} 文字以内で入力してください。`,
  passwordNotText: 'パスワードは文字列で指定してください。',
  fullNameInvalid: (max: number) => `氏名は 1〜${max} 文字で入力してください。`,
  unsupportedUserMetadata: '変更できるユーザー情報は氏名（full_name）だけです。',
  unsupportedUserChange: 'メールアドレスや電話番号はここでは変更できません。管理者にお問い合わせください。',
  notFound: '指定された認証 API が見つかりません。',
  malformedRequest: 'リクエストの形式が正しくありません。',
  unexpected: '認証処理でエラーが発生しました。時間をおいて、もう一度お試しください。',
  unavailable: '認証サービスに一時的に接続できません。しばらく待ってから、もう一度お試しください。',
  mfaFactorTypeUnsupported: '登録できる二段階認証は認証アプリ（factor_type: totp）だけです。',
  mfaFriendlyNameInvalid: '認証アプリの名前は 1〜100 文字で入力してください。',
  mfaFriendlyNameTaken: 'この名前の認証アプリはすでに登録されています。別の名前を付けてください。',
  mfaTooManyFactors: '登録途中の認証アプリが多すぎます。不要なものを削除してから、もう一度お試しください。',
  mfaAal2Required:
    'この操作には二段階認証が必要です。認証アプリのコード（またはリカバリーコード）を入力してから、もう一度お試しください。',
  mfaFactorNotFound: '指定された認証アプリが見つかりません。',
  mfaChallengeNotFound:
    '確認の要求が見つからないか、すでに使われています。もう一度コードを入力してください。',
  mfaChallengeExpired: '確認の有効期限が切れました。もう一度コードを入力してください。',
  mfaCodeMissing: 'challenge_id と 6 桁のコードを指定してください。',
  mfaCodeInvalid: 'コードが正しくありません。認証アプリに表示されている 6 桁のコードを入力してください。',
  mfaCodeUsed:
    'このコードはすでに使われています。認証アプリに次のコードが表示されるまで待って、入力してください。',
  mfaLocked: (minutes: number) =>
    `二段階認証のコードの誤りが続いたため、確認を一時的に制限しています。${minutes} 分ほど待ってから、もう一度お試しください。`,
  mfaNotEnrolled: '確認済みの認証アプリがありません。先に認証アプリを登録してください。',
  recoveryCodesExist: 'リカバリーコードはすでに発行されています。作り直すときは再発行してください。',
  recoveryCodesMissing: 'リカバリーコードはまだ発行されていません。',
  recoveryCodeMissing: 'リカバリーコードを入力してください。',
  recoveryCodeInvalid: 'リカバリーコードが正しくないか、すでに使われています。',
  mfaUnavailable:
    '二段階認証の鍵が設定されていないため、二段階認証を使えません。管理者にお問い合わせください。',
} as const;
