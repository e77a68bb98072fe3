import { Alert, Button } from '@tsumiki/ui';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { appRoutes } from '../app/paths';
import { LazyMfaGate } from '../features/two-factor/lazy-gate';
import { useSession } from '../session/session';
import { FullPageSpinner } from './full-page-spinner';

/**
 * Protected routes: a spinner while the session loads, /login (keeping the path) when signed out,
 * the second factor's code or enrolment while the session still needs it.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { state, retry, signOut } = useSession();
  const location = useLocation();
  if (state.status === 'loading') return <FullPageSpinner />;
  // The second factor first: nothing else of the app until it is done.
  if (state.status === 'needsMfa') return <LazyMfaGate step={state.step} />;
  if (state.status === 'signedOut') {
    const origin = `${location.pathname}${location.search}${location.hash}`;
    const search = origin === '/' ? '' : `?redirect=${encodeURIComponent(origin)}`;
    return <Navigate to={`${appRoutes.login.path}${search}`} replace />;
  }
  if (state.status === 'error') {
    return (
      <main className="mx-auto flex min-h-dvh max-w-lg flex-col justify-center gap-4 p-6">
        <Alert variant="error" title="ユーザー情報を読み込めませんでした">
          {state.message}
        </Alert>
        <div className="flex gap-3">
          <Button onClick={retry}>再読み込み</Button>
          <Button variant="outline" onClick={() => void signOut()}>
            ログアウト
          </Button>
        </div>
      </main>
    );
  }
  return children;
}
