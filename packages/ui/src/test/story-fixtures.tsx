// Shared by the stories only; not part of the package build.
import { createContext, type MouseEvent, type ReactNode, useContext, useState } from 'react';
import type { SidebarLinkProps } from '../components/app-sidebar/app-sidebar';
import type { NotificationItem } from '../components/notification-list/notification-list';
import type { DisplayError } from '../lib/errors';
import type { SessionStatus } from '../lib/session';

export const demoUser = { name: '佐藤 花子', email: 'admin@sakura-clinic.example' };
export const demoTenant = { tenantName: 'さくら内科クリニック', plan: 'standard', role: 'admin' };

const NavigateContext = createContext<(href: string) => void>(() => {});

/**
 * A sidebar link that stays inside the story: it never loads another page (which would replace
 * the Storybook iframe) but moves the story's current path instead.
 */
export function StoryLink({
  href,
  className,
  children,
  onClick,
  'aria-current': ariaCurrent,
}: SidebarLinkProps) {
  const navigate = useContext(NavigateContext);
  return (
    <a
      href={href}
      className={className}
      aria-current={ariaCurrent}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        event.preventDefault();
        navigate(href);
        onClick?.();
      }}
    >
      {children}
    </a>
  );
}

type StoryRouterProps = {
  initialHref: string;
  children: (activeHref: string) => ReactNode;
};

/** Holds the story's current path; `StoryLink`s inside change it. */
export function StoryRouter({ initialHref, children }: StoryRouterProps) {
  const [activeHref, setActiveHref] = useState(initialHref);
  return <NavigateContext value={setActiveHref}>{children(activeHref)}</NavigateContext>;
}

// ── Data for the composite stories (shapes of the API) ──────────────────────────────────────────

/** The present of every story with relative times, so that screenshots do not drift. */
export const storyNow = new Date('2026-11-22T05:00:00Z');

const minutesAgo = (minutes: number) => new Date(storyNow.getTime() - minutes * 60_000).toISOString();

export const demoNotifications: NotificationItem[] = [
  {
    id: 'n-1',
    title: '新しい顧客が登録されました',
    message: '山田 太郎 様（ヤマダ タロウ）が受付で登録されました。',
    type: 'success',
    category: 'customer',
    read: false,
    created_at: minutesAgo(0.5),
  },
  {
    id: 'n-2',
    title: 'AI分析が完了しました',
    message: '「インフルエンザ予防接種キャンペーン」の顧客分析レポートが作成されました。',
    type: 'info',
    category: 'ai_analysis',
    read: false,
    created_at: minutesAgo(5),
  },
  {
    id: 'n-3',
    title: '書類の有効期限が近づいています',
    message: '業務委託契約書（株式会社さくら検査センター）の有効期限は 2026/11/30 です。',
    type: 'warning',
    category: 'document',
    read: false,
    created_at: minutesAgo(180),
  },
  {
    id: 'n-4',
    title: 'ファイルのアップロードに失敗しました',
    message: '問診票_2026-11.pdf を保存できませんでした。もう一度お試しください。',
    type: 'error',
    category: 'system',
    read: true,
    created_at: minutesAgo(60 * 26),
  },
  {
    id: 'n-5',
    title: '対応履歴が追加されました',
    message: '鈴木 一郎 様への電話対応（検査結果の説明）が記録されました。',
    type: 'info',
    category: 'interaction',
    read: true,
    created_at: minutesAgo(60 * 24 * 3),
  },
];

/** Ten notifications: a full page, so もっと見る shows. */
export function notificationPage(page: number): NotificationItem[] {
  return Array.from({ length: 10 }, (_, index) => {
    const base = demoNotifications[index % demoNotifications.length]!;
    const number = page * 10 + index + 1;
    return {
      ...base,
      id: `p${page}-${index}`,
      title: `${base.title}（${number}）`,
      read: number > 3,
      created_at: minutesAgo(number * 47),
    };
  });
}

export const activeSession: SessionStatus = {
  session_id: 'sess_01JD8W6Q9Z',
  status: 'active',
  expires_at: new Date(storyNow.getTime() + 480 * 60_000).toISOString(),
  needs_refresh: false,
  show_warning: false,
  time_remaining_minutes: 480,
  security_events: [],
};

export const storyErrors = {
  validation: {
    code: 'VAL_001',
    category: 'validation',
    severity: 'low',
    message: '入力内容に誤りがあります',
    suggestion: '赤く表示された項目を確認してください。',
    timestamp: '2026-11-22T04:58:12Z',
    request_id: 'req_7f3a9c2e',
    path: '/api/customers',
    validation_errors: [
      { field: 'email', message: 'メールアドレスの形式が正しくありません' },
      { field: 'phone', message: '電話番号は数字とハイフンで入力してください' },
      { field: 'furigana', message: 'カタカナで入力してください' },
    ],
  },
  network: {
    code: 'NET_001',
    category: 'network',
    severity: 'medium',
    message: 'ネットワークエラーが発生しました',
    suggestion: '接続を確認してから再試行してください。',
    timestamp: '2026-11-22T04:59:40Z',
    request_id: 'req_0b12de45',
    path: '/api/customers',
  },
  server: {
    code: 'SYS_003',
    category: 'system',
    severity: 'high',
    message: 'サーバーで一時的なエラーが発生しました',
    suggestion: 'しばらく待ってから再試行してください。解決しない場合はサポートにご連絡ください。',
    timestamp: '2026-11-22T05:00:00Z',
    request_id: 'req_9c0ffee1',
    path: '/api/interactions',
  },
  critical: {
    code: 'SYS_001',
    category: 'database',
    severity: 'critical',
    message: 'データベースに接続できません',
    suggestion: 'サポートにご連絡ください。',
    timestamp: '2026-11-22T05:00:00Z',
    request_id: 'req_dead0001',
    path: '/api/customers/42',
  },
  authentication: {
    code: 'AUTH_003',
    category: 'authentication',
    severity: 'high',
    message: 'セッションの有効期限が切れました',
    suggestion: null,
    timestamp: '2026-11-22T05:00:00Z',
    request_id: 'req_a0b1c2d3',
    path: '/api/auth/tenant/me',
  },
} satisfies Record<string, DisplayError>;
