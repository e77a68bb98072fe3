import { Button } from '@tsumiki/ui';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { appRoutes } from '../../app/paths';
import { safeReturnPath } from '../../lib/format';
import { useSession } from '../../session/session';
import { FullPageSpinner } from '../../shell/full-page-spinner';
import { PublicPage } from '../../shell/public-page';
import { routeTitle } from '../../shell/route-focus';
import { useCountdown } from './countdown';

/** SPEC section 9: the welcome stays 3 seconds. */
export const LOGIN_SUCCESS_SECONDS = 3;

/** The address to go on to and its name: the page the user came for, else the dashboard. */
export function loginSuccessTarget(redirect: string | null): { path: string; name: string } {
  const path = safeReturnPath(redirect);
  const pathname = path.split(/[?#]/u)[0] ?? '/';
  return { path, name: routeTitle(pathname) ?? 'ダッシュボード' };
}

/**
 * /login-success (SPEC section 2): welcome with the user's name (or email) and first tenant, a
 * visible 3-second countdown, then / (or the page the sign-in was for). Without a user: /login.
 */
export function Component() {
  const { state } = useSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const target = loginSuccessTarget(searchParams.get('redirect'));
  const signedIn = state.status === 'signedIn';
  const go = () => navigate(target.path, { replace: true });
  const remaining = useCountdown(LOGIN_SUCCESS_SECONDS, go, signedIn);
  const notice = `${LOGIN_SUCCESS_SECONDS} 秒後に「${target.name}」へ移動します。`;
  // Said once, politely, a moment after the page appears: not every second.
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (!signedIn) return;
    const timer = setTimeout(() => setAnnouncement(notice), 300);
    return () => clearTimeout(timer);
  }, [signedIn, notice]);

  if (state.status === 'loading') return <FullPageSpinner />;
  // Signed out, or the user could not be loaded (the guard of / explains that).
  if (state.status === 'signedOut') return <Navigate to={appRoutes.login.path} replace />;
  if (state.status === 'error' || state.status === 'needsMfa') return <Navigate to={target.path} replace />;

  const name = state.user.full_name?.trim() || state.user.email;
  const tenantName = state.tenant?.tenant_name;
  return (
    <PublicPage heading={`ようこそ、${name} さん`}>
      <p className="text-sm leading-[1.7]">
        {tenantName ? (
          <>
            <span className="font-semibold">{tenantName}</span> にログインしました。
          </>
        ) : (
          'ログインしました。'
        )}
      </p>
      <p className="text-sm text-muted-foreground" data-testid="login-success-countdown">
        <span aria-hidden="true">
          <span className="text-lg font-bold tabular-nums text-foreground">{remaining}</span> 秒後に「
          {target.name}」へ移動します。
        </span>
        <span className="sr-only">{notice}</span>
      </p>
      <div role="status" aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
      </div>
      <Button className="w-full" onClick={go}>
        今すぐ移動する
      </Button>
    </PublicPage>
  );
}
