/**
 * The error catalogue: one entry per code with its status, category, severity and the Japanese
 * message and suggestion the envelope carries (documented in packages/server/ERRORS.md). Kept
 * apart from the error classes (./errors.ts, the import path other code uses) so that the wording
 * can be reviewed in one place.
 */

export type ErrorCategory =
  | 'authentication'
  | 'validation'
  | 'database'
  | 'file_operation'
  | 'external_service'
  | 'business_logic'
  | 'system'
  | 'network';
export type ErrorSeverity = 'low' | 'medium' | 'high' | 'critical';

export interface CatalogueEntry {
  status: number;
  category: ErrorCategory;
  severity: ErrorSeverity;
  message: string;
  suggestion: string | null;
}

export const ERROR_CATALOGUE = {
  AUTH_001: {
    status: 401,
    category: 'authentication',
    severity: 'medium',
    message: 'ログインが必要です。',
    suggestion: 'もう一度ログインしてから操作してください。',
  },
  AUTH_002: {
    status: 401,
    category: 'authentication',
    severity: 'medium',
    message: 'ログインの有効期限が切れました。',
    suggestion: 'もう一度ログインしてください。',
  },
  AUTH_003: {
    status: 403,
    category: 'authentication',
    severity: 'high',
    message: 'テナントユーザーとして登録されていません。管理者にお問い合わせください。',
    suggestion: 'テナントの管理者に招待を依頼してください。',
  },
  // Permission and tenant refusals are not "authentication": the client signs users out on
  // authentication errors, which would be wrong for a merely forbidden operation.
  AUTH_004: {
    status: 403,
    category: 'business_logic',
    severity: 'medium',
    message: 'この操作を実行する権限がありません。',
    suggestion: '必要な権限について管理者にお問い合わせください。',
  },
  AUTH_005: {
    status: 403,
    category: 'business_logic',
    severity: 'medium',
    message: '指定されたテナントにはアクセスできません。',
    suggestion: '所属しているテナントを選択し直してください。',
  },
  // Two-factor policy refusals: not "authentication" either (the client would sign the person
  // out instead of leading them to enrol or to enter their code).
  MFA_001: {
    status: 403,
    category: 'business_logic',
    severity: 'medium',
    message: 'このテナントでは二段階認証が必要です。',
    suggestion: 'プロフィールで認証アプリを登録してください。',
  },
  MFA_002: {
    status: 403,
    category: 'business_logic',
    severity: 'medium',
    message: 'このテナントでは二段階認証が必要です。このログインではまだ確認されていません。',
    suggestion: '認証アプリに表示される 6 桁のコード（またはリカバリーコード）を入力してください。',
  },
  MFA_003: {
    status: 409,
    category: 'business_logic',
    severity: 'low',
    message: '二段階認証を必須にするには、先にご自身の認証アプリを登録し、このログインで確認してください。',
    suggestion: 'プロフィールで認証アプリを登録してコードを入力してから、もう一度設定してください。',
  },
  FEAT_001: {
    status: 403,
    category: 'business_logic',
    severity: 'low',
    message: 'この機能は現在のテナントでは利用できません。',
    suggestion: '機能の有効化について管理者にお問い合わせください。',
  },
  RES_001: {
    status: 404,
    category: 'business_logic',
    severity: 'low',
    message: '指定されたデータが見つかりません。',
    suggestion: '一覧画面から選び直してください。',
  },
  RES_002: {
    status: 409,
    category: 'business_logic',
    severity: 'low',
    message: '同じ内容のデータがすでに登録されています。',
    suggestion: '登録済みのデータを確認してください。',
  },
  RES_004: {
    status: 409,
    category: 'business_logic',
    severity: 'low',
    message: 'ゴミ箱にない顧客は完全に消去できません。',
    suggestion: '先に顧客を削除してゴミ箱へ移してください。',
  },
  RES_005: {
    status: 409,
    category: 'business_logic',
    severity: 'low',
    message: '統合から 30 日を過ぎたため、この統合は元に戻せません。',
    suggestion: '必要な項目は、残した顧客の情報を編集して直してください。',
  },
  RES_006: {
    status: 409,
    category: 'business_logic',
    severity: 'low',
    message: '統合のあとで残した顧客が削除されたか、ほかの顧客に統合されたため、この統合は元に戻せません。',
    suggestion: '残した顧客をゴミ箱から元に戻すか、その統合を先に元に戻してから、もう一度お試しください。',
  },
  RES_003: {
    status: 409,
    category: 'business_logic',
    severity: 'medium',
    message: 'ほかの人がこのデータを先に更新したため、保存できませんでした。',
    suggestion: '最新の内容を確認してから、もう一度保存してください。入力した内容は画面に残っています。',
  },
  // Invitations (/invite, the invitations screen): one code per reason a code cannot be used.
  INV_001: {
    status: 409,
    category: 'business_logic',
    severity: 'low',
    message: 'この招待はすでに使用されています。',
    suggestion: '招待した人に新しい招待を依頼してください。',
  },
  INV_002: {
    status: 409,
    category: 'business_logic',
    severity: 'low',
    message: 'この招待は有効期限が切れています。',
    suggestion: '招待した人に新しい招待を依頼してください。',
  },
  INV_003: {
    status: 409,
    category: 'business_logic',
    severity: 'low',
    message: 'この招待は取り消されています。',
    suggestion: '招待した人に確認してください。',
  },
  INV_004: {
    status: 409,
    category: 'business_logic',
    severity: 'low',
    message: 'この招待は別のメールアドレス宛てです。',
    suggestion: '招待されたメールアドレスのアカウントでログインし直してください。',
  },
  INV_005: {
    status: 409,
    category: 'business_logic',
    severity: 'low',
    message: 'すでにこのテナントのメンバーです。',
    suggestion: 'そのままテナントを利用できます。',
  },
  INV_006: {
    status: 409,
    category: 'business_logic',
    severity: 'medium',
    message: 'このテナントでのアカウントは無効になっています。',
    suggestion: 'テナントの管理者に有効化を依頼してください。',
  },
  INV_007: {
    status: 409,
    category: 'business_logic',
    severity: 'low',
    message: 'このメールアドレスのユーザーはすでにこのテナントのメンバーです。',
    suggestion: 'ユーザー管理の画面で役割や状態を確認してください。',
  },
  // Tenant users: changes that would lock the tenant out, and duplicates.
  MEM_001: {
    status: 409,
    category: 'business_logic',
    severity: 'medium',
    message:
      'ユーザーを管理できる最後の管理者は、無効にしたり、管理者以外の役割にしたり、「ユーザーの登録・編集」の権限を外したりできません。',
    suggestion: '先にほかのユーザーを管理者にし、「ユーザーの登録・編集」の権限を与えてください。',
  },
  MEM_002: {
    status: 409,
    category: 'business_logic',
    severity: 'low',
    message: '自分自身を無効にすることはできません。',
    suggestion: 'ほかの管理者に依頼してください。',
  },
  MEM_003: {
    status: 409,
    category: 'business_logic',
    severity: 'low',
    message: 'このユーザーはすでにこのテナントのメンバーです。',
    suggestion: 'ユーザーの一覧で役割や状態を確認してください。',
  },
  MEM_004: {
    status: 409,
    category: 'business_logic',
    severity: 'low',
    message: '自分自身の二段階認証は、ユーザー管理からはリセットできません。',
    suggestion: 'プロフィールの「二段階認証」から、認証アプリで確認したうえで変更してください。',
  },
  // Files (uploads of documents and knowledge-base documents).
  FILE_001: {
    status: 413,
    category: 'file_operation',
    severity: 'low',
    message: 'ファイルサイズが大きすぎます（1 ファイル 20 MB まで）。',
    suggestion: 'ファイルを分けるか、小さくしてからアップロードしてください。',
  },
  FILE_002: {
    status: 422,
    category: 'file_operation',
    severity: 'low',
    message: 'サポートされていないファイル形式です。',
    suggestion: 'PDF・Word・Excel・テキスト・CSV・画像（PNG・JPEG）のファイルを選んでください。',
  },
  FILE_003: {
    status: 422,
    category: 'file_operation',
    severity: 'low',
    message: 'ファイルが空です。',
    suggestion: '中身のあるファイルを選んでください。',
  },
  FILE_004: {
    status: 400,
    category: 'file_operation',
    severity: 'low',
    message: 'アップロードが途中で切れました。',
    suggestion: '通信環境を確認して、もう一度アップロードしてください。',
  },
  FILE_005: {
    status: 413,
    category: 'file_operation',
    severity: 'low',
    message: '一度にアップロードできるのは 10 ファイル・合計 100 MB までです。',
    suggestion: '何回かに分けてアップロードしてください。',
  },
  // Folders: changes that would break the tree.
  FLD_001: {
    status: 409,
    category: 'business_logic',
    severity: 'low',
    message: 'フォルダーを自分自身やその中のフォルダーへは移動できません。',
    suggestion: '別の移動先を選んでください。',
  },
  FLD_002: {
    status: 409,
    category: 'business_logic',
    severity: 'low',
    message: 'フォルダーが空ではないため削除できません。',
    suggestion: '中の文書やフォルダーを移動するか削除してから、もう一度お試しください。',
  },
  FLD_003: {
    status: 409,
    category: 'business_logic',
    severity: 'low',
    message: '同じ場所に同じ名前のフォルダーがあります。',
    suggestion: '別の名前を付けてください。',
  },
  // The AI provider (when one is configured). EXT_* are retryable (the snackbar offers 再試行).
  AI_001: {
    status: 429,
    category: 'business_logic',
    severity: 'medium',
    message: '本日の AI の利用上限に達しました。',
    suggestion:
      '日付が変わってから、もう一度お試しください。急ぐ場合は管理者に上限の変更を依頼してください。',
  },
  EXT_001: {
    status: 503,
    category: 'external_service',
    severity: 'medium',
    message: 'AI サービスに接続できませんでした。',
    suggestion: 'しばらく待ってから、もう一度お試しください。',
  },
  EXT_002: {
    status: 502,
    category: 'external_service',
    severity: 'medium',
    message: 'AI サービスから正しい応答が得られませんでした。',
    suggestion: 'もう一度お試しください。続く場合は管理者にお問い合わせください。',
  },
  VAL_001: {
    status: 422,
    category: 'validation',
    severity: 'low',
    message: '入力内容に誤りがあります。',
    suggestion: '各項目の内容を確認してください。',
  },
  // The shape is the contract's, the content does not fit what is stored: a reference to a record
  // that does not exist (any more), a value that must agree with the URL or with the account.
  // Named apart from VAL_001 so that a client knows the contract alone could not have told it.
  VAL_003: {
    status: 422,
    category: 'validation',
    severity: 'low',
    message: '入力内容が登録済みのデータと合いません。',
    suggestion: '各項目の内容を確認してください。',
  },
  VAL_002: {
    status: 400,
    category: 'validation',
    severity: 'low',
    message: 'リクエストの形式が正しくありません。',
    suggestion: 'ページを再読み込みしてから、もう一度お試しください。',
  },
  RATE_001: {
    status: 429,
    category: 'system',
    severity: 'medium',
    message: 'リクエストが多すぎます。',
    suggestion: 'しばらく待ってから、もう一度お試しください。',
  },
  SYS_001: {
    status: 500,
    category: 'system',
    severity: 'high',
    message: 'システムエラーが発生しました。',
    suggestion: '時間をおいて、もう一度お試しください。解決しない場合はサポートにお問い合わせください。',
  },
  SYS_003: {
    status: 503,
    category: 'database',
    severity: 'high',
    message: 'データベースに接続できません。',
    suggestion: 'しばらく待ってから、もう一度お試しください。',
  },
  // Declared by the contract (501) on operations that are planned but not built yet.
  SYS_005: {
    status: 501,
    category: 'system',
    severity: 'low',
    message: 'この機能は現在準備中です。',
    suggestion: '公開までしばらくお待ちください。ほかの機能はこれまでどおり使えます。',
  },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
