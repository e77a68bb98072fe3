import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@tsumiki/api-client/react';
import { MessagesProvider, ToastProvider } from '@tsumiki/ui';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { ErrorHandling } from './errors/error-handling';
import { RouteCrash } from './errors/route-crash';
import { DashboardPage } from './screens/dashboard-page';
import { LoginPage } from './screens/login-page';
import { MainLayout } from './screens/main-layout';
import { PlannedPage } from './screens/planned-page';
import { RequireAuth } from './screens/require-auth';
import { SessionProvider } from './session/session';

/** Protected screens of SPEC section 2 that later versions fill in. */
const plannedScreens: Array<[path: string, title: string]> = [
  ['/customers', '顧客管理'],
  ['/customers/:id', '顧客詳細'],
  ['/products', '商品管理'],
  ['/chat', 'AIアシスタント'],
  ['/aiassistant', 'AIアシスタント'],
  ['/documents', 'AI文書管理'],
  ['/staff', 'スタッフ管理'],
  ['/invitations', '招待管理'],
  ['/workflow', 'ワークフローAI'],
  ['/marketing', 'マーケティングAI'],
  ['/notifications', '通知'],
  ['/legal-check', 'AI法務チェック'],
  ['/deep-research', 'AIインテリジェンス'],
  ['/knowledge-base', 'ナレッジベースAI'],
  ['/session-manager', 'セッション管理'],
  ['/tenant-users', 'ユーザー管理'],
  ['/profile', 'プロフィール'],
];

const router = createBrowserRouter([
  { path: '/login', element: <LoginPage />, errorElement: <RouteCrash /> },
  {
    errorElement: <RouteCrash />,
    element: (
      <RequireAuth>
        <MainLayout />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <DashboardPage /> },
      ...plannedScreens.map(([path, title]) => ({ path, element: <PlannedPage title={title} /> })),
      { path: '/legal-checks', element: <Navigate to="/documents" replace /> },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
]);

const queryClient = createQueryClient();

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <MessagesProvider>
        <ToastProvider>
          <SessionProvider>
            <ErrorHandling>
              <RouterProvider router={router} />
            </ErrorHandling>
          </SessionProvider>
        </ToastProvider>
      </MessagesProvider>
    </QueryClientProvider>
  );
}
