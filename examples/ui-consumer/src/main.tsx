import {
  AppLayout,
  AppSidebar,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  ErrorSnackbar,
  MessagesProvider,
  type NavItem,
  NotificationBell,
  PageHeader,
  SessionIndicator,
  TopBar,
} from '@tsumiki/ui';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';

/** A consumer's own icon: any component that takes a className will do. */
function Square({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true">
      <rect x="5" y="5" width="14" height="14" rx="3" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/** The consumer's own sidebar: ui knows no product's items. */
const navItems: NavItem[] = [
  { key: 'home', label: 'ホーム', href: '/', icon: Square },
  { key: 'customers', label: '顧客管理', href: '/customers', icon: Square },
  { key: 'products', label: '商品管理', href: '/products', icon: Square },
  { key: 'staff', label: 'スタッフ管理', href: '/staff', icon: Square, feature: 'staff_management' },
  { key: 'notifications', label: '通知', href: '/notifications', icon: Square, feature: 'notifications' },
];

const now = new Date('2026-11-22T05:00:00Z');
/** TopBar's `role` is the user's role in the tenant (not an ARIA role). */
const tenantRole = 'admin';
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

function App() {
  const [mobileOpen, setMobileOpen] = useState(false);
  const [errorOpen, setErrorOpen] = useState(true);
  return (
    <MessagesProvider>
      <AppLayout
        sidebar={
          <AppSidebar
            items={navItems}
            activeHref="/"
            enabledFeatures={{ staff_management: false, invitations: false, session_management: false }}
            itemBadges={{ notifications: 3 }}
            user={{ name: '佐藤 花子', email: 'admin@sakura-clinic.example' }}
            onLogout={() => {}}
            mobileOpen={mobileOpen}
            onMobileOpenChange={setMobileOpen}
          />
        }
        topBar={
          <TopBar
            tenantName="さくら内科クリニック"
            plan="standard"
            email="admin@sakura-clinic.example"
            role={tenantRole}
            onMenuClick={() => setMobileOpen(true)}
            sessionSlot={
              <SessionIndicator
                session={{
                  session_id: 'sess_1',
                  status: 'active',
                  expires_at: new Date(now.getTime() + 480 * 60_000).toISOString(),
                  time_remaining_minutes: 480,
                }}
                onExtend={() => {}}
              />
            }
            notificationSlot={
              <NotificationBell
                unreadCount={3}
                now={now}
                notifications={[
                  {
                    id: 'n-1',
                    title: '新しい顧客が登録されました',
                    message: '山田 太郎 様が受付で登録されました。',
                    type: 'success',
                    category: 'customer',
                    read: false,
                    created_at: minutesAgo(5),
                  },
                ]}
              />
            }
          />
        }
      >
        <div className="grid gap-6">
          <PageHeader title="ダッシュボード" description="佐藤 花子 さん、お疲れさまです。" />
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>パッケージから読み込んだ部品</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <p className="leading-prose">
                この画面は、ワークスペースの外で <code>pnpm pack</code> した @tsumiki/ui を入れたアプリです。
              </p>
            </CardContent>
          </Card>
        </div>
      </AppLayout>
      <ErrorSnackbar
        open={errorOpen}
        onDismiss={() => setErrorOpen(false)}
        onRetry={() => {}}
        supportEmail="support@tsumiki.example"
        error={{
          code: 'SYS_003',
          category: 'system',
          severity: 'high',
          message: 'サーバーで一時的なエラーが発生しました',
          suggestion: 'しばらく待ってから再試行してください。',
          timestamp: '2026-11-22T05:00:00Z',
          request_id: 'req_9c0ffee1',
          path: '/api/interactions',
        }}
      />
    </MessagesProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
