/**
 * Every label that @tsumiki/ui renders by itself. Japanese defaults; an app overrides any of them
 * through `MessagesProvider`.
 */
export type Messages = {
  button: {
    /** Announced through a live region while a button is busy. */
    loading: string;
  };
  spinner: {
    /** Default accessible name of a standalone spinner. */
    label: string;
  };
  textField: {
    /** Marker next to the label of a required field. */
    required: string;
  };
  passwordField: {
    /** Name of the show/hide toggle (a pressed toggle shows the password), given the field's label. */
    toggle: (label: string | undefined) => string;
  };
  sidebar: {
    /** Accessible name of the navigation landmark. */
    navigationLabel: string;
    /** Title of the drawer below the md breakpoint (visually hidden). */
    drawerTitle: string;
    /** Close button of the drawer. */
    close: string;
    logout: string;
    /** Small tagline under the default brand. */
    brandTagline: string;
    /** Read after an item's count badge, e.g. （未読 3 件）. */
    itemBadge: (count: number) => string;
  };
  topBar: {
    openMenu: string;
    /** Accessible prefix for the tenant name. */
    tenant: string;
    /** Accessible prefix for the user's email address. */
    account: string;
    /** Visually hidden text before the plan chip. */
    plan: string;
    /** Visually hidden text before the role chip. */
    role: string;
    planLabels: Record<string, string>;
    roleLabels: Record<string, string>;
  };
  layout: {
    skipToContent: string;
  };
  common: {
    close: string;
    cancel: string;
    confirm: string;
    retry: string;
    dismiss: string;
    /** Shown for a missing value (e.g. no request id). */
    notAvailable: string;
  };
  link: {
    /** Read after a link that opens a new tab. */
    opensInNewTab: string;
  };
  progress: {
    /** Accessible name of a progress bar without a label. */
    label: string;
  };
  select: {
    placeholder: string;
  };
  textarea: {
    /** Character counter, e.g. 12 / 200 文字. */
    count: (length: number, max: number) => string;
  };
  searchInput: {
    label: string;
    placeholder: string;
    clear: string;
  };
  tagInput: {
    /** How to use it, read with the input. */
    hint: string;
    /** Accessible name of the list of tags. */
    listLabel: string;
    /** Name of a tag's × button. */
    remove: (tag: string) => string;
    /** Announced after a change. */
    added: (tag: string) => string;
    removed: (tag: string) => string;
    duplicate: (tag: string) => string;
    limit: (max: number) => string;
    tooLong: (max: number) => string;
  };
  dateField: {
    /** Format hint under the label. */
    hint: string;
    placeholder: string;
    invalid: string;
    /** Prefix of the 和暦 line. */
    wareki: string;
  };
  fileDropzone: {
    /** Main line of the drop area. */
    prompt: string;
    /** Button that opens the file picker. */
    browse: string;
    /** Line listing accepted types and the size limit. */
    constraints: (types: string | null, maxSize: string | null) => string;
    remove: (fileName: string) => string;
    uploading: string;
    done: string;
    failed: string;
    /** SPEC section 8: FILE_TOO_LARGE and INVALID_FILE_TYPE. */
    errors: { FILE_TOO_LARGE: string; INVALID_FILE_TYPE: string };
  };
  pagination: {
    label: string;
    previous: string;
    next: string;
    page: (page: number) => string;
    /** 全 123 件中 21〜40 件 */
    range: (from: number, to: number, total: number) => string;
  };
  dataTable: {
    selectAll: string;
    /** Name of a row's checkbox; `row` is the row's label when the table has one. */
    selectRow: (row?: string) => string;
    /** Name of a row's action menu button. */
    rowActions: (row?: string) => string;
    /** Header of the actions column (visually hidden). */
    actionsColumn: string;
    loading: string;
    empty: string;
    emptyDescription: string;
    error: string;
    sortAscending: string;
    sortDescending: string;
    /** Read on a sortable header button that is not sorted. */
    sortable: string;
    selected: (count: number) => string;
  };
  toast: {
    /** Read before each toast's text when it is announced. */
    label: string;
    /** Name of the region that holds toasts; {hotkey} becomes F8, the key that moves focus there. */
    region: string;
  };
  session: {
    /** Accessible name of the session menu trigger. */
    menu: string;
    title: string;
    active: string;
    expiring: string;
    refreshSoon: string;
    invalid: string;
    expired: string;
    /** Short text on the trigger for an invalid session. */
    invalidShort: string;
    remaining: (minutes: number) => string;
    /** Shorter version for the trigger. */
    remainingShort: (minutes: number) => string;
    expiresAt: string;
    extend: (minutes: number) => string;
    /** Heading of the recent security events in the menu. */
    eventsTitle: string;
    noEvents: string;
    /** Count of the events that deserve a second look (shown in amber). */
    attentionEvents: (count: number) => string;
    /** Read with an event that deserves a second look. */
    attention: string;
    /** The session already ends at the cap: nothing to extend. */
    atCap: (limitMinutes: number) => string;
    /** Less room than the longest extension is left before the cap. */
    capRoom: (limitMinutes: number, roomMinutes: number) => string;
    manage: string;
  };
  notifications: {
    title: string;
    /** Accessible name of the bell: `bell`, then with unread items the visible count between these two. */
    bell: string;
    bellUnreadBefore: string;
    bellUnreadAfter: string;
    unread: string;
    markRead: string;
    markAllRead: string;
    showMore: string;
    viewAll: string;
    empty: string;
    emptyDescription: string;
    loading: string;
    /** Loading failed (shown with 再試行, never as 通知はありません). */
    error: string;
    types: Record<'success' | 'warning' | 'error' | 'info', string>;
    categories: Record<string, string>;
  };
  errors: {
    /** Severity names for chips and screen readers. */
    severities: Record<'low' | 'medium' | 'high' | 'critical', string>;
    /** Modal titles (SPEC section 8). */
    titles: { authentication: string; critical: string; system: string; generic: string };
    /** Snackbar titles per shown severity. */
    snackbarTitles: { info: string; warning: string; error: string };
    retry: string;
    retrying: string;
    contactSupport: string;
    showDetails: string;
    hideDetails: string;
    validationTitle: string;
    /** SPEC section 5: an empty list of validation errors. */
    validationGeneric: string;
    reLogin: string;
    logout: string;
    details: {
      requestId: string;
      code: string;
      category: string;
      path: string;
      time: string;
    };
    /** Japanese labels of API fields in validation errors (SPEC section 3). */
    fieldLabels: Record<string, string>;
    categories: Record<string, string>;
    /** Mail draft for contacting support (SPEC section 8). */
    supportMail: {
      subject: string;
      body: (error: { code: string; message: string; requestId: string | null }) => string;
      genericBody: string;
    };
  };
  network: {
    offlineTitle: string;
    offlineDescription: string;
    slowTitle: string;
    slowDescription: string;
    updateTitle: string;
    updateDescription: string;
    reload: string;
    later: string;
  };
  crash: {
    title: string;
    description: string;
    errorId: string;
    reload: string;
    goHome: string;
    contactSupport: string;
    technicalDetails: string;
    message: string;
    time: string;
    url: string;
    stack: string;
    mailSubject: string;
    mailBody: (report: { errorId: string; message: string; time: string; url: string }) => string;
  };
};

export const defaultMessages: Messages = {
  button: { loading: '処理中' },
  spinner: { label: '読み込み中' },
  textField: { required: '必須' },
  passwordField: { toggle: (label) => `${label ?? 'パスワード'}を表示` },
  sidebar: {
    navigationLabel: 'メインメニュー',
    drawerTitle: 'メニュー',
    close: '閉じる',
    logout: 'ログアウト',
    brandTagline: '業務管理',
    itemBadge: (count) => `（未読 ${count} 件）`,
  },
  topBar: {
    openMenu: 'メニューを開く',
    tenant: 'テナント',
    account: 'アカウント',
    plan: 'プラン',
    role: '権限',
    planLabels: { basic: 'ベーシック', standard: 'スタンダード', premium: 'プレミアム' },
    roleLabels: { admin: '管理者', staff: 'スタッフ', user: 'ユーザー' },
  },
  layout: { skipToContent: 'メインコンテンツへ移動' },
  common: {
    close: '閉じる',
    cancel: 'キャンセル',
    confirm: 'OK',
    retry: '再試行',
    dismiss: '閉じる',
    notAvailable: 'N/A',
  },
  link: { opensInNewTab: '（新しいタブで開きます）' },
  progress: { label: '進捗' },
  select: { placeholder: '選択してください' },
  textarea: { count: (length, max) => `${length} / ${max} 文字` },
  searchInput: { label: '検索', placeholder: '検索', clear: '検索語を消去' },
  tagInput: {
    hint: '入力して Enter で追加、Backspace で最後のタグを削除',
    listLabel: '追加したタグ',
    remove: (tag) => `${tag} を削除`,
    added: (tag) => `${tag} を追加しました`,
    removed: (tag) => `${tag} を削除しました`,
    duplicate: (tag) => `${tag} はすでに追加されています`,
    limit: (max) => `タグは ${max} 個までです`,
    tooLong: (max) => `タグは 1 つ ${max} 文字以内です`,
  },
  dateField: {
    hint: 'YYYY/MM/DD の形式で入力してください',
    placeholder: 'YYYY/MM/DD',
    invalid: '日付を YYYY/MM/DD の形式で正しく入力してください',
    wareki: '和暦',
  },
  fileDropzone: {
    prompt: 'ここにファイルをドラッグ＆ドロップ',
    browse: 'ファイルを選択',
    constraints: (types, maxSize) =>
      [types ? `対応形式: ${types}` : null, maxSize ? `最大 ${maxSize}` : null].filter(Boolean).join('・'),
    remove: (fileName) => `${fileName} を取り消す`,
    uploading: 'アップロード中',
    done: '完了',
    failed: '失敗',
    errors: {
      FILE_TOO_LARGE: 'ファイルサイズが大きすぎます',
      INVALID_FILE_TYPE: 'サポートされていないファイル形式です',
    },
  },
  pagination: {
    label: 'ページ送り',
    previous: '前へ',
    next: '次へ',
    page: (page) => `${page} ページ`,
    range: (from, to, total) =>
      `全 ${total.toLocaleString('ja-JP')} 件中 ${from.toLocaleString('ja-JP')}〜${to.toLocaleString('ja-JP')} 件`,
  },
  dataTable: {
    selectAll: 'すべて選択',
    selectRow: (row) => (row ? `${row} を選択` : '行を選択'),
    rowActions: (row) => (row ? `${row} の操作` : '操作'),
    actionsColumn: '操作',
    loading: '読み込み中',
    empty: 'データがありません',
    emptyDescription: '条件を変えるか、新しく登録してください。',
    error: 'データを読み込めませんでした',
    sortAscending: '昇順',
    sortDescending: '降順',
    sortable: '並べ替え',
    selected: (count) => `${count} 件を選択中`,
  },
  toast: { label: 'お知らせ', region: 'お知らせ ({hotkey})' },
  session: {
    menu: 'セッション',
    title: 'セッション',
    active: '有効',
    expiring: 'まもなく期限切れ',
    refreshSoon: '更新をおすすめします',
    invalid: '無効なセッション',
    expired: '期限切れ',
    invalidShort: '無効',
    remaining: (minutes) => `残り ${minutes} 分`,
    remainingShort: (minutes) => `${minutes}分`,
    expiresAt: '有効期限',
    extend: (minutes) => `${minutes}分延長`,
    eventsTitle: '最近のセキュリティイベント',
    noEvents: '最近のセキュリティイベントはありません',
    attentionEvents: (count) => `確認が必要なイベント ${count} 件`,
    attention: '要確認',
    atCap: (limit) => `これ以上延長できません（上限 ${limit} 分）`,
    capRoom: (limit, room) => `上限は ${limit} 分のため、あと ${room} 分まで延長できます。`,
    manage: 'セッション管理',
  },
  notifications: {
    title: '通知',
    bell: '通知',
    bellUnreadBefore: '（未読 ',
    bellUnreadAfter: ' 件）',
    unread: '未読',
    markRead: '既読にする',
    markAllRead: 'すべて既読にする',
    showMore: 'もっと見る',
    viewAll: 'すべての通知を見る',
    empty: '通知はありません',
    emptyDescription: '新しいお知らせが届くとここに表示されます。',
    loading: '通知を読み込み中',
    error: '通知を読み込めませんでした',
    types: { success: '成功', warning: '警告', error: 'エラー', info: 'お知らせ' },
    categories: {
      customer: '顧客',
      interaction: '対応履歴',
      document: '文書',
      ai_analysis: 'AI分析',
      user: 'ユーザー',
      system: 'システム',
    },
  },
  errors: {
    severities: { low: '低', medium: '中', high: '高', critical: '重大' },
    titles: {
      authentication: '認証エラー',
      critical: '重大なエラー',
      system: 'システムエラー',
      generic: 'エラー',
    },
    snackbarTitles: { info: 'お知らせ', warning: '注意', error: 'エラー' },
    retry: '再試行',
    retrying: '再試行中',
    contactSupport: 'サポートに連絡',
    showDetails: '詳細を表示',
    hideDetails: '詳細を隠す',
    validationTitle: '入力エラー',
    validationGeneric: '入力データに問題があります',
    reLogin: '一度ログアウトしてから、もう一度ログインしてください。',
    logout: 'ログアウト',
    details: {
      requestId: 'リクエストID',
      code: 'エラーコード',
      category: 'カテゴリ',
      path: 'パス',
      time: '発生時刻',
    },
    fieldLabels: {
      name: '名前',
      email: 'メールアドレス',
      password: 'パスワード',
      company: '会社名',
      phone: '電話番号',
      address: '住所',
      title: 'タイトル',
      content: '内容',
      file: 'ファイル',
      type: '種類',
      category: 'カテゴリ',
      status: 'ステータス',
      priority: '優先度',
      due_date: '期限',
      description: '説明',
    },
    categories: {
      authentication: '認証',
      validation: '入力検証',
      database: 'データベース',
      file_operation: 'ファイル操作',
      external_service: '外部サービス',
      business_logic: '業務ルール',
      system: 'システム',
      network: 'ネットワーク',
    },
    supportMail: {
      subject: 'システムエラー報告',
      body: ({ code, message, requestId }) =>
        `以下のエラーについて問い合わせます。\n\nエラーコード: ${code}\nメッセージ: ${message}\nリクエストID: ${requestId ?? 'N/A'}\n\n発生時の操作:\n`,
      genericBody: 'システムの不具合について問い合わせます。\n\n発生時の操作:\n',
    },
  },
  network: {
    offlineTitle: 'オフラインです',
    offlineDescription: 'インターネットに接続されていません。接続を確認してから再試行してください。',
    slowTitle: '通信速度が遅くなっています',
    slowDescription: '表示に時間がかかることがあります。',
    updateTitle: '新しいバージョンがあります',
    updateDescription: '更新すると新しいバージョンに切り替わります。入力中の内容は先に保存してください。',
    reload: '更新する',
    later: 'あとで',
  },
  crash: {
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
  },
};

/** Messages where every group, and every group's fields (and label maps' entries), may be left out. */
export type PartialMessages = {
  [Group in keyof Messages]?: {
    [Key in keyof Messages[Group]]?: Messages[Group][Key] extends (...args: never[]) => unknown
      ? Messages[Group][Key]
      : Messages[Group][Key] extends Record<string, unknown>
        ? Partial<Messages[Group][Key]>
        : Messages[Group][Key];
  };
};

/** Overlays `overrides` on `base` one group deep (label maps such as `planLabels` merge key by key). */
export function mergeMessages(base: Messages, overrides: PartialMessages | undefined): Messages {
  if (!overrides) return base;
  const merged = { ...base } as Record<string, Record<string, unknown>>;
  for (const [group, fields] of Object.entries(overrides)) {
    if (!fields) continue;
    const current = { ...(merged[group] ?? {}) };
    for (const [key, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      const previous = current[key];
      current[key] =
        isPlainObject(previous) && isPlainObject(value) ? { ...previous, ...value } : (value as unknown);
    }
    merged[group] = current;
  }
  return merged as unknown as Messages;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
