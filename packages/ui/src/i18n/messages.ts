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
};

export const defaultMessages: Messages = {
  button: { loading: '処理中' },
  spinner: { label: '読み込み中' },
  textField: { required: '必須' },
  sidebar: {
    navigationLabel: 'メインメニュー',
    drawerTitle: 'メニュー',
    close: '閉じる',
    logout: 'ログアウト',
    brandTagline: '業務管理',
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
};

/** Messages where every group, and every group's fields, may be left out. */
export type PartialMessages = {
  [Group in keyof Messages]?: Partial<Messages[Group]>;
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
