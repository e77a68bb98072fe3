/**
 * Every screen of the app (SPEC section 2): its URL and its Japanese title. This is the only place
 * where either is written; the router, the sidebar and the screens read them from here.
 * `navLabel` is the sidebar's wording where it differs from the page title.
 */
export const appRoutes = {
  login: { path: '/login', title: 'ログイン' },
  loginSuccess: { path: '/login-success', title: 'ログインしました' },
  authCallback: { path: '/auth/callback', title: '認証中' },
  invite: { path: '/invite', title: '招待への参加' },
  home: { path: '/', title: 'ダッシュボード', navLabel: 'ホーム' },
  customers: { path: '/customers', title: '顧客管理' },
  customerDetail: { path: '/customers/:id', title: '顧客詳細' },
  customersTrash: { path: '/customers/trash', title: 'ゴミ箱（削除した顧客）' },
  customerDuplicates: { path: '/customers/duplicates', title: '重複の候補' },
  products: { path: '/products', title: '商品管理' },
  productDetail: { path: '/products/:id', title: '商品詳細' },
  chat: { path: '/chat', title: 'AIチャット' },
  aiAssistant: { path: '/aiassistant', title: 'AIアシスタント' },
  documents: { path: '/documents', title: 'AI文書管理' },
  legalCheck: { path: '/legal-check', title: 'AI法務チェック' },
  deepResearch: { path: '/deep-research', title: 'AIインテリジェンス' },
  knowledgeBase: { path: '/knowledge-base', title: 'ナレッジベースAI' },
  invitations: { path: '/invitations', title: '招待管理' },
  workflow: { path: '/workflow', title: 'ワークフローAI' },
  marketing: { path: '/marketing', title: 'マーケティングAI' },
  // Shown by the /marketing/* route (routes/marketing/marketing-route.tsx).
  advertisingCheck: { path: '/marketing/advertising-check', title: '広告チェック' },
  staff: { path: '/staff', title: 'スタッフ管理' },
  tenantUsers: { path: '/tenant-users', title: 'ユーザー管理' },
  notifications: { path: '/notifications', title: '通知' },
  sessionManager: { path: '/session-manager', title: 'セッション管理' },
  auditLog: { path: '/audit-log', title: '操作ログ' },
  profile: { path: '/profile', title: 'プロフィール' },
  settings: { path: '/settings', title: '機能の設定' },
} as const satisfies Record<string, AppRoute>;

export interface AppRoute {
  readonly path: string;
  readonly title: string;
  readonly navLabel?: string;
}

export type AppRouteKey = keyof typeof appRoutes;

/** /legal-checks is an old address of the documents screen (SPEC section 2). */
export const legacyLegalChecksPath = '/legal-checks';

/** The access log filtered to one customer: who looked at or changed their record. */
export function customerAuditLogPath(id: string): string {
  return `${appRoutes.auditLog.path}?customer=${encodeURIComponent(id)}`;
}

/** The address of one customer's page. */
export function customerPath(id: string): string {
  return `/customers/${encodeURIComponent(id)}`;
}
